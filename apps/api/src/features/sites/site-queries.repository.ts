import { and, desc, eq, sql } from 'drizzle-orm';
import { reportScoreNotes, type TSiteCount, type TSiteReportSummary } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { reports, siteComments, sites, type SiteRow } from '../../db/schema/index';
import type { SiteScope } from '../../access/site-scope';
import { inIdChunks, intArray } from '../../db/sql-helpers';

/*
 * Plain queries over the caller's sites: every one is led by the scope's conditions (site-scope.ts).
 */

/** How many sites the scope holds (of one country when `countryId` is given), and how many of them have a report the caller may see. */
export async function countScopedSites(db: Db, scope: SiteScope, only: { countryId?: number | null } = {}): Promise<TSiteCount> {
  const where = only.countryId === undefined || only.countryId === null ? undefined : eq(sites.countryId, only.countryId);
  const hasReport = scope.allReports
    ? sql`${sites.l} is not null`
    : sql`exists (select 1 from ${reports} where ${scope.reports} and ${reports.siteId} = ${sites.siteId})`;
  const rows = await db
    .select({ count: sql<number>`count(*)::int`, withReports: sql<number>`(count(*) filter (where ${hasReport}))::int` })
    .from(sites)
    .where(where ? and(scope.sites, where) : scope.sites);
  const count = Number(rows[0]?.count ?? 0);
  const withReports = Number(rows[0]?.withReports ?? 0);
  return { count, withReports, withoutReports: count - withReports };
}

/** The site id of a report the caller may see, when its site is in the scope too. */
export async function findReportSiteId(db: Db, scope: SiteScope, accountProductReportId: number): Promise<number | undefined> {
  const rows = await db
    .select({ siteId: reports.siteId })
    .from(reports)
    .where(and(scope.reports, eq(reports.accountProductReportId, accountProductReportId)))
    .limit(1);
  return rows[0]?.siteId;
}

/** A site of the scope whose name has this key (lower(trim(name)), legacy sites included), lowest id first. */
export async function findScopedSiteIdByName(db: Db, scope: SiteScope, nameKey: string): Promise<number | undefined> {
  const rows = await db
    .select({ siteId: sites.siteId })
    .from(sites)
    .where(and(scope.sites, sql`lower(trim(${sites.siteName})) = ${nameKey}`))
    .orderBy(sites.siteId)
    .limit(1);
  return rows[0]?.siteId;
}

/** A site of the scope with exactly this external id, lowest id first. */
export async function findScopedSiteIdByExternalId(db: Db, scope: SiteScope, externalId: string): Promise<number | undefined> {
  const rows = await db
    .select({ siteId: sites.siteId })
    .from(sites)
    .where(and(scope.sites, eq(sites.externalId, externalId)))
    .orderBy(sites.siteId)
    .limit(1);
  return rows[0]?.siteId;
}

/** The reports of a site the caller may see, without their scores: newest release first, then newest. */
export async function listSiteReportSummaries(db: Db, scope: SiteScope, siteId: number): Promise<TSiteReportSummary[]> {
  const rows = await db
    .select({
      accountProductReportId: reports.accountProductReportId,
      countryID: reports.countryId,
      reportType: reports.reportType,
      releaseYear: reports.releaseYear,
      methodologyTypeIds: reports.methodologyTypeIds,
      features: reports.features,
      summaryScores: reports.summaryScores,
      productData: reports.productData,
      created: reports.created,
      createdByUserId: reports.createdByUserId,
    })
    .from(reports)
    .where(and(scope.reports, eq(reports.siteId, siteId)))
    .orderBy(desc(reports.releaseYear), desc(reports.created), desc(reports.accountProductReportId));
  // The notes come from the stored scores, which the summary itself does not carry; the finest area compared with names their common source.
  return rows.map(({ productData, ...row }) => ({
    ...row,
    ...reportScoreNotes(
      productData.map((entry) => ({ methodologyTypeId: entry.m, values: entry.v })),
      productData[0]?.ca ?? productData[0]?.sa ?? null,
    ),
    created: row.created.toISOString(),
  }));
}

/** How many comments a site has. */
export async function countSiteComments(db: Db, accountId: number, siteId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(siteComments)
    .where(and(eq(siteComments.accountId, accountId), eq(siteComments.siteId, siteId)));
  return Number(rows[0]?.n ?? 0);
}

/** A site of the scope by id: its id and name, or undefined (another account's id too). */
export async function findScopedSite(db: Db, scope: SiteScope, siteId: number): Promise<{ siteId: number; siteName: string } | undefined> {
  const rows = await db
    .select({ siteId: sites.siteId, siteName: sites.siteName })
    .from(sites)
    .where(and(scope.sites, eq(sites.siteId, siteId)))
    .limit(1);
  return rows[0];
}

/** A site of the scope by id, the whole row, or undefined (hidden, another account's, or no such id). */
export async function findScopedSiteRow(db: Db, scope: SiteScope, siteId: number): Promise<SiteRow | undefined> {
  const rows = await db.select().from(sites).where(and(scope.sites, eq(sites.siteId, siteId))).limit(1);
  return rows[0];
}

/** Sites of the scope among `siteIds`, whole rows, chunked (the others are not the caller's to see). */
export async function findScopedSiteRows(db: Db, scope: SiteScope, siteIds: readonly number[]): Promise<SiteRow[]> {
  return inIdChunks(siteIds, (chunk) => db.select().from(sites).where(and(scope.sites, sql`${sites.siteId} = any(${intArray(chunk)})`)));
}

/** Site ids of the scope among `siteIds`, chunked (the others are not the caller's to see). */
export async function findScopedSiteIds(db: Db, scope: SiteScope, siteIds: readonly number[]): Promise<Set<number>> {
  const rows = await inIdChunks(siteIds, (chunk) =>
    db
      .select({ siteId: sites.siteId })
      .from(sites)
      .where(and(scope.sites, sql`${sites.siteId} = any(${intArray(chunk)})`)),
  );
  return new Set(rows.map((row) => row.siteId));
}

/**
 * Another site of the account (any scope: names are unique account-wide) whose name has this key,
 * legacy sites included.
 */
export async function findOtherSiteWithNameKey(db: Db, accountId: number, nameKey: string, siteId: number): Promise<number | undefined> {
  const rows = await db
    .select({ siteId: sites.siteId })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), sql`lower(trim(${sites.siteName})) = ${nameKey}`, sql`${sites.siteId} <> ${siteId}`))
    .limit(1);
  return rows[0]?.siteId;
}

/**
 * The tags of the scope's sites among `siteIds`, locked for update until the transaction ends (a
 * bulk tag edit reads, changes and writes them back without losing a concurrent edit), in id order
 * so that edits given ids in ascending order lock shared sites in one order. Chunked.
 */
export async function lockScopedSiteTags(db: Db, scope: SiteScope, siteIds: readonly number[]): Promise<{ siteId: number; tags: string[] }[]> {
  return inIdChunks(siteIds, (chunk) =>
    db
      .select({ siteId: sites.siteId, tags: sites.tags })
      .from(sites)
      .where(and(scope.sites, sql`${sites.siteId} = any(${intArray(chunk)})`))
      .orderBy(sites.siteId)
      .for('update'),
  );
}
