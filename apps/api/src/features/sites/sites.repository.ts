import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIdChunks, intArray } from '../../db/sql-helpers';
import { accounts, reports, sites, type NewSiteRow, type SiteRow } from '../../db/schema/index';
import { announceAuthChange } from '../../access/session-cache';

/** Inserts sites in one multi-row statement and returns them with their ids, in input order. */
export async function insertSites(db: Db, rows: readonly NewSiteRow[]): Promise<SiteRow[]> {
  if (rows.length === 0) return [];
  return db.insert(sites).values([...rows]).returning();
}

/** The site of the account whose name has this key, if any (legacy-mode sites included: their name is compared too). */
export async function findSiteByNameKey(db: Db, accountId: number, nameKey: string): Promise<Pick<SiteRow, 'siteId' | 'siteName'> | undefined> {
  const rows = await db
    .select({ siteId: sites.siteId, siteName: sites.siteName })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), sql`lower(trim(${sites.siteName})) = ${nameKey}`))
    .limit(1);
  return rows[0];
}

/** The first site of the account at exactly these coordinates (both already rounded to 7 decimals). */
export async function findSiteAtLocation(db: Db, accountId: number, latitude: number, longitude: number): Promise<Pick<SiteRow, 'siteId' | 'siteName'> | undefined> {
  const rows = await db
    .select({ siteId: sites.siteId, siteName: sites.siteName })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), eq(sites.latitude, latitude), eq(sites.longitude, longitude)))
    .orderBy(sites.siteId)
    .limit(1);
  return rows[0];
}

/**
 * Rewrites the score summary of sites from their reports in one statement: s and l from the
 * latest report (highest release year, then newest), lrr the newest creation; no reports → s {},
 * l null, lrr null. Called in the transaction that changes the reports, so the summary never
 * disagrees with them.
 */
async function recomputeSiteSummaries(db: Db, accountId: number, siteIds: readonly number[]): Promise<void> {
  await inIdChunks([...new Set(siteIds)], async (chunk) => {
    await db.execute(sql`
      update ${sites} as target set
        s = coalesce(latest.summary_scores, '{}'::jsonb),
        l = case when latest.release_year is null then null
                 else jsonb_build_object('r', latest.release_year, 'p', latest.report_type, 'f', latest.features) end,
        lrr = newest.created
      from unnest(${intArray(chunk)}) as wanted(site_id)
      left join lateral (
        select r.summary_scores, r.release_year, r.report_type, r.features
        from ${reports} r
        where r.account_id = ${accountId} and r.site_id = wanted.site_id
        order by r.release_year desc, r.created desc, r.account_product_report_id desc
        limit 1
      ) latest on true
      left join lateral (
        select max(r.created) as created from ${reports} r where r.account_id = ${accountId} and r.site_id = wanted.site_id
      ) newest on true
      where target.account_id = ${accountId} and target.site_id = wanted.site_id`);
    return [];
  });
}

/** The editable fields of a site (POST sites/edit). */
export type SitePatch = Partial<Pick<SiteRow, 'siteName' | 'nameKey' | 'notes' | 'tags' | 'externalId'>>;

/** Updates one site of the account; answers whether it existed. */
export async function updateSite(db: Db, accountId: number, siteId: number, patch: SitePatch): Promise<boolean> {
  if (Object.keys(patch).length === 0) {
    const found = await db.select({ siteId: sites.siteId }).from(sites).where(and(eq(sites.accountId, accountId), eq(sites.siteId, siteId))).limit(1);
    return found.length > 0;
  }
  const rows = await db
    .update(sites)
    .set(patch)
    .where(and(eq(sites.accountId, accountId), eq(sites.siteId, siteId)))
    .returning({ siteId: sites.siteId });
  return rows.length > 0;
}

