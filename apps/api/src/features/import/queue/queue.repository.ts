import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ImportQueueFilter, importStatusBit } from '@riskatlas/domain';
import type { Db } from '../../../db/client';
import { inIdChunks, intArray } from '../../../db/sql-helpers';
import { importQueue, type ImportQueueRow } from '../../../db/schema/index';

/**
 * The import queue's SQL. A queue belongs to one user of an account: every statement is led by
 * account_id and the owner's user_id, so a user never reads or changes another user's rows.
 */

/** Whose queue: the account and the user in it. */
export interface QueueOwner {
  accountId: number;
  userId: number;
}

/** The owner's rows: the condition every statement starts with. */
function ownedBy(owner: QueueOwner): SQL {
  return and(eq(importQueue.accountId, owner.accountId), eq(importQueue.userId, owner.userId))!;
}

const ERROR = importStatusBit('Error');
const WARNING = importStatusBit('Warning');
const READY = importStatusBit('Ready');

/** SQL: the row has an error. */
export const hasError = sql`(${importQueue.errorFlags} <> 0 or (${importQueue.statusFlags} & ${ERROR}) <> 0)`;
/** SQL: the row has a warning. */
export const hasWarning = sql`(${importQueue.warningFlags} <> 0 or (${importQueue.statusFlags} & ${WARNING}) <> 0)`;
/** SQL: the row has an error or a warning ('Download rows with issues'). */
const hasIssue = sql`(${hasError} or ${hasWarning})`;

/**
 * SQL: the row's matching site has a report of `releaseYear`. Written with explicit names: drizzle
 * leaves columns unqualified in a select list, where the subquery would read them as its own.
 */
function matchedSiteHasReport(releaseYear: number): SQL<boolean> {
  return sql<boolean>`(import_queue.site_id is not null and exists (
    select 1 from reports r where r.account_id = import_queue.account_id and r.site_id = import_queue.site_id and r.release_year = ${releaseYear}))`;
}

/** Every row of the owner's queue, in row order (processing run, then file row). */
export async function listQueueRows(db: Db, owner: QueueOwner, only?: { issues: true }): Promise<ImportQueueRow[]> {
  return db
    .select()
    .from(importQueue)
    .where(only ? and(ownedBy(owner), hasIssue) : ownedBy(owner))
    .orderBy(asc(importQueue.runId), asc(importQueue.rowNumber), asc(importQueue.id));
}

/**
 * SQL: the filter entry the row falls under, as importQueueFilterOf decides it (errors first, then
 * validating, warnings, then what it is ready for) — the same order, so a window read in SQL holds
 * the rows the entries name (queue-read.test.ts compares the two).
 */
/** A constant of the filter expression, written into the SQL (a bound parameter would have no type there). */
const bits = (value: number): SQL => sql.raw(String(Math.trunc(value)));
const filterEntry = sql<number>`(case
  when ${hasError} then ${bits(ImportQueueFilter.IssueFound)}
  when ${importQueue.statusFlags} = 0 then ${bits(ImportQueueFilter.Validating)}
  when ${hasWarning} then ${bits(ImportQueueFilter.ContainsWarning)}
  when (${importQueue.statusFlags} & ${bits(importStatusBit('Rescore'))}) <> 0 then ${bits(ImportQueueFilter.ReadyToRescore)}
  when (${importQueue.statusFlags} & ${bits(importStatusBit('Attachment'))}) <> 0 then ${bits(ImportQueueFilter.ReadyToAttach)}
  else ${bits(ImportQueueFilter.ReadyToImport)} end)`;

/**
 * A window of the owner's queue under the filter entries `selectionMode` (rows from `offset`, at
 * most `limit`, in row order) and how many rows the entries hold: a grid scrolling through 100,000
 * rows reads only the rows it shows.
 */
export async function listQueueWindowRows(db: Db, owner: QueueOwner, window: { selectionMode: number; offset: number; limit: number }): Promise<{ total: number; rows: ImportQueueRow[] }> {
  const chosen = sql`(${filterEntry} & ${bits(window.selectionMode)}) <> 0`;
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(importQueue).where(and(ownedBy(owner), chosen));
  const rows = await db
    .select()
    .from(importQueue)
    .where(and(ownedBy(owner), chosen))
    .orderBy(asc(importQueue.runId), asc(importQueue.rowNumber), asc(importQueue.id))
    .offset(window.offset)
    .limit(window.limit);
  return { total: Number(counted?.total ?? 0), rows };
}

/** One row of the owner's queue. */
export async function findQueueRow(db: Db, owner: QueueOwner, id: number): Promise<ImportQueueRow | undefined> {
  const rows = await db.select().from(importQueue).where(and(ownedBy(owner), eq(importQueue.id, id))).limit(1);
  return rows[0];
}

/** Other rows of the owner's queue with the same name key or address key (rows that look alike). */
export async function findLookAlikeRows(db: Db, owner: QueueOwner, row: Pick<ImportQueueRow, 'id' | 'nameKey' | 'addressKey'>): Promise<ImportQueueRow[]> {
  const alike = [row.nameKey ? eq(importQueue.nameKey, row.nameKey) : undefined, row.addressKey ? eq(importQueue.addressKey, row.addressKey) : undefined].filter((condition) => condition !== undefined);
  if (alike.length === 0) return [];
  return db
    .select()
    .from(importQueue)
    .where(and(ownedBy(owner), ne(importQueue.id, row.id), sql`(${sql.join(alike, sql` or `)})`))
    .orderBy(asc(importQueue.runId), asc(importQueue.rowNumber))
    .limit(50);
}

