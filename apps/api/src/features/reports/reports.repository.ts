import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports, sites, type NewReportRow, type ReportRow, type StoredProductData, type StoredSupplement } from '../../db/schema/index';
import { inIdChunks, intArray } from '../../db/sql-helpers';
import type { SiteScope } from '../../access/site-scope';

/** Newest first: by creation, then id (two reports created in one statement share a timestamp). */
const NEWEST_FIRST = [desc(reports.created), desc(reports.accountProductReportId)];

/** Inserts reports in one multi-row statement; answers their ids with their sites, in input order. */
export async function insertReports(db: Db, rows: readonly NewReportRow[]): Promise<{ accountProductReportId: number; siteId: number }[]> {
  if (rows.length === 0) return [];
  return db.insert(reports).values([...rows]).returning({ accountProductReportId: reports.accountProductReportId, siteId: reports.siteId });
}

/** Inserts reports in one multi-row statement; answers the whole stored rows, in input order. */
export async function insertReportsReturningRows(db: Db, rows: readonly NewReportRow[]): Promise<ReportRow[]> {
  if (rows.length === 0) return [];
  return db.insert(reports).values([...rows]).returning();
}

/** Reports the caller can see among `ids`, chunked (unknown ids and other accounts' reports are absent). */
export async function findReports(db: Db, scope: SiteScope, ids: readonly number[]): Promise<ReportRow[]> {
  return inIdChunks(ids, (chunk) => db.select().from(reports).where(and(scope.reports, sql`${reports.accountProductReportId} = any(${intArray(chunk)})`)));
}

/** Every report of a site the caller can see, newest first. */
export async function listSiteReports(db: Db, scope: SiteScope, siteId: number): Promise<ReportRow[]> {
  return db.select().from(reports).where(and(scope.reports, eq(reports.siteId, siteId))).orderBy(...NEWEST_FIRST);
}

/** The site's latest report the caller can see: the highest release year, then the newest (the report the site summary shows). */
export async function latestSiteReport(db: Db, scope: SiteScope, siteId: number): Promise<ReportRow | undefined> {
  const rows = await db
    .select()
    .from(reports)
    .where(and(scope.reports, eq(reports.siteId, siteId)))
    .orderBy(desc(reports.releaseYear), ...NEWEST_FIRST)
    .limit(1);
  return rows[0];
}

/** The newest report the caller created in the acting account. */
export async function lastReportCreatedBy(db: Db, scope: SiteScope, userId: number): Promise<ReportRow | undefined> {
  const rows = await db
    .select()
    .from(reports)
    .where(and(scope.reports, eq(reports.createdByUserId, userId)))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return rows[0];
}

/** A report without its scores, with its site's name: what counts and summaries read. */
export interface ReportListing {
  accountProductReportId: number;
  siteId: number;
  siteName: string;
  countryId: number;
  reportType: number;
  releaseYear: number;
  methodologyTypeIds: number[];
  addOnProducts: number[];
  features: number;
  sections: number;
  created: Date;
}

/** Listings of the reports the caller can see among `ids` (no score data read), chunked. */
export async function findReportListings(db: Db, scope: SiteScope, ids: readonly number[]): Promise<ReportListing[]> {
  return inIdChunks(ids, (chunk) =>
    db
      .select({
        accountProductReportId: reports.accountProductReportId,
        siteId: reports.siteId,
        siteName: sites.siteName,
        countryId: reports.countryId,
        reportType: reports.reportType,
        releaseYear: reports.releaseYear,
        methodologyTypeIds: reports.methodologyTypeIds,
        addOnProducts: reports.addOnProducts,
        features: reports.features,
        sections: reports.sections,
        created: reports.created,
      })
      .from(reports)
      .innerJoin(sites, and(eq(sites.accountId, reports.accountId), eq(sites.siteId, reports.siteId)))
      .where(and(scope.reports, sql`${reports.accountProductReportId} = any(${intArray(chunk)})`))
      .orderBy(asc(reports.accountProductReportId)),
  );
}

/** Ids and sites of the reports the caller can see at the given sites. */
export async function findReportIdsOfSites(db: Db, scope: SiteScope, siteIds: readonly number[]): Promise<{ accountProductReportId: number; siteId: number }[]> {
  return inIdChunks(siteIds, (chunk) =>
    db
      .select({ accountProductReportId: reports.accountProductReportId, siteId: reports.siteId })
      .from(reports)
      .where(and(scope.reports, sql`${reports.siteId} = any(${intArray(chunk)})`)),
  );
}

/** The upgrade-relevant state of reports, locked until the transaction ends (FOR UPDATE). */
export async function lockReports(db: Db, accountId: number, ids: readonly number[]): Promise<Pick<ReportRow, 'accountProductReportId' | 'reportType' | 'methodologyTypeIds' | 'features'>[]> {
  return db
    .select({ accountProductReportId: reports.accountProductReportId, reportType: reports.reportType, methodologyTypeIds: reports.methodologyTypeIds, features: reports.features })
    .from(reports)
    .where(and(eq(reports.accountId, accountId), sql`${reports.accountProductReportId} = any(${intArray(ids)})`))
    .orderBy(asc(reports.accountProductReportId))
    .for('update');
}

/** What an upgrade changes on every report alike, and the scores each report gains. */
export interface ReportUpgradeWrite {
  reportType: number;
  methodologyTypeIds: readonly number[];
  addOnProducts: readonly number[];
  features: number;
  supplements: readonly StoredSupplement[];
  /** Per report: the entries of the added methodologies and their summary scores. */
  added: ReadonlyArray<{ accountProductReportId: number; productData: StoredProductData[]; summaryScores: Record<string, number> }>;
}

/** Applies an upgrade to many reports in one statement (the per-report scores come in as one JSON document). */
export async function applyReportUpgrade(db: Db, accountId: number, write: ReportUpgradeWrite): Promise<void> {
  if (write.added.length === 0) return;
  const perReport = JSON.stringify(write.added.map((a) => ({ id: a.accountProductReportId, product_data: a.productData, summary_scores: a.summaryScores })));
  await db.execute(sql`
    update ${reports} as r set
      report_type = ${write.reportType},
      methodology_type_ids = ${intArray(write.methodologyTypeIds)},
      add_on_products = r.add_on_products || ${intArray(write.addOnProducts)},
      features = r.features | ${write.features},
      supplements = r.supplements || ${JSON.stringify(write.supplements)}::jsonb,
      product_data = r.product_data || u.product_data,
      summary_scores = r.summary_scores || u.summary_scores
    from jsonb_to_recordset(${perReport}::jsonb) as u(id int, product_data jsonb, summary_scores jsonb)
    where r.account_id = ${accountId} and r.account_product_report_id = u.id`);
}

/** Deletes reports of the account by id; answers what was deleted. */
export async function deleteReports(db: Db, accountId: number, ids: readonly number[]): Promise<{ accountProductReportId: number; siteId: number }[]> {
  return inIdChunks(ids, (chunk) =>
    db
      .delete(reports)
      .where(and(eq(reports.accountId, accountId), sql`${reports.accountProductReportId} = any(${intArray(chunk)})`))
      .returning({ accountProductReportId: reports.accountProductReportId, siteId: reports.siteId }),
  );
}
