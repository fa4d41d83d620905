import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { inIdChunks, intArray } from '../../../db/sql-helpers';
import type { DatabaseHandle, Db } from '../../../db/client';
import { queryArrays } from '../../../db/raw-rows';
import { importQueue, type ImportQueueRow, type NewImportQueueRow } from '../../../db/schema/index';
import { SiteIndex, type MatchableSite } from './site-index';

/** Sites read per statement when the account's sites are indexed: the raw rows of one page are all that is held at once. */
const SITE_PAGE = 10_000;

/**
 * The account's sites with what matching compares (those `only` admits, when given), a page at a
 * time in site id order (read as arrays), so indexing 100,000 sites never holds them all as rows.
 */
async function* readMatchableSites(database: DatabaseHandle, accountId: number, only?: SQL): AsyncGenerator<MatchableSite[]> {
  let after = 0;
  for (;;) {
    const rows = await queryArrays(
      database,
      sql`select site_id, site_name, coalesce(street, ''), coalesce(city, ''), coalesce(state, ''), coalesce(zip_code, ''), country_id::int4, latitude, longitude,
            coalesce(external_id, ''), (l is not null)
          from sites where account_id = ${accountId} and site_id > ${after}${only ? sql` and ${only}` : sql``} order by site_id limit ${SITE_PAGE}`,
      'many',
    );
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      siteId: row[0] as number,
      siteName: row[1] as string,
      street: row[2] as string,
      city: row[3] as string,
      state: row[4] as string,
      zipCode: row[5] as string,
      countryId: row[6] as number,
      latitude: row[7] as number,
      longitude: row[8] as number,
      externalId: row[9] as string,
      hasReports: row[10] as boolean,
    }));
    if (rows.length < SITE_PAGE) return;
    after = rows[rows.length - 1]![0] as number;
  }
}

/** The account's sites (those `only` admits, when given) indexed for matching, read a page at a time. */
export async function indexAccountSites(database: DatabaseHandle, accountId: number, only?: SQL): Promise<SiteIndex> {
  const index = new SiteIndex([]);
  for await (const page of readMatchableSites(database, accountId, only)) for (const site of page) index.add(site);
  return index;
}

