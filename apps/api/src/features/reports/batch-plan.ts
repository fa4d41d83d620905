import { BatchMessages, countryCodeOf, CURRENT_RELEASE, currentReleaseOf, DuplicateReportHandling, type CountryId, type TBatchPreview, type TBatchRequest } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import type { Caller } from '../../access/caller';
import { assertMayCreateBatches, assertMayDeleteReports } from '../../access/report-policy';
import { siteScope } from '../../access/site-scope';
import { findScopedSiteRows } from '../sites/index';
import { findSiteReleaseReports } from './batches.repository';
import { backdateFeeFor, resolveReportOrder, type ReportOrder } from './report-order';
import type { ScoringDeps } from './report-scoring';
import { draftReports, licenceItemsFor, type SiteToScore } from './report-writer';
import { licenceShortfalls } from './reports.service';

/** One report a batch will create: the site, the release it gets, and whether it replaces the site's report of that release. */
export interface BatchUnit {
  siteId: number;
  release: number;
  replace: boolean;
}

/** What a batch request comes to: the checked order, its reports, and the preview that describes them. */
export interface BatchPlan {
  order: ReportOrder;
  units: BatchUnit[];
  /** Reports not planned because the site already has one for the release (Skip mode). */
  skippedDuplicates: number;
  /** Distinct site ids the request named. */
  selectedSites: number;
  preview: TBatchPreview;
  /** The batch row's summary: the first report's release and the most frequent country. */
  summary: { releaseYear: number; countryCode: string };
}

/** Sites scored at a time while planning: the drafts' scores are dropped after each slice. */
const PLAN_SLICE = 1000;
/** Duplicate site ids a preview lists. */
const LISTED_DUPLICATES = 1000;

/** The releases a site gets: its country's release from `releases` (else the current one), then each backdate year. */
function releasesOf(countryId: number, request: TBatchRequest): number[] {
  return [request.releases?.[String(countryId)] ?? CURRENT_RELEASE, ...(request.backdateYears ?? [])];
}

/** The most frequent value (the first seen on a tie). */
function mostFrequent<T>(values: Iterable<T>): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (best === undefined || count > counts.get(best)!) best = value;
  }
  return best;
}

/**
 * Plans a batch as both the preview and the creation read it. Checks, in order: the batching
 * right, the report order (create rights, products, add-ons, methodologies), the replace right
 * when reports are to be replaced. Then per site the caller can see (the others are listed as not
 * found): one report per release asked, unless the site cannot be scored or already has a report
 * for that release — a duplicate, skipped or (Replace, or named in siteIdsToDeleteExistingReport)
 * replaced. Backdated releases go through the backdating rule with the batch's size (403 for end
 * users); the licences the reports cost are compared with what the account holds.
 */
export async function planBatch(deps: ScoringDeps & { db: Db }, auth: Caller, request: TBatchRequest): Promise<BatchPlan> {
  assertMayCreateBatches(auth);
  const order = resolveReportOrder(auth, request);
  const replaceAll = request.duplicateReportHandlingMode === DuplicateReportHandling.Replace;
  const replaceNamed = new Set(request.siteIdsToDeleteExistingReport ?? []);
  if (replaceAll || replaceNamed.size > 0) assertMayDeleteReports(auth);

  const wanted = [...new Set(request.siteIds)];
  const found = new Map((await findScopedSiteRows(deps.db, await siteScope(deps.db, auth), wanted)).map((site) => [site.siteId, site]));
  const notFoundSiteIds = wanted.filter((id) => !found.has(id));
  const existing = new Set((await findSiteReleaseReports(deps.db, auth.accountId, [...found.keys()])).map((report) => `${report.siteId}:${report.releaseYear}`));
  const items: SiteToScore[] = [...found.values()].flatMap((site) => releasesOf(site.countryId, request).map((release) => ({ site, release })));

  const units: (BatchUnit & { countryId: CountryId })[] = [];
  const planned = new Set<string>();
  const notScorable = new Set<number>();
  const duplicates = new Set<number>();
  let skippedDuplicates = 0;
  for (let start = 0; start < items.length; start += PLAN_SLICE) {
    const { drafts, notScorableSiteIds } = draftReports(deps, order, items.slice(start, start + PLAN_SLICE));
    for (const siteId of notScorableSiteIds) notScorable.add(siteId);
    for (const { site, scored } of drafts) {
      const key = `${site.siteId}:${scored.releaseYear}`;
      // A backdate year equal to the release asked (after correction) is the same report.
      if (planned.has(key)) continue;
      planned.add(key);
      const duplicate = existing.has(key);
      if (duplicate) duplicates.add(site.siteId);
      if (duplicate && !replaceAll && !replaceNamed.has(site.siteId)) {
        skippedDuplicates += 1;
        continue;
      }
      units.push({ siteId: site.siteId, release: scored.releaseYear, replace: duplicate, countryId: scored.countryId });
    }
  }

  const fees = units.map((unit) => ({ feeProductId: backdateFeeFor(auth, { ...order, requestedRelease: unit.release }, unit.countryId, units.length) }));
  const licenceItems = units.length > 0 ? licenceItemsFor(order, fees) : [];
  const shortfalls = await licenceShortfalls(deps.db, auth.accountId, licenceItems);
  const reportLicences = licenceItems.find((item) => item.productId === order.reportType)?.quantity ?? 0;
  const firstCountry = units[0]?.countryId ?? 1;
  const preview: TBatchPreview = {
    count: units.length,
    duplicateReports: duplicates.size,
    duplicateSiteIds: [...duplicates].slice(0, LISTED_DUPLICATES),
    notScorableSiteIds: [...notScorable],
    notFoundSiteIds,
    licenseCounts: { total: licenceItems.reduce((sum, item) => sum + item.quantity, 0), nonSupplementalCount: reportLicences },
    licensesByProduct: Object.fromEntries(licenceItems.map((item) => [String(item.productId), item.quantity])),
    shortfalls,
    message: units.length > 0 ? null : duplicates.size > 0 ? BatchMessages.allSitesHaveReports : BatchMessages.noEligibleSites,
  };
  return {
    order,
    units: units.map(({ siteId, release, replace }) => ({ siteId, release, replace })),
    skippedDuplicates,
    selectedSites: wanted.length,
    preview,
    summary: { releaseYear: units[0]?.release ?? currentReleaseOf(firstCountry), countryCode: countryCodeOf(mostFrequent(units.map((unit) => unit.countryId)) ?? firstCountry) },
  };
}