/** The flags of every row of the owner's queue, with whether its matching site has a report of `releaseYear`: what the counts are made of. */
export async function listQueueFlags(
  db: Db,
  owner: QueueOwner,
  releaseYear: number,
): Promise<{ statusFlags: number; errorFlags: number; warningFlags: number; siteHasReport: boolean }[]> {
  return db
    .select({
      statusFlags: importQueue.statusFlags,
      errorFlags: importQueue.errorFlags,
      warningFlags: importQueue.warningFlags,
      siteHasReport: matchedSiteHasReport(releaseYear),
    })
    .from(importQueue)
    .where(ownedBy(owner));
}

/** The fields an edit or a resolution changes on a row. */
export type QueueRowPatch = Partial<
  Pick<
    ImportQueueRow,
    | 'siteName'
    | 'street'
    | 'street2'
    | 'city'
    | 'state'
    | 'zipCode'
    | 'countryCode'
    | 'latitude'
    | 'longitude'
    | 'tags'
    | 'classifications'
    | 'notes'
    | 'externalId'
    | 'siteId'
    | 'acceptedSiteId'
    | 'matches'
    | 'geocoderFlags'
    | 'geocodePrecision'
  >
>;

/** A row being checked again: no flags, 'Validating', an update pending, until its re-check settles it. */
function pendingState(now: Date, description: string) {
  return { pendingUpdate: true, statusFlags: 0, errorFlags: 0, warningFlags: 0, statusDescription: description, updatedAt: now };
}

/** Applies an edit to one of the owner's rows and makes it pending; answers the row as it now is (undefined when it is gone). */
export async function updateQueueRowPending(db: Db, owner: QueueOwner, id: number, patch: QueueRowPatch, description: string, now: Date): Promise<ImportQueueRow | undefined> {
  const rows = await db
    .update(importQueue)
    .set({ ...patch, ...pendingState(now, description) })
    .where(and(ownedBy(owner), eq(importQueue.id, id)))
    .returning();
  return rows[0];
}

/**
 * New options for rows of the owner's queue (all of them when `ids` is empty): the matching bits of
 * geocoderFlags replaced (masked with -897), updateFlags set, and each row pending. Answers how many changed.
 */
export async function changeQueueOptions(
  db: Db,
  owner: QueueOwner,
  ids: readonly number[],
  options: { keepMask: number; matchingFlags: number; updateFlags: number },
  description: string,
  now: Date,
): Promise<number> {
  const set = {
    geocoderFlags: sql`(${importQueue.geocoderFlags} & ${options.keepMask}) | ${options.matchingFlags}`,
    updateFlags: options.updateFlags,
    ...pendingState(now, description),
  };
  if (ids.length === 0) {
    const rows = await db.update(importQueue).set(set).where(ownedBy(owner)).returning({ id: importQueue.id });
    return rows.length;
  }
  const changed = await inIdChunks([...new Set(ids)], (chunk) =>
    db
      .update(importQueue)
      .set(set)
      .where(and(ownedBy(owner), sql`${importQueue.id} = any(${intArray(chunk)})`))
      .returning({ id: importQueue.id }),
  );
  return changed.length;
}

/** Which rows a deletion removes: every row with an issue, every row, or the rows named. */
export type QueueDeletion = { kind: 'issues' } | { kind: 'all' } | { kind: 'ids'; ids: readonly number[] };

/** Deletes rows of the owner's queue; answers how many went. */
export async function deleteQueueRows(db: Db, owner: QueueOwner, deletion: QueueDeletion): Promise<number> {
  if (deletion.kind === 'ids') {
    const gone = await inIdChunks([...new Set(deletion.ids)], (chunk) =>
      db
        .delete(importQueue)
        .where(and(ownedBy(owner), sql`${importQueue.id} = any(${intArray(chunk)})`))
        .returning({ id: importQueue.id }),
    );
    return gone.length;
  }
  const gone = await db
    .delete(importQueue)
    .where(deletion.kind === 'issues' ? and(ownedBy(owner), hasIssue) : ownedBy(owner))
    .returning({ id: importQueue.id });
  return gone.length;
}

/** How many rows of the owner's queue have an error or a warning. */
export async function countRowsWithIssues(db: Db, owner: QueueOwner): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(importQueue).where(and(ownedBy(owner), hasIssue));
  return Number(rows[0]?.n ?? 0);
}

/** The ids of the owner's pending rows (an edit or new options waiting to be checked). */
export async function listPendingRowIds(db: Db, owner: QueueOwner): Promise<number[]> {
  const rows = await db
    .select({ id: importQueue.id })
    .from(importQueue)
    .where(and(ownedBy(owner), eq(importQueue.pendingUpdate, true)))
    .orderBy(asc(importQueue.id));
  return rows.map((row) => row.id);
}

/**
 * Ready rows of the owner's queue that update an existing site (a siteId set), with whether that
 * site has a report of `releaseYear`; only `ids` when given.
 */
export async function listReadyMatchedSites(db: Db, owner: QueueOwner, ids: readonly number[] | undefined, releaseYear: number): Promise<{ siteId: number; hasReport: boolean }[]> {
  const named = ids && ids.length > 0 ? sql`${importQueue.id} = any(${intArray([...new Set(ids)])})` : undefined;
  const rows = await db
    .selectDistinct({
      siteId: sql<number>`${importQueue.siteId}`,
      hasReport: matchedSiteHasReport(releaseYear),
    })
    .from(importQueue)
    .where(and(ownedBy(owner), named, sql`${importQueue.siteId} is not null`, eq(importQueue.pendingUpdate, false), sql`(${importQueue.statusFlags} & ${READY}) <> 0`, sql`not ${hasError}`));
  return rows.map((row) => ({ siteId: Number(row.siteId), hasReport: Boolean(row.hasReport) }));
}
