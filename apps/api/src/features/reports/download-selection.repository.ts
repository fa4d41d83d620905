import { and, asc, sql, type SQL } from 'drizzle-orm';
import { COUNTRY_RELEASES, CURRENT_RELEASE_TOLERANCE_YEARS, isCurrentReleaseRequest, resolveRelease, type CountryId } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema/index';
import { inIdChunks, intArray } from '../../db/sql-helpers';
import type { SiteScope } from '../../access/site-scope';

/** The order that picks a site's report for a release: the highest release year, then the newest. */
const SITE_REPORT_ORDER = [asc(reports.siteId), sql`${reports.releaseYear} desc`, sql`${reports.created} desc`, sql`${reports.accountProductReportId} desc`];

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
      .orderBy(...SITE_REPORT_ORDER),
  );
  return rows.map((row) => row.id);
}

/**
 * The reports of the caller's account for the download wizard's admin data mode, in id order:
 * for a release (-1 the current one), each site's report of it, as the Site Library shows it; for
 * every release (null), every report. countryId null means every country.
 */
export async function findAccountReportIds(db: Db, scope: SiteScope, release: number | null, countryId: number | null): Promise<number[]> {
  const where = and(scope.reports, releaseCondition(release), countryId === null ? undefined : sql`${reports.countryId} = ${countryId}`);
  const rows =
    release === null
      ? await db.select({ id: reports.accountProductReportId }).from(reports).where(where)
      : await db.selectDistinctOn([reports.siteId], { id: reports.accountProductReportId }).from(reports).where(where).orderBy(...SITE_REPORT_ORDER);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
