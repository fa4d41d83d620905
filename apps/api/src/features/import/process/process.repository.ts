import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../../../db/client';
import { queryArrays } from '../../../db/raw-rows';
import { importFiles, importMappings, importQueue, type ImportFileRow, type NewImportQueueRow, type StoredColumnMapping } from '../../../db/schema/index';
import type { MatchableSite } from './site-index';

/** The caller's uploaded file, if any. */
export async function findImportFile(db: Db, accountId: number, userId: number): Promise<ImportFileRow | undefined> {
  const [row] = await db
    .select()
    .from(importFiles)
    .where(and(eq(importFiles.accountId, accountId), eq(importFiles.userId, userId)));
  return row;
}

/** Keeps the mapping as the one this user last used for files of this header layout. */
export async function saveImportMapping(db: Db, row: { accountId: number; userId: number; headerKey: string; mapping: StoredColumnMapping[]; usedAt: Date }): Promise<void> {
  await db
    .insert(importMappings)
    .values(row)
    .onConflictDoUpdate({ target: [importMappings.accountId, importMappings.userId, importMappings.headerKey], set: { mapping: row.mapping, usedAt: row.usedAt } });
}

/** Every site of the account with what matching compares (read as arrays: 100,000 sites in one query). */
export async function readMatchableSites(database: DatabaseHandle, accountId: number): Promise<MatchableSite[]> {
  const rows = await queryArrays(
    database,
    sql`select site_id, site_name, coalesce(street, ''), coalesce(city, ''), coalesce(state, ''), coalesce(zip_code, ''), country_id::int4, latitude, longitude,
          coalesce(external_id, ''), (l is not null)
        from sites where account_id = ${accountId}`,
    'many',
  );
  return rows.map((row) => ({
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
}

/** The columns a re-written row replaces (all but its identity). */
const REPLACED_COLUMNS = [
  'site_name', 'street', 'street2', 'city', 'state', 'zip_code', 'country_code', 'country_id', 'latitude', 'longitude', 'tags', 'classifications', 'notes',
  'external_id', 'incoming_site_id', 'site_id', 'status_flags', 'error_flags', 'warning_flags', 'update_flags', 'geocoder_flags', 'pending_update',
  'status_description', 'geocode_precision', 'geo_candidates', 'matches', 'name_key', 'address_key', 'updated_at',
] as const;
const REPLACE_SET = Object.fromEntries(REPLACED_COLUMNS.map((column) => [column, sql.raw(`excluded.${column}`)]));

/**
 * Writes queue rows in one multi-row statement. A row of the same run and row number already there
 * (a chunk done again after a crash) is replaced, never doubled.
 */
export async function upsertQueueRows(db: Db, rows: readonly NewImportQueueRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(importQueue)
    .values([...rows])
    .onConflictDoUpdate({ target: [importQueue.accountId, importQueue.userId, importQueue.runId, importQueue.rowNumber], set: REPLACE_SET });
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
  let description = sql`status_description`;
  for (const sentence of change.readySentences) description = sql`replace(${description}, ${sentence}, '')`;
  const scope = sql`account_id = ${run.accountId} and user_id = ${run.userId} and run_id = ${run.runId}`;
  await db.execute(sql`
    update import_queue
       set error_flags = error_flags | ${change.errorBit},
           status_flags = (status_flags & ~${change.clearStatusBits}::int) | ${change.setStatusBits},
           status_description = trim(${change.text} || ' ' || trim(${description})),
           updated_at = now()
     where ${scope} and (error_flags & ${change.errorBit}) = 0
       and site_id in (select site_id from import_queue where ${scope} and site_id is not null group by site_id having count(*) > 1)`);
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
