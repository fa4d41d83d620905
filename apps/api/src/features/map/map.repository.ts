import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports, sites } from '../../db/schema/index';
import type { SiteScope } from '../../access/site-scope';

/** What a report map needs of a site's report: where the site is and what the report scored. */
export interface MappedReport {
  accountProductReportId: number;
  siteId: number;
  latitude: number;
  longitude: number;
  countryId: number;
  releaseYear: number;
  methodologyTypeIds: number[];
}

/**
 * The site's latest report the caller may see (the highest release, then the newest), with the
 * site's position; both sides through the caller's site scope.
 */
export async function findMappedReport(db: Db, scope: SiteScope, siteId: number): Promise<MappedReport | undefined> {
  const rows = await db
    .select({
      accountProductReportId: reports.accountProductReportId,
      siteId: reports.siteId,
      latitude: sites.latitude,
      longitude: sites.longitude,
      countryId: reports.countryId,
      releaseYear: reports.releaseYear,
      methodologyTypeIds: reports.methodologyTypeIds,
    })
    .from(reports)
    .innerJoin(sites, and(eq(sites.accountId, reports.accountId), eq(sites.siteId, reports.siteId)))
    .where(and(scope.reports, scope.sites, eq(reports.siteId, siteId)))
    .orderBy(desc(reports.releaseYear), desc(reports.created), desc(reports.accountProductReportId))
    .limit(1);
  return rows[0];
}
