import type { TTaskStatus } from '@riskatlas/domain';

/**
 * A small bus between the feature that starts a long job and the notifications that follow it:
 * starting announces the task id (the bell refreshes at once and tracks it), finishing announces
 * the final status (pages refresh what the job produced). Features stay unaware of each other.
 */
/** How the app follows a job it started. */
export interface TaskFollowOptions {
  /** The poll interval of this kind of job (clamped to 1000–4000 ms); none means the 5 s default. */
  intervalMs?: number;
}
type StartedListener = (taskStatusId: number, options: TaskFollowOptions) => void;
type FinishedListener = (task: TTaskStatus) => void;

const started = new Set<StartedListener>();
const finished = new Set<FinishedListener>();
const progressed = new Set<FinishedListener>();
const gaveUp = new Set<(taskStatusId: number) => void>();

/** Tells the notifications that the app just started a job. */
export function announceTaskStarted(taskStatusId: number, options: TaskFollowOptions = {}): void {
  for (const listener of started) listener(taskStatusId, options);
}

/** Tells interested pages a job's status as polled, running or not (countCompleted of countTotal). */
export function announceTaskProgress(task: TTaskStatus): void {
  for (const listener of progressed) listener(task);
}

export function onTaskProgress(listener: FinishedListener): () => void {
  progressed.add(listener);
  return () => progressed.delete(listener);
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

/** Tells the page that started a job that polling gave up on it (the 20-minute time-out): its failure path runs. */
export function announceTaskGaveUp(taskStatusId: number): void {
  for (const listener of gaveUp) listener(taskStatusId);
}

export function onTaskGaveUp(listener: (taskStatusId: number) => void): () => void {
  gaveUp.add(listener);
  return () => gaveUp.delete(listener);
}
