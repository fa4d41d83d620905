/**
 * Task notification rules and the task list's refresh interval. Pure decisions over
 * task statuses; the web app owns the menu, the alerts and the timers.
 */
import { TaskObjectType, TaskState, TaskStatusType } from '../ids';
import type { TTaskStatus } from '../schemas/tasks';
import { isTaskFinished, taskProgress } from './polling';

/** The task list refreshes every 60 s … */
export const TASK_LIST_REFRESH_MS = 60_000;
/** … or every 120 s once the user has been idle this long. */
export const TASK_LIST_IDLE_AFTER_MS = 5 * 60_000;
export const TASK_LIST_IDLE_REFRESH_MS = 120_000;

/** How often the task list refreshes after `idleMs` without user activity. */
export function taskListRefreshInterval(idleMs: number): number {
  return idleMs >= TASK_LIST_IDLE_AFTER_MS ? TASK_LIST_IDLE_REFRESH_MS : TASK_LIST_REFRESH_MS;
}

/** Types 1 (hidden) and 3 (modal alert) are not listed in the notification menu. */
export function isListedTask(task: Pick<TTaskStatus, 'taskStatusType'>): boolean {
  return task.taskStatusType !== TaskStatusType.Hidden && task.taskStatusType !== TaskStatusType.Alert;
}

/** Type-3 tasks not yet seen, oldest first: shown as modal alerts one at a time. */
export function pendingAlerts<T extends Pick<TTaskStatus, 'taskStatusType' | 'seen' | 'created' | 'taskStatusId'>>(tasks: readonly T[]): T[] {
  return tasks
    .filter((task) => task.taskStatusType === TaskStatusType.Alert && !task.seen)
    .sort((a, b) => a.created.localeCompare(b.created) || a.taskStatusId - b.taskStatusId);
}

/** True when a finished task produced a file (objectType 4 or 5): it leads to File Downloads. */
export function producesFile(task: Pick<TTaskStatus, 'objectType'>): boolean {
  return task.objectType === TaskObjectType.FileDownload || task.objectType === TaskObjectType.Archive;
}

/**
 * What the app does when it sees a task finish: non-admins are taken to File Downloads for a
 * completed file task; admins get a notification with a link instead; other tasks show their detail.
 */
export function onTaskFinishedAction(
  task: Pick<TTaskStatus, 'objectType' | 'currentStatus'>,
  isAdmin: boolean,
): 'openFileDownloads' | 'notifyWithLink' | 'showDetail' {
  if (task.currentStatus === TaskState.Complete && producesFile(task)) return isAdmin ? 'notifyWithLink' : 'openFileDownloads';
  return 'showDetail';
}

/** How a task's progress is shown: a spinner (indeterminate without a total) or its final state. */
export type TaskDisplay =
  | { kind: 'running'; progress: null }
  | { kind: 'running'; progress: number; label: string }
  | { kind: 'complete' | 'failed'; detail: string };

/** The display of a task: determinate with count and percent when countTotal > 0. */
export function taskDisplay(task: Pick<TTaskStatus, 'currentStatus' | 'countTotal' | 'countCompleted' | 'detail'>): TaskDisplay {
  if (isTaskFinished(task.currentStatus)) {
    const failed = task.currentStatus === TaskState.Failed;
    return { kind: failed ? 'failed' : 'complete', detail: task.detail ?? (failed ? 'Failed.' : 'Complete.') };
  }
  const progress = taskProgress(task.countCompleted, task.countTotal);
  if (progress === null) return { kind: 'running', progress: null };
  const percent = Math.floor(progress * 100);
  return {
    kind: 'running',
    progress,
    label: `${task.countCompleted.toLocaleString('en-US')} of ${task.countTotal.toLocaleString('en-US')} (${percent}%)`,
  };
}