/** The queue's columns as a chunk is written: the row's field, the column and its SQL type. */
const QUEUE_COLUMNS = [
  ['accountId', 'account_id', 'int'], ['userId', 'user_id', 'int'], ['runId', 'run_id', 'int'], ['rowNumber', 'row_number', 'int'],
  ['siteName', 'site_name', 'text'], ['street', 'street', 'text'], ['street2', 'street2', 'text'], ['city', 'city', 'text'], ['state', 'state', 'text'],
  ['zipCode', 'zip_code', 'text'], ['countryCode', 'country_code', 'text'], ['countryId', 'country_id', 'smallint'], ['latitude', 'latitude', 'float8'],
  ['longitude', 'longitude', 'float8'], ['tags', 'tags', 'text'], ['classifications', 'classifications', 'text'], ['notes', 'notes', 'text'],
  ['externalId', 'external_id', 'text'], ['incomingSiteId', 'incoming_site_id', 'int'], ['siteId', 'site_id', 'int'], ['statusFlags', 'status_flags', 'int'],
  ['errorFlags', 'error_flags', 'int'], ['warningFlags', 'warning_flags', 'int'], ['updateFlags', 'update_flags', 'int'], ['geocoderFlags', 'geocoder_flags', 'int'],
  ['pendingUpdate', 'pending_update', 'boolean'], ['statusDescription', 'status_description', 'text'], ['geocodePrecision', 'geocode_precision', 'text'],
  ['geoCandidates', 'geo_candidates', 'jsonb'], ['matches', 'matches', 'jsonb'], ['nameKey', 'name_key', 'text'], ['addressKey', 'address_key', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof QueueRowValues, string, string]>;

/** A queue row as a check writes it: every column but the identity, the timestamps and the user's accepted match (an edit's). */
export type QueueRowValues = Required<Omit<NewImportQueueRow, 'id' | 'createdAt' | 'updatedAt' | 'acceptedSiteId'>>;

const COLUMN_LIST = sql.raw(QUEUE_COLUMNS.map(([, column]) => column).join(', '));
const RECORD_TYPE = sql.raw(QUEUE_COLUMNS.map(([, column, type]) => `${column} ${type}`).join(', '));
const REPLACE_SET = sql.raw(
  QUEUE_COLUMNS.filter(([, column]) => !['account_id', 'user_id', 'run_id', 'row_number'].includes(column))
    .map(([, column]) => `${column} = excluded.${column}`)
    .join(', '),
);

/**
 * Writes queue rows in one statement: the rows travel as ONE JSON parameter read by
 * jsonb_to_recordset — building a 1,000-row × 32-column VALUES list through the query builder
 * cost more than the database's work. A row of the same run and row number already there (a chunk
 * done again after a crash) is replaced, never doubled.
 */
export async function upsertQueueRows(db: Db, rows: readonly QueueRowValues[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const records = JSON.stringify(rows.map((row) => Object.fromEntries(QUEUE_COLUMNS.map(([key, column]) => [column, row[key]]))));
  await db.execute(sql`
    insert into import_queue (${COLUMN_LIST}, created_at, updated_at)
    select ${COLUMN_LIST}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${records}::jsonb) as r(${RECORD_TYPE})
    on conflict (account_id, user_id, run_id, row_number) do update set ${REPLACE_SET}, updated_at = excluded.updated_at`);
}

/**
 * Gives every row of a run that shares its matching site with another row of the run an error:
 * its bit set, the ready bits cleared, the Error bit set, `text` put first in its description and
 * the ready sentences taken out. Rows that have the error already are left alone, so running it
 * again changes nothing.
 */
export async function flagRowsSharingASite(
  db: Db,
  run: { accountId: number; userId: number; runId: number },
  change: { errorBit: number; clearStatusBits: number; setStatusBits: number; text: string; readySentences: readonly string[] },
): Promise<void> {
  const scope = and(eq(importQueue.accountId, run.accountId), eq(importQueue.userId, run.userId), eq(importQueue.runId, run.runId));
  const shared = await db
    .select({ siteId: importQueue.siteId })
    .from(importQueue)
    .where(and(scope, isNotNull(importQueue.siteId)))
    .groupBy(importQueue.siteId)
    .having(sql`count(*) > 1`);
  if (shared.length === 0) return;
  let description = sql`${importQueue.statusDescription}`;
  for (const sentence of change.readySentences) description = sql`replace(${description}, ${sentence}, '')`;
  // The shared sites are few: naming them keeps the update off a join that PGlite plans slowly.
  await inIdChunks(
    shared.map((row) => row.siteId!),
    async (siteIds) =>
      db
        .update(importQueue)
        .set({
          errorFlags: sql`${importQueue.errorFlags} | ${change.errorBit}`,
          statusFlags: sql`(${importQueue.statusFlags} & ~${change.clearStatusBits}::int) | ${change.setStatusBits}`,
          statusDescription: sql`trim(${change.text} || ' ' || trim(${description}))`,
          updatedAt: sql`now()`,
        })
        .where(and(scope, sql`(${importQueue.errorFlags} & ${change.errorBit}) = 0`, sql`${importQueue.siteId} = any(${intArray(siteIds)})`))
        .returning({ id: importQueue.id }),
  );
}

/** How a run's rows came out: all, ready without warnings, with warnings (no error), with an error. */
export async function countRunRows(db: Db, run: { accountId: number; userId: number; runId: number }): Promise<{ total: number; ready: number; warnings: number; issues: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      ready: sql<number>`(count(*) filter (where ${importQueue.errorFlags} = 0 and ${importQueue.warningFlags} = 0))::int`,
      warnings: sql<number>`(count(*) filter (where ${importQueue.errorFlags} = 0 and ${importQueue.warningFlags} <> 0))::int`,
      issues: sql<number>`(count(*) filter (where ${importQueue.errorFlags} <> 0))::int`,
    })
    .from(importQueue)
    .where(and(eq(importQueue.accountId, run.accountId), eq(importQueue.userId, run.userId), eq(importQueue.runId, run.runId)));
  return row ?? { total: 0, ready: 0, warnings: 0, issues: 0 };
}

/** Rows of a user's queue still pending a check, among `ids`. */
export async function readPendingQueueRows(db: Db, owner: { accountId: number; userId: number }, ids: readonly number[]): Promise<ImportQueueRow[]> {
  return inIdChunks([...ids], (chunk) =>
    db
      .select()
      .from(importQueue)
      .where(and(eq(importQueue.accountId, owner.accountId), eq(importQueue.userId, owner.userId), eq(importQueue.pendingUpdate, true), sql`${importQueue.id} = any(${intArray(chunk)})`)),
  );
}

/**
 * Writes a re-checked row's outcome if the row is still as it was read (pending, updated_at
 * unchanged): an edit made while the check ran starts its own check, and this stale outcome must
 * not overwrite it.
 */
export async function writeRecheckedRow(db: Db, owner: { accountId: number; userId: number }, read: Pick<ImportQueueRow, 'id' | 'updatedAt'>, values: Partial<NewImportQueueRow>, now: Date): Promise<void> {
  await db
    .update(importQueue)
    .set({ ...values, pendingUpdate: false, updatedAt: now })
    .where(
      and(
        eq(importQueue.accountId, owner.accountId),
        eq(importQueue.userId, owner.userId),
        eq(importQueue.id, read.id),
        eq(importQueue.pendingUpdate, true),
        eq(importQueue.updatedAt, read.updatedAt),
      ),
    );
}
