import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { importStatusBit } from '@riskatlas/domain';
import type { Db } from '../../../db/client';
import { intArray } from '../../../db/sql-helpers';
import { importQueue, reports, sites, type ImportQueueRow, type SiteRow } from '../../../db/schema/index';
import { hasError, hasWarning, type QueueOwner } from '../queue/index';

/**
 * The submit's SQL: the rows of a user's queue that may be submitted, the sites they create or
 * update, and the rows leaving the queue. Every statement is led by account_id (and the queue's
 * user_id).
 */

const READY = importStatusBit('Ready');

/** The owner's rows. */
function ownedBy(owner: QueueOwner) {
  return and(eq(importQueue.accountId, owner.accountId), eq(importQueue.userId, owner.userId))!;
}

/** SQL: a row the submit takes — ready, not pending, no error, and no warning unless warnings are included. */
function submittable(includeWarnings: boolean) {
  const ready = sql`(${importQueue.statusFlags} & ${READY}) <> 0 and not ${importQueue.pendingUpdate} and not ${hasError}`;
  return includeWarnings ? ready : sql`${ready} and not ${hasWarning}`;
}

/** The next rows the submit takes, in id order after `afterId`. */
export async function nextSubmittableRows(db: Db, owner: QueueOwner, options: { includeWarnings: boolean; afterId: number; limit: number }): Promise<ImportQueueRow[]> {
  return db
    .select()
    .from(importQueue)
    .where(and(ownedBy(owner), gt(importQueue.id, options.afterId), submittable(options.includeWarnings)))
    .orderBy(asc(importQueue.id))
    .limit(options.limit);
}

/** How many rows the submit would take, and how many of those create a site (no matching site). */
export async function countSubmittableRows(db: Db, owner: QueueOwner, includeWarnings: boolean): Promise<{ rows: number; creations: number }> {
  const [row] = await db
    .select({ rows: sql<number>`count(*)::int`, creations: sql<number>`(count(*) filter (where ${importQueue.siteId} is null))::int` })
    .from(importQueue)
    .where(and(ownedBy(owner), submittable(includeWarnings)));
  return { rows: Number(row?.rows ?? 0), creations: Number(row?.creations ?? 0) };
}

/** How many rows the owner's queue holds. */
export async function countQueueRows(db: Db, owner: QueueOwner): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(importQueue).where(ownedBy(owner));
  return Number(row?.n ?? 0);
}

/** Which of these name keys a site of the account already has (legacy-mode names compared too, as site creation does). */
export async function findTakenNameKeys(db: Db, accountId: number, nameKeys: readonly string[]): Promise<Set<string>> {
  if (nameKeys.length === 0) return new Set();
  const key = sql<string>`lower(trim(${sites.siteName}))`;
  const rows = await db
    .selectDistinct({ key })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), sql`${key} in (select jsonb_array_elements_text(${JSON.stringify([...new Set(nameKeys)])}::jsonb))`));
  return new Set(rows.map((row) => row.key));
}

/** A site's editable columns after an import row's updates. */
export type ImportedSiteUpdate = Pick<
  SiteRow,
  | 'siteId'
  | 'siteName'
  | 'nameKey'
  | 'notes'
  | 'tags'
  | 'classificationIds'
  | 'street'
  | 'street2'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'countryId'
  | 'latitude'
  | 'longitude'
  | 'admin1Code'
  | 'ct'
  | 'county'
  | 'countyCode'
  | 'externalId'
  | 'geocodeType'
>;

/** Writes the new values of many sites of the account in one statement. */
export async function updateImportedSites(db: Db, accountId: number, updates: readonly ImportedSiteUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const records = JSON.stringify(updates);
  await db.execute(sql`
    update ${sites} as target set
      site_name = x."siteName", name_key = x."nameKey", notes = x.notes, tags = x.tags, classification_ids = x."classificationIds",
      street = x.street, street2 = x.street2, city = x.city, state = x.state, zip_code = x."zipCode", country_id = x."countryId",
      latitude = x.latitude, longitude = x.longitude, admin1_code = x."admin1Code", ct = x.ct, county = x.county, county_code = x."countyCode",
      external_id = x."externalId", geocode_type = x."geocodeType"
    from jsonb_to_recordset(${records}::jsonb) as x(
      "siteId" int, "siteName" text, "nameKey" text, notes text, tags text[], "classificationIds" int[], street text, street2 text, city text,
      state text, "zipCode" text, "countryId" smallint, latitude double precision, longitude double precision, "admin1Code" text, ct smallint,
      county text, "countyCode" text, "externalId" text, "geocodeType" text)
    where target.account_id = ${accountId} and target.site_id = x."siteId"`);
}

/** Deletes the sites' reports of a release; answers the sites that lost one. */
export async function deleteReportsOfRelease(db: Db, accountId: number, siteIds: readonly number[], releaseYear: number): Promise<number[]> {
  if (siteIds.length === 0) return [];
  const gone = await db
    .delete(reports)
    .where(and(eq(reports.accountId, accountId), sql`${reports.siteId} = any(${intArray([...new Set(siteIds)])})`, eq(reports.releaseYear, releaseYear)))
    .returning({ siteId: reports.siteId });
  return [...new Set(gone.map((row) => row.siteId))];
}

/** Removes submitted rows from the owner's queue. */
export async function deleteSubmittedRows(db: Db, owner: QueueOwner, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(importQueue).where(and(ownedBy(owner), sql`${importQueue.id} = any(${intArray(ids)})`));
}

/** A row the submit could not take after all, with why (it stays in the queue as an issue). */
export interface RefusedRow {
  id: number;
  statusFlags: number;
  errorFlags: number;
  statusDescription: string;
}

/** Marks refused rows of the owner's queue with their error, in one statement. */
export async function markRefusedRows(db: Db, owner: QueueOwner, refused: readonly RefusedRow[], now: Date): Promise<void> {
  if (refused.length === 0) return;
  await db.execute(sql`
    update ${importQueue} as target set
      status_flags = x."statusFlags", error_flags = target.error_flags | x."errorFlags", status_description = x."statusDescription", updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(refused)}::jsonb) as x(id int, "statusFlags" int, "errorFlags" int, "statusDescription" text)
    where target.account_id = ${owner.accountId} and target.user_id = ${owner.userId} and target.id = x.id`);
}
