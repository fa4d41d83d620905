/**
 * Task polling rules for long jobs: intervals, time-out and retry back-off.
 */
import { TaskState } from '../ids';

/** Default poll interval and the intervals set per kind of job. */
export const POLL_INTERVAL_MS = {
  default: 5000,
  import: 2500,
  batch: 2000,
  delete: 2500,
  excelSummary: 4000,
} as const;
/** Allowed range for a caller-set interval. */
export const POLL_INTERVAL_RANGE_MS = { min: 1000, max: 4000 } as const;
/** After this long without completion, the failure path runs (1,200,000 ms). */
export const POLL_TIMEOUT_MS = 20 * 60_000;
/** Each failed poll (not an abort) waits this much longer than the last. */
export const POLL_RETRY_BACKOFF_STEP_MS = 100;

/** Clamps a caller-set interval into the allowed range; no interval means the default. */
export function pollInterval(requestedMs?: number): number {
  if (requestedMs === undefined || !Number.isFinite(requestedMs)) return POLL_INTERVAL_MS.default;
  return Math.min(Math.max(requestedMs, POLL_INTERVAL_RANGE_MS.min), POLL_INTERVAL_RANGE_MS.max);
}

/** True when a currentStatus ends the polling: 2 complete or -1 failed. */
export function isTaskFinished(currentStatus: number): boolean {
  return currentStatus === TaskState.Complete || currentStatus === TaskState.Failed;
}

/** Progress as a fraction 0..1 when countTotal > 0, else null (indeterminate spinner). */
export function taskProgress(countCompleted: number, countTotal: number): number | null {
  if (countTotal <= 0) return null;
  return Math.min(Math.max(countCompleted / countTotal, 0), 1);
}
