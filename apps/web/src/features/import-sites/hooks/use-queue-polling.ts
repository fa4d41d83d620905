import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { POLL_RETRY_BACKOFF_STEP_MS, type TQueuedImportSite } from '@riskatlas/domain';
import { useClock } from '../../../lib/clock';
import { importQueueKey, queueWindowKey, type QueueWindow } from '../api/import-queue';

/** Rows being validated are read again every 5 s. */
export const PENDING_POLL_MS = 5000;
/** A row the user just edited is read again after 1.75 to 3.25 s (jittered, so many edits do not poll in step). */
const EDITED_POLL_MIN_MS = 1750;
const EDITED_POLL_SPREAD_MS = 1500;
/** An edited row is watched this long at most: one the server never finishes is left to the 5 s poll. */
const EDITED_WATCH_MS = 2 * 60_000;

/** Rows edited on this page or on the Map page (by queued site id, with the time of the edit), until their flags change. */
const edited = new Map<number, number>();

/** Marks a row as just edited: it becomes pending and is read again on the short timer until its flags change. */
export function markRowEdited(queuedSiteId: number, now: number): void {
  edited.set(queuedSiteId, now);
}

/** A row still being validated (no flags yet). */
const isPending = (row: TQueuedImportSite) => row.statusFlags === 0;

/** What decides the next read of the rows in view. */
export interface QueuePollState {
  /** The page is hidden (another tab, minimised): nothing is read. */
  hidden: boolean;
  /** A row the user edited is in view and not yet checked. */
  editedInView: boolean;
  /** A row in view is being validated. */
  pendingInView: boolean;
  /** Reads that failed in a row: each waits 100 ms longer than the last. */
  failures: number;
}

/**
 * How long until the rows in view are read again, or null when there is nothing to wait for: an
 * edited row 1.75–3.25 s (`random` in [0, 1) picks where), rows being validated 5 s, each failed
 * read adding 100 ms; nothing while the page is hidden or no row in view is pending.
 */
export function nextQueuePoll(state: QueuePollState, random: number): number | null {
  if (state.hidden) return null;
  const backoff = state.failures * POLL_RETRY_BACKOFF_STEP_MS;
  if (state.editedInView) return EDITED_POLL_MIN_MS + Math.floor(random * EDITED_POLL_SPREAD_MS) + backoff;
  if (state.pendingInView) return PENDING_POLL_MS + backoff;
  return null;
}

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Whether the page is hidden (the browser's tab is in the background). */
function usePageHidden(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'hidden', () => false);
}

/**
 * Keeps the queue rows in view fresh while some are pending: one read per window in view that holds
 * a pending row (a screen's rows are one window, two at a window's edge), never one per
 * row. An edited row is read on the short timer until its flags change; then the counts are read.
 * Stops when no row in view is pending, and while the page is hidden.
 */
export function useQueuePolling(selectionMode: number, windows: readonly QueueWindow[]): void {
  const queryClient = useQueryClient();
  const clock = useClock();
  const hidden = usePageHidden();
  const [failures, setFailures] = useState(0);
  const [round, setRound] = useState(0);

  const now = clock.now();
  for (const [id, at] of edited) if (now - at > EDITED_WATCH_MS) edited.delete(id);
  const due = windows.filter((window) => window.rows.some(isPending));
  const editedInView = windows.some((window) => window.rows.some((row) => isPending(row) && edited.has(row.queuedSiteId)));
  // Rows edited and already checked (their flags changed): no longer watched, and the counts move.
  const checked = windows.flatMap((window) => window.rows.filter((row) => !isPending(row) && edited.has(row.queuedSiteId)));
  const dueKey = due.map((window) => window.index).join(',');

  useEffect(() => {
    if (checked.length === 0) return;
    for (const row of checked) edited.delete(row.queuedSiteId);
    void queryClient.invalidateQueries({ queryKey: [...importQueueKey, 'counts'] });
  }, [checked, queryClient]);

  useEffect(() => {
    const delay = nextQueuePoll({ hidden, editedInView, pendingInView: dueKey !== '', failures }, Math.random());
    if (delay === null) return;
    let current = true;
    const timer = clock.setTimeout(() => {
      const reads = dueKey.split(',').map((index) => queryClient.refetchQueries({ queryKey: queueWindowKey(selectionMode, Number(index)), exact: true }, { throwOnError: true }));
      Promise.all(reads)
        .then(
          () => current && setFailures(0),
          () => current && setFailures((count) => count + 1),
        )
        // A read that changed nothing keeps the same rows: `round` starts the next wait anyway.
        .finally(() => current && setRound((count) => count + 1));
    }, delay);
    return () => {
      current = false;
      clock.clearTimeout(timer);
    };
  }, [dueKey, editedInView, hidden, failures, round, selectionMode, queryClient, clock]);
}
