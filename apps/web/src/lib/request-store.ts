import { useSyncExternalStore } from 'react';

/**
 * A store of one open request for a panel that serves the whole app (Create Report, the download
 * wizard): any page opens it, the host the shell mounts once shows it. The host outlives the
 * pages, so the panel stays open when the page behind it changes.
 */
export function createRequestStore<T>() {
  let current: T | null = null;
  const listeners = new Set<() => void>();
  const publish = (next: T | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    open: (request: T): void => publish(request),
    close: (): void => publish(null),
    /** The open request, or null while the panel is closed. */
    useRequest: (): T | null => useSyncExternalStore(subscribe, () => current, () => null),
  };
}
