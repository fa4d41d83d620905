import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns } from '../../db/schema/index';

/** The committed result of a unit of job work, or undefined when it has not committed. */
export async function findJobRun(db: Db, accountId: number, jobKey: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ result: jobRuns.result })
    .from(jobRuns)
    .where(and(eq(jobRuns.accountId, accountId), eq(jobRuns.jobKey, jobKey)));
  return row ? ((row.result ?? {}) as Record<string, unknown>) : undefined;
}

/**
 * Claims a unit of job work inside the caller's transaction: true when this transaction inserted
 * the key, false when it was already committed. A concurrent claimant waits on the unique key until
 * the first commits or rolls back, so exactly one transaction ever does the work.
 */
export async function claimJobRun(db: Db, accountId: number, jobKey: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ accountId, jobKey, completedAt: at })
    .onConflictDoNothing({ target: [jobRuns.accountId, jobRuns.jobKey] })
    .returning({ jobKey: jobRuns.jobKey });
  return rows.length > 0;
}

/** Stores the result of a claimed unit of work (same transaction as the claim). */
export async function setJobRunResult(db: Db, accountId: number, jobKey: string, result: Record<string, unknown>): Promise<void> {
  await db
    .update(jobRuns)
    .set({ result })
    .where(and(eq(jobRuns.accountId, accountId), eq(jobRuns.jobKey, jobKey)));
}

/** Keys already committed that start with `prefix` (a job's chunk keys). */
export async function listJobRunKeys(db: Db, accountId: number, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ jobKey: jobRuns.jobKey })
    .from(jobRuns)
    .where(and(eq(jobRuns.accountId, accountId), sql`starts_with(${jobRuns.jobKey}, ${prefix})`));
  return new Set(rows.map((row) => row.jobKey));
}
