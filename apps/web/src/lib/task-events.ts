import type { TTaskStatus } from '@riskatlas/domain';

/**
 * A small bus between the feature that starts a long job and the notifications that follow it:
 * starting announces the task id (the bell refreshes at once and tracks it), finishing announces
 * the final status (pages refresh what the job produced). Features stay unaware of each other.
 */
type StartedListener = (taskStatusId: number) => void;
type FinishedListener = (task: TTaskStatus) => void;

const started = new Set<StartedListener>();
const finished = new Set<FinishedListener>();

/** Tells the notifications that the app just started a job. */
export function announceTaskStarted(taskStatusId: number): void {
  for (const listener of started) listener(taskStatusId);
}

/** Tells interested pages that a task reached 2 (complete) or -1 (failed). */
export function announceTaskFinished(task: TTaskStatus): void {
  for (const listener of finished) listener(task);
}

export function onTaskStarted(listener: StartedListener): () => void {
  started.add(listener);
  return () => started.delete(listener);
}

export function onTaskFinished(listener: FinishedListener): () => void {
  finished.add(listener);
  return () => finished.delete(listener);
}
