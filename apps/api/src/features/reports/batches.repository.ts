import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, batchReports, batchSites, reports, users, type BatchRow, type NewBatchRow } from '../../db/schema/index';
import { inIdChunks, intArray } from '../../db/sql-helpers';

/** Rows per multi-row insert of batch sites and reports (3–4 parameters each, far under the limit). */
const INSERT_ROWS = 5000;

/** Inserts a batch and answers it. */
export async function insertBatch(db: Db, values: NewBatchRow): Promise<BatchRow> {
  const [row] = await db.insert(batches).values(values).returning();
  return row!;
}

/** Records the sites a batch names. */
export async function insertBatchSites(db: Db, accountId: number, batchId: number, siteIds: readonly number[]): Promise<void> {
  for (let start = 0; start < siteIds.length; start += INSERT_ROWS) {
    await db.insert(batchSites).values(siteIds.slice(start, start + INSERT_ROWS).map((siteId) => ({ accountId, batchId, siteId })));
  }
}

/** Records reports a batch created and counts them on the batch (in the chunk's transaction). */
export async function addBatchReports(db: Db, accountId: number, batchId: number, created: readonly { accountProductReportId: number; siteId: number }[]): Promise<void> {
  if (created.length === 0) return;
  for (let start = 0; start < created.length; start += INSERT_ROWS) {
    await db.insert(batchReports).values(created.slice(start, start + INSERT_ROWS).map((report) => ({ accountId, batchId, ...report })));
  }
  await db
    .update(batches)
    .set({ reportsCompleted: sql`${batches.reportsCompleted} + ${created.length}` })
    .where(and(eq(batches.accountId, accountId), eq(batches.id, batchId)));
}

/**
 * Marks a batch completed; answers how many reports it created. reportsTotal becomes that count (a
 * site deleted while the batch ran gets no report), since clients read total ≠ completed as running.
 */
export async function completeBatch(db: Db, accountId: number, batchId: number, at: Date): Promise<number> {
  const [row] = await db
    .update(batches)
    .set({ completedAt: at, reportsTotal: batches.reportsCompleted })
    .where(and(eq(batches.accountId, accountId), eq(batches.id, batchId)))
    .returning({ reportsCompleted: batches.reportsCompleted });
  return row?.reportsCompleted ?? 0;
}

/** Marks a batch failed for good with the reason (the reports created so far stand). */
export async function failBatch(db: Db, accountId: number, batchId: number, detail: string, at: Date): Promise<void> {
  await db
    .update(batches)
    .set({ failed: true, detail, completedAt: at })
    .where(and(eq(batches.accountId, accountId), eq(batches.id, batchId), isNull(batches.completedAt)));
}

/** A batch with its submitter's name. */
export type BatchListing = BatchRow & { firstName: string; lastName: string };

const listing = {
  batch: batches,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Batches of the account created at or after `since` (of one user when `userId` is given), newest first. */
export async function listBatches(db: Db, accountId: number, since: Date, userId: number | null): Promise<BatchListing[]> {
  const rows = await db
    .select(listing)
    .from(batches)
    .leftJoin(users, eq(users.id, batches.userId))
    .where(and(eq(batches.accountId, accountId), gte(batches.createdAt, since), userId === null ? undefined : eq(batches.userId, userId)))
    .orderBy(desc(batches.createdAt), desc(batches.id));
  return rows.map((row) => ({ ...row.batch, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }));
}

/** One batch of the account (of one user when `userId` is given), or undefined. */
export async function findBatch(db: Db, accountId: number, batchId: number, userId: number | null): Promise<BatchListing | undefined> {
  const [row] = await db
    .select(listing)
    .from(batches)
    .leftJoin(users, eq(users.id, batches.userId))
    .where(and(eq(batches.accountId, accountId), eq(batches.id, batchId), userId === null ? undefined : eq(batches.userId, userId)));
  return row ? { ...row.batch, firstName: row.firstName ?? '', lastName: row.lastName ?? '' } : undefined;
}

/** The reports a batch created, by id. */
export async function listBatchReports(db: Db, accountId: number, batchId: number): Promise<{ accountProductReportId: number; siteId: number }[]> {
  return db
    .select({ accountProductReportId: batchReports.accountProductReportId, siteId: batchReports.siteId })
    .from(batchReports)
    .where(and(eq(batchReports.accountId, accountId), eq(batchReports.batchId, batchId)))
    .orderBy(batchReports.accountProductReportId);
}

/** Unfinished batches of the account that name the site, oldest first. */
export async function findUnfinishedBatchIdsOfSite(db: Db, accountId: number, siteId: number): Promise<number[]> {
  const rows = await db
    .select({ id: batches.id })
    .from(batchSites)
    .innerJoin(batches, and(eq(batches.accountId, batchSites.accountId), eq(batches.id, batchSites.batchId)))
    .where(and(eq(batchSites.accountId, accountId), eq(batchSites.siteId, siteId), isNull(batches.completedAt)))
    .orderBy(batches.id);
  return rows.map((row) => row.id);
}

/** Every report of the account at the given sites, with its release (duplicates and replacements read this). */
export async function findSiteReleaseReports(db: Db, accountId: number, siteIds: readonly number[]): Promise<{ accountProductReportId: number; siteId: number; releaseYear: number }[]> {
  return inIdChunks(siteIds, (chunk) =>
    db
      .select({ accountProductReportId: reports.accountProductReportId, siteId: reports.siteId, releaseYear: reports.releaseYear })
      .from(reports)
      .where(and(eq(reports.accountId, accountId), sql`${reports.siteId} = any(${intArray(chunk)})`)),
  );
}
