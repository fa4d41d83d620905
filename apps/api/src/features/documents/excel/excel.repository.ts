import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { COUNTRY_RELEASES, CURRENT_RELEASE_TOLERANCE_YEARS, isCurrentReleaseRequest, resolveRelease, type CountryId } from '@riskatlas/domain';
import type { Db } from '../../../db/client';
import { reports, sites, type ReportRow } from '../../../db/schema/index';
import { inIdChunks, intArray } from '../../../db/sql-helpers';
import type { SiteScope } from '../../../access/site-scope';

/** The site facts an Excel sheet shows beside a report. */
export interface ExcelSite {
  siteId: number;
  siteName: string;
  externalId: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  admin1Code: string | null;
  zipCode: string | null;
  county: string | null;
  latitude: number;
  longitude: number;
  tags: string[];
}

const SITE_COLUMNS = {
  siteId: sites.siteId,
  siteName: sites.siteName,
  externalId: sites.externalId,
  street: sites.street,
  street2: sites.street2,
  city: sites.city,
  state: sites.state,
  admin1Code: sites.admin1Code,
  zipCode: sites.zipCode,
  county: sites.county,
  latitude: sites.latitude,
  longitude: sites.longitude,
  tags: sites.tags,
};

const siteOfReport = and(eq(sites.accountId, reports.accountId), eq(sites.siteId, reports.siteId));

/** One report the caller can see, with its site; undefined when it is not theirs to see. */
export async function findExcelReport(db: Db, scope: SiteScope, id: number): Promise<{ report: ReportRow; site: ExcelSite } | undefined> {
  const rows = await db
    .select({ report: reports, site: SITE_COLUMNS })
    .from(reports)
    .innerJoin(sites, siteOfReport)
    .where(and(scope.reports, eq(reports.accountProductReportId, id)));
  return rows[0];
}

/** The ids among `ids` of reports the caller can see. */
export async function findVisibleReportIds(db: Db, scope: SiteScope, ids: readonly number[]): Promise<Set<number>> {
  const rows = await inIdChunks(ids, (chunk) =>
    db.select({ id: reports.accountProductReportId }).from(reports).where(and(scope.reports, sql`${reports.accountProductReportId} = any(${intArray(chunk)})`)),
  );
  return new Set(rows.map((row) => row.id));
}

/** `case reports.country_id when … end` of a per-country year. */
function perCountry(yearOf: (countryId: CountryId) => number): SQL {
  const ids = Object.keys(COUNTRY_RELEASES).map(Number) as CountryId[];
  return sql.join([sql.raw('case reports.country_id'), ...ids.map((id) => sql.raw(` when ${id} then ${yearOf(id)}`)), sql.raw(' end')]);
}

/**
 * Which reports answer a release for their country: null every release, -1 (or 0) the current
 * release (with the tolerance the Site Library uses), else the year corrected to the country's
 * closest release.
 */
function releaseCondition(release: number | null): SQL {
  if (release === null) return sql`true`;
  if (isCurrentReleaseRequest(release)) {
    const current = perCountry((id) => COUNTRY_RELEASES[id].lastRelease);
    return sql`${reports.releaseYear} <= ${current} and ${reports.releaseYear} >= ${current} - ${CURRENT_RELEASE_TOLERANCE_YEARS}`;
  }
  return sql`${reports.releaseYear} = ${perCountry((id) => resolveRelease(id, release))}`;
}

/**
 * The report of each of `siteIds` for a release that the Site Library shows for it — the highest
 * release year, then the newest — among the reports the caller can see. Sites without one are absent.
 */
export async function findSiteReportIds(db: Db, scope: SiteScope, siteIds: readonly number[], release: number | null): Promise<number[]> {
  const rows = await inIdChunks(siteIds, (chunk) =>
    db
      .selectDistinctOn([reports.siteId], { id: reports.accountProductReportId })
      .from(reports)
      .where(and(scope.reports, sql`${reports.siteId} = any(${intArray(chunk)})`, releaseCondition(release)))
      .orderBy(asc(reports.siteId), sql`${reports.releaseYear} desc`, sql`${reports.created} desc`, sql`${reports.accountProductReportId} desc`),
  );
  return rows.map((row) => row.id);
}

/** One row of an Excel summary: a report, its site, and its scores per methodology. */
export interface SummaryRow extends ExcelSite {
  accountProductReportId: number;
  countryId: number;
  reportType: number;
  releaseYear: number;
  methodologyTypeIds: number[];
  created: Date;
  /** [methodology id, the 90 scores] per methodology the report has. */
  scores: [number, number[]][];
}

/**
 * Summary rows of the reports the caller can see among `ids` (at most a chunk), by report id.
 * Only the score values leave the database: the bounds and coverage a summary does not show stay.
 */
export async function readSummaryRows(db: Db, scope: SiteScope, ids: readonly number[]): Promise<SummaryRow[]> {
  return db
    .select({
      ...SITE_COLUMNS,
      accountProductReportId: reports.accountProductReportId,
      countryId: reports.countryId,
      reportType: reports.reportType,
      releaseYear: reports.releaseYear,
      methodologyTypeIds: reports.methodologyTypeIds,
      created: reports.created,
      scores: sql<[number, number[]][]>`(select coalesce(jsonb_agg(jsonb_build_array(e->'m', e->'v')), '[]'::jsonb) from jsonb_array_elements(${reports.productData}) e)`,
    })
    .from(reports)
    .innerJoin(sites, siteOfReport)
    .where(and(scope.reports, sql`${reports.accountProductReportId} = any(${intArray(ids)})`))
    .orderBy(asc(reports.accountProductReportId));
}

/** The methodologies the reports among `ids` have (those the caller can see). */
export async function findMethodologiesOf(db: Db, scope: SiteScope, ids: readonly number[]): Promise<Set<number>> {
  const rows = await inIdChunks(ids, (chunk) =>
    db
      .selectDistinct({ id: sql<number>`unnest(${reports.methodologyTypeIds})` })
      .from(reports)
      .where(and(scope.reports, sql`${reports.accountProductReportId} = any(${intArray(chunk)})`)),
  );
  return new Set(rows.map((row) => Number(row.id)));
}
