import { and, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { TaskState } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { taskStatuses } from '../../db/schema/index';

/** A task status row as stored. */
export type TaskStatusRow = typeof taskStatuses.$inferSelect;
/** What a new task status row needs. */
export type NewTaskStatusRow = typeof taskStatuses.$inferInsert;

/** States after which a task no longer changes. */
const FINISHED: number[] = [TaskState.Complete, TaskState.Failed];

/** Inserts a task status and returns it. */
export async function insertTaskStatus(db: Db, values: NewTaskStatusRow): Promise<TaskStatusRow> {
  const [row] = await db.insert(taskStatuses).values(values).returning();
  return row!;
}

/** One task of one user in one account, or undefined. */
export async function findUserTaskStatus(db: Db, accountId: number, userId: number, id: number): Promise<TaskStatusRow | undefined> {
  const [row] = await db
    .select()
    .from(taskStatuses)
    .where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.id, id), eq(taskStatuses.userId, userId)));
  return row;
}

/** One task by id within an account (for jobs, which act for the task's user). */
export async function findTaskStatus(db: Db, accountId: number, id: number): Promise<TaskStatusRow | undefined> {
  const [row] = await db.select().from(taskStatuses).where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.id, id)));
  return row;
}

/** A user's tasks created at or after `since`, newest first. */
export async function listUserTaskStatuses(db: Db, accountId: number, userId: number, since: Date): Promise<TaskStatusRow[]> {
  return db
    .select()
    .from(taskStatuses)
    .where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.userId, userId), gte(taskStatuses.createdAt, since)))
    .orderBy(desc(taskStatuses.createdAt), desc(taskStatuses.id));
}

/** Marks the finished ones among a user's tasks seen. */
export async function markFinishedSeen(db: Db, accountId: number, userId: number, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(taskStatuses)
    .set({ seen: true, updatedAt: at })
    .where(
      and(
        eq(taskStatuses.accountId, accountId),
        eq(taskStatuses.userId, userId),
        inArray(taskStatuses.id, ids),
        inArray(taskStatuses.currentStatus, FINISHED),
        eq(taskStatuses.seen, false),
      ),
    );
}

/** Sets the named flags on a user's tasks; returns how many of the ids were theirs. */
export async function setUserTaskFlags(
  db: Db,
  accountId: number,
  userId: number,
  ids: number[],
  flags: { seen?: true; clicked?: true },
  at: Date,
): Promise<number> {
  const rows = await db
    .update(taskStatuses)
    .set({ ...flags, updatedAt: at })
    .where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.userId, userId), inArray(taskStatuses.id, ids)))
    .returning({ id: taskStatuses.id });
  return rows.length;
}

/** Deletes a user's tasks; returns how many of the ids were theirs. */
export async function deleteUserTaskStatuses(db: Db, accountId: number, userId: number, ids: number[]): Promise<number> {
  const rows = await db
    .delete(taskStatuses)
    .where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.userId, userId), inArray(taskStatuses.id, ids)))
    .returning({ id: taskStatuses.id });
  return rows.length;
}

/** Moves a waiting task to in progress (a job picked it up). Finished tasks are left alone. */
export async function markTaskStarted(db: Db, accountId: number, id: number, at: Date): Promise<void> {
  await db
    .update(taskStatuses)
    .set({ currentStatus: TaskState.InProgress, updatedAt: at })
    .where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.id, id), eq(taskStatuses.currentStatus, TaskState.Waiting)));
}

/** Records progress on an unfinished task (and marks it in progress). */
export async function setTaskProgress(
  db: Db,
  accountId: number,
  id: number,
  progress: { countCompleted: number; countTotal?: number },
  at: Date,
): Promise<void> {
  await db
    .update(taskStatuses)
    .set({
      currentStatus: TaskState.InProgress,
      countCompleted: progress.countCompleted,
      ...(progress.countTotal === undefined ? {} : { countTotal: progress.countTotal }),
      updatedAt: at,
    })
    .where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.id, id), notInArray(taskStatuses.currentStatus, FINISHED)));
}

/** Completes a task: status 2, every unit counted, with the detail text and what it produced. */
export async function setTaskComplete(
  db: Db,
  accountId: number,
  id: number,
  outcome: { detail: string | null; objectId: number | null },
  at: Date,
): Promise<void> {
  await db
    .update(taskStatuses)
    .set({
      currentStatus: TaskState.Complete,
      countCompleted: sql`greatest(${taskStatuses.countCompleted}, ${taskStatuses.countTotal})`,
      detail: outcome.detail,
      objectId: outcome.objectId,
      updatedAt: at,
    })
    .where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.id, id)));
}

/** Fails an unfinished task with a plain message; a completed task stays complete. */
export async function setTaskFailed(db: Db, accountId: number, id: number, detail: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(taskStatuses)
    .set({ currentStatus: TaskState.Failed, detail, updatedAt: at })
    .where(and(eq(taskStatuses.accountId, accountId), eq(taskStatuses.id, id), notInArray(taskStatuses.currentStatus, FINISHED)))
    .returning({ id: taskStatuses.id });
  return rows.length > 0;
}
