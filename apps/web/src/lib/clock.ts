import { createContext, useContext } from 'react';

/**
 * Time and timers behind one seam, so components that run on schedules (session checks,
 * inactivity, polling) can be driven by tests. The default reads the globals at call time, which
 * also makes it follow Vitest's fake timers.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export const ClockContext = createContext<Clock>(realClock);

/** The clock of the surrounding app (the real one unless a test provides another). */
export function useClock(): Clock {
  return useContext(ClockContext);
}

/** Resolves after `ms` on the given clock, or rejects with an AbortError when the signal aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(abortError());
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error a cancelled wait or poll rejects with. */
export function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** True for the error of an aborted wait, poll or fetch. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
