import {
  hasFeature,
  MAX_DOWNLOAD_REPORTS,
  releaseHasMapAndPdf,
  REPORT_TYPE_NAMES,
  REPORT_TYPES,
  ReportFeature,
  tooManyReportsMessage,
  METHODOLOGY_TYPE_IDS,
  type MethodologyTypeId,
  type ReportType,
  type TReportCountsResponse,
  type TDownloadSelection,
  type TReportSummaryInfoResponse,
} from '@riskatlas/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../access/caller';
import { siteScope } from '../../access/site-scope';
import { resolveDownloadSelection } from './download-selection';
import { findReportListings, type ReportListing } from './reports.repository';

/** The distinct ids of a download request, refused above MAX_DOWNLOAD_REPORTS with the product's message. */
function downloadIds(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_DOWNLOAD_REPORTS) throw AppError.badRequest(tooManyReportsMessage(unique.length), 'accountProductReportIds');
  return unique;
}

/** Counts of a list by a key, as [key, count] sorted by `order`. */
function countBy<K>(rows: readonly ReportListing[], key: (row: ReportListing) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/**
 * POST reports/counts: what a download of a selection holds — per report type, country, release
 * year and methodology, the features, and how many have no map or PDF (releases 2006 and
 * earlier). The selection is reports named, sites with a release, or (administrators) the
 * account's data; only reports the caller can see are counted, the other named ids are `notFound`.
 */
export async function reportCounts(db: Database, auth: AuthContext, selection: TDownloadSelection): Promise<TReportCountsResponse> {
  const scope = await siteScope(db, auth);
  const { ids, notFound } = await resolveDownloadSelection(db, auth, scope, selection, { max: MAX_DOWNLOAD_REPORTS, tooLarge: tooManyReportsMessage, unseen: 'count' });
  const rows = await findReportListings(db, scope, ids);
  const byType = countBy(rows, (row) => row.reportType);
  const byCountry = countBy(rows, (row) => row.countryId);
  const byRelease = countBy(rows, (row) => row.releaseYear);
  const byMethodology = new Map<number, number>();
  for (const row of rows) for (const id of row.methodologyTypeIds) byMethodology.set(id, (byMethodology.get(id) ?? 0) + 1);
  const withFeature = (flag: number) => rows.filter((row) => hasFeature(row.features, flag as 1 | 2 | 4)).length;
  return {
    total: rows.length,
    siteCount: new Set(rows.map((row) => row.siteId)).size,
    notFound: notFound + ids.length - rows.length,
    byReportType: REPORT_TYPES.filter((type) => byType.has(type)).map((type) => ({ reportType: type, name: REPORT_TYPE_NAMES[type], count: byType.get(type)! })),
    byCountry: [...byCountry].sort(([a], [b]) => a - b).map(([countryId, count]) => ({ countryId, count })),
    byReleaseYear: [...byRelease].sort(([a], [b]) => b - a).map(([releaseYear, count]) => ({ releaseYear, count })),
    byMethodology: METHODOLOGY_TYPE_IDS.filter((id) => byMethodology.has(id)).map((id) => ({ methodologyType: id, count: byMethodology.get(id)! })),
    withHeatMap: withFeature(ReportFeature.HeatMap),
    withSupplementalScores: withFeature(ReportFeature.SupplementalScores),
    withDemographics: withFeature(ReportFeature.Demographics),
    withoutMapAndPdf: rows.filter((row) => !releaseHasMapAndPdf(row.releaseYear)).length,
  };
}

/**
 * POST reports/summaryinfo: one line per report for the download wizard's summary (site name,
 * country, type, release, methodologies, features, sections, whether it has a map and PDF), in
 * the order requested; ids the caller cannot see are listed in notFound.
 */
export async function reportSummaryInfo(db: Database, auth: AuthContext, ids: readonly number[]): Promise<TReportSummaryInfoResponse> {
  const wanted = downloadIds(ids);
  const found = new Map((await findReportListings(db, await siteScope(db, auth), wanted)).map((row) => [row.accountProductReportId, row]));
  const reports: TReportSummaryInfoResponse['reports'] = [];
  const notFound: number[] = [];
  for (const id of wanted) {
    const row = found.get(id);
    if (!row) {
      notFound.push(id);
      continue;
    }
    reports.push({
      accountProductReportId: row.accountProductReportId,
      siteId: row.siteId,
      siteName: row.siteName,
      countryID: row.countryId,
      reportType: row.reportType as ReportType,
      releaseYear: row.releaseYear,
      methodologyTypeIds: row.methodologyTypeIds as MethodologyTypeId[],
      features: row.features,
      addOnProducts: row.addOnProducts,
      sections: row.sections,
      hasMapAndPdf: releaseHasMapAndPdf(row.releaseYear),
      created: row.created.toISOString(),
    });
  }
  return { reports, notFound };
}
