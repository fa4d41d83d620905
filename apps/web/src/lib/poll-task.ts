import {
  POLL_RETRY_BACKOFF_STEP_MS,
  POLL_TIMEOUT_MS,
  isTaskFinished,
  pollInterval,
  type TTaskStatus,
} from '@riskatlas/domain';
import { isApiError, ClientErrorCode } from './api-client';
import { abortError, isAbortError, realClock, sleep, type Clock } from './clock';

/** The failure path of a poll that ran past its time-out of 20 minutes. */
export class TaskPollTimeoutError extends Error {
  constructor(readonly taskStatusId: number) {
    super('The task did not finish in time.');
    this.name = 'TaskPollTimeoutError';
  }
}

export interface PollTaskOptions {
  /** Reads one task status (GET users/taskstatuses/{id}). */
  fetchStatus: (taskStatusId: number, signal: AbortSignal | undefined) => Promise<TTaskStatus>;
  /** The caller-set interval (clamped to 1000–4000 ms); none means the 5 s default. */
  intervalMs?: number;
  /** Defaults to 20 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
  clock?: Clock;
  /** Called with every status read, finished or not. */
  onProgress?: (task: TTaskStatus) => void;
}

function aborted(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || isAbortError(error) || isApiError(error, ClientErrorCode.Aborted);
}

/**
 * Polls a task until its currentStatus is 2 (complete) or -1 (failed) and resolves with that final
 * status. A failed read (not an abort) is retried, each retry waiting
 * 100 ms longer than the last. After the time-out it rejects with
 * TaskPollTimeoutError, the failure path; an abort rejects with an AbortError.
 */
export async function pollTask(taskStatusId: number, options: PollTaskOptions): Promise<TTaskStatus> {
  const clock = options.clock ?? realClock;
  const interval = options.intervalMs === undefined ? pollInterval() : pollInterval(options.intervalMs);
  const deadline = clock.now() + (options.timeoutMs ?? POLL_TIMEOUT_MS);
  const { signal } = options;
  let failures = 0;

  for (;;) {
    if (signal?.aborted) throw abortError();
    try {
      const task = await options.fetchStatus(taskStatusId, signal);
      failures = 0;
      options.onProgress?.(task);
      if (isTaskFinished(task.currentStatus)) return task;
    } catch (error) {
      if (aborted(error, signal)) throw abortError();
      failures += 1;
    }
    const wait = interval + failures * POLL_RETRY_BACKOFF_STEP_MS;
    if (clock.now() + wait > deadline) {
      // No time for another read before the time-out: wait out the remainder, then fail.
      await sleep(clock, Math.max(deadline - clock.now(), 0), signal);
      throw new TaskPollTimeoutError(taskStatusId);
    }
    await sleep(clock, wait, signal);
  }
}