/**
 * Writes new tag lists for sites of the account: one UPDATE per ID_CHUNK sites, each site's list
 * carried in one jsonb parameter (a text[][] must be rectangular, tag lists are not). Answers how
 * many sites were written.
 */
export async function writeSiteTags(db: Db, accountId: number, changes: readonly { siteId: number; tags: readonly string[] }[]): Promise<number> {
  const written = await inIdChunks(changes, async (changed) => {
    const chunk = changed.map((change) => ({ site_id: change.siteId, tags: change.tags }));
    const result = await db.execute(sql`
      update ${sites} as target
      set tags = array(select tag from jsonb_array_elements_text(change.tags) with ordinality as listed(tag, position) order by position)
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as change(site_id int, tags jsonb)
      where target.account_id = ${accountId} and target.site_id = change.site_id
      returning target.site_id`);
    return (result as unknown as { rows: unknown[] }).rows;
  });
  return written.length;
}

/** Deletes sites of the account by id (their reports and comments go with them, by foreign key); answers how many. */
export async function deleteSitesById(db: Db, accountId: number, siteIds: readonly number[]): Promise<number> {
  const deleted = await inIdChunks(siteIds, (chunk) =>
    db
      .delete(sites)
      .where(and(eq(sites.accountId, accountId), sql`${sites.siteId} = any(${intArray(chunk)})`))
      .returning({ siteId: sites.siteId }),
  );
  return deleted.length;
}

/** Sites of the account without reports (the stored summary l is null exactly when a site has none). */
export async function countSitesWithoutReports(db: Db, accountId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), sql`${sites.l} is null`));
  return Number(rows[0]?.n ?? 0);
}

/** The advisory lock namespace of site creation: the licence ledger locks (account, product id 0–202). */
const SITE_CREATION_LOCK = 7001;

/** Serialises site creation per account until the transaction ends (the site-only limit's count-then-insert). */
export async function lockAccountSites(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${accountId}::int4, ${SITE_CREATION_LOCK}::int4)`);
}

/**
 * Recomputes the report summaries of sites whose reports changed and marks the account's data as
 * changed, so that clients' cached site lists reload.
 */
export async function reportsChanged(db: Db, accountId: number, siteIds: readonly number[], now: Date): Promise<void> {
  await recomputeSiteSummaries(db, accountId, siteIds);
  await touchAccountData(db, accountId, now);
}

/**
 * Marks the account's data as changed now (Account.dataLastUpdated): a client's cached site list
 * older than this is stale (a cached list is used only if it is not older than the account's last data update),
 * and so is the server's (kept-site-lists.ts). The stamp always moves forward, by at least a
 * millisecond, so two changes in the same millisecond (or a clock behind the last one) still
 * make a new stamp. GET users/current answers the stamp from the caller's session, so the
 * account's cached sessions are dropped with it.
 */
export async function touchAccountData(db: Db, accountId: number, now: Date): Promise<Date> {
  const rows = await db
    .update(accounts)
    .set({ dataLastUpdated: sql`greatest(${now.toISOString()}::timestamptz, ${accounts.dataLastUpdated} + interval '1 millisecond')` })
    .where(eq(accounts.id, accountId))
    .returning({ at: accounts.dataLastUpdated });
  await announceAuthChange(db, { accountId });
  return rows[0]?.at ?? now;
}

/** The account's data stamp (Account.dataLastUpdated) in epoch microseconds: the version of its site lists. */
export async function readDataStamp(db: Db, accountId: number): Promise<number> {
  const rows = await db
    .select({ stamp: sql<number>`(extract(epoch from ${accounts.dataLastUpdated}) * 1000000)::float8` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return Number(rows[0]?.stamp ?? 0);
}

/** Whether the account holds any site. */
export async function accountHasSites(db: Db, accountId: number): Promise<boolean> {
  const rows = await db.select({ siteId: sites.siteId }).from(sites).where(eq(sites.accountId, accountId)).limit(1);
  return rows.length > 0;
}
