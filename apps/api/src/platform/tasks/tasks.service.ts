import { TASK_LIST_DAYS, TaskObjectType, TaskState, TaskStatusType, type TTaskStatus } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  deleteUserTaskStatuses,
  findUserTaskStatus,
  insertTaskStatus,
  listUserTaskStatuses,
  markFinishedSeen,
  markTaskStarted,
  setTaskComplete,
  setTaskFailed,
  setTaskProgress,
  setUserTaskFlags,
  type TaskStatusRow,
} from './tasks.repository';

/*
 * Task statuses: the row a long job
 * reports its progress and outcome through, and the notification the user sees. Jobs create them
 * when work is requested, move them through 0 → 1 → 2 (or -1), and users read, mark and delete
 * their own.
 */

/** Whose tasks: a user in the account they act in. */
export interface TaskOwner {
  accountId: number;
  userId: number;
}

/** What a new task needs. */
export interface NewTask extends TaskOwner {
  /** The title shown in the notification, e.g. "Activity log export". */
  message: string;
  /** What the task will produce (4 and 5: a file, which opens File Downloads for non-admins). */
  objectType?: number;
  /** 2 a listed job (default), 1 hidden, 3 a modal alert. */
  taskStatusType?: number;
  /** Units of work, when known up front. */
  countTotal?: number;
  /** The job that will drive it. */
  jobName?: string;
}

/** The wire shape of a task status. */
function presentTask(row: TaskStatusRow): TTaskStatus {
  return {
    taskStatusId: row.id,
    taskStatusType: row.taskStatusType,
    currentStatus: row.currentStatus,
    countTotal: row.countTotal,
    countCompleted: row.countCompleted,
    message: row.message,
    detail: row.detail,
    objectType: row.objectType,
    objectID: row.objectId,
    seen: row.seen,
    clicked: row.clicked,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/** Creates a waiting task for a user (currentStatus 0). */
export async function createTask(db: Db, task: NewTask, now: Date): Promise<TaskStatusRow> {
  return insertTaskStatus(db, {
    accountId: task.accountId,
    userId: task.userId,
    message: task.message,
    objectType: task.objectType ?? TaskObjectType.None,
    taskStatusType: task.taskStatusType ?? TaskStatusType.Job,
    countTotal: task.countTotal ?? 0,
    currentStatus: TaskState.Waiting,
    jobName: task.jobName ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

/** A job picked the task up: 0 → 1. */
export async function startTask(db: Db, accountId: number, taskStatusId: number, now: Date): Promise<void> {
  await markTaskStarted(db, accountId, taskStatusId, now);
}

/** Progress of a running task (countCompleted of countTotal). */
export async function reportTaskProgress(
  db: Db,
  accountId: number,
  taskStatusId: number,
  progress: { countCompleted: number; countTotal?: number },
  now: Date,
): Promise<void> {
  await setTaskProgress(db, accountId, taskStatusId, progress, now);
}

/** Completes a task with the text shown to the user and the id of what it produced. */
export async function completeTask(
  db: Db,
  accountId: number,
  taskStatusId: number,
  outcome: { detail: string | null; objectId?: number | null },
  now: Date,
): Promise<void> {
  await setTaskComplete(db, accountId, taskStatusId, { detail: outcome.detail, objectId: outcome.objectId ?? null }, now);
}

/** Fails a task with a plain message (no internals). A completed task is never failed afterwards. */
export async function failTask(db: Db, accountId: number, taskStatusId: number, message: string, now: Date): Promise<boolean> {
  return setTaskFailed(db, accountId, taskStatusId, message, now);
}

function isFinished(row: TaskStatusRow): boolean {
  return row.currentStatus === TaskState.Complete || row.currentStatus === TaskState.Failed;
}

/**
 * The caller's tasks of the last 30 days, newest first. With markSeen the finished ones are marked
 * seen after being read, so this answer still shows which were new.
 */
export async function listTasks(db: Db, owner: TaskOwner, options: { markSeen: boolean; now: Date }): Promise<TTaskStatus[]> {
  const since = new Date(options.now.getTime() - TASK_LIST_DAYS * 86_400_000);
  const rows = await listUserTaskStatuses(db, owner.accountId, owner.userId, since);
  if (options.markSeen) {
    const unseen = rows.filter((row) => isFinished(row) && !row.seen).map((row) => row.id);
    await markFinishedSeen(db, owner.accountId, owner.userId, unseen, options.now);
  }
  return rows.map(presentTask);
}

/** One of the caller's tasks; another user's or account's is not found. */
export async function getTask(db: Db, owner: TaskOwner, id: number, options: { markSeen: boolean; now: Date }): Promise<TTaskStatus> {
  const row = await findUserTaskStatus(db, owner.accountId, owner.userId, id);
  if (!row) throw AppError.notFound();
  if (options.markSeen && isFinished(row) && !row.seen) {
    await markFinishedSeen(db, owner.accountId, owner.userId, [row.id], options.now);
  }
  return presentTask(row);
}

/** Sets seen and/or clicked on the caller's tasks; ids that are not theirs are ignored. */
export async function touchTasks(
  db: Db,
  owner: TaskOwner,
  ids: number[],
  flags: { seen: boolean; clicked: boolean },
  now: Date,
): Promise<number> {
  const set: { seen?: true; clicked?: true } = {};
  if (flags.seen) set.seen = true;
  if (flags.clicked) set.clicked = true;
  if (!set.seen && !set.clicked) return 0;
  return setUserTaskFlags(db, owner.accountId, owner.userId, [...new Set(ids)], set, now);
}

/** Deletes the caller's tasks; ids that are not theirs are ignored. */
export async function deleteTasks(db: Db, owner: TaskOwner, ids: number[]): Promise<number> {
  return deleteUserTaskStatuses(db, owner.accountId, owner.userId, [...new Set(ids)]);
}
