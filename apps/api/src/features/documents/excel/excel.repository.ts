import { and, asc, eq, sql } from 'drizzle-orm';
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
