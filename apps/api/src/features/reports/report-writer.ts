import type { ProductId } from '@riskatlas/domain';
import type { Transaction } from '../../db/client';
import type { NewReportRow, ReportRow, SiteRow } from '../../db/schema/index';
import type { Caller } from '../../access/caller';
import { consumeLicenses, type LicenseItem } from '../licenses/index';
import { reportsChanged } from '../sites/index';
import { insertPreparedSites, type PreparedSite } from '../sites/index';
import type { ReportOrder } from './report-order';
import { insertReports, insertReportsReturningRows } from './reports.repository';
import { scoreReport, type ScoredReport, type ScoringDeps } from './report-scoring';

/** One report to write: for an existing site (its id) or a new one (inserted in the same transaction). */
export interface ReportDraft {
  site: { siteId: number } | { prepared: PreparedSite };
  scored: ScoredReport;
  /** The backdate fee product this report costs, or null. */
  feeProductId: ProductId | null;
}

/** A draft for a site that exists already. */
type ExistingSiteDraft = ReportDraft & { site: { siteId: number } };

/** A site to score a report for, at a release (-1 = current). */
export interface SiteToScore {
  site: { siteId: number; latitude: number; longitude: number };
  release: number;
}

/**
 * Scores a report for each site at its release: drafts (no fee yet) for the scorable ones, in
 * order, and the ids of the sites that cannot be scored (no report, no licence).
 */
export function draftReports(deps: ScoringDeps, order: ReportOrder, items: readonly SiteToScore[]): { drafts: ExistingSiteDraft[]; notScorableSiteIds: number[] } {
  const drafts: ExistingSiteDraft[] = [];
  const notScorableSiteIds: number[] = [];
  for (const { site, release } of items) {
    const scored = scoreReport(deps, site.latitude, site.longitude, order.methodologyTypeIds, release);
    if (scored) drafts.push({ site: { siteId: site.siteId }, scored, feeProductId: null });
    else notScorableSiteIds.push(site.siteId);
  }
  return { drafts, notScorableSiteIds };
}

/** The licences a set of drafts costs: the report type and each add-on once per report, the backdate fee per backdated report. */
export function licenceItemsFor(order: ReportOrder, drafts: readonly Pick<ReportDraft, 'feeProductId'>[]): LicenseItem[] {
  const items: LicenseItem[] = [{ productId: order.reportType, quantity: drafts.length }];
  for (const addOn of order.addOnProducts) items.push({ productId: addOn, quantity: drafts.length });
  const fees = new Map<number, number>();
  for (const draft of drafts) if (draft.feeProductId !== null) fees.set(draft.feeProductId, (fees.get(draft.feeProductId) ?? 0) + 1);
  for (const [productId, quantity] of fees) items.push({ productId, quantity });
  return items;
}

/** What writeReports wrote: the report ids in draft order, and the stored rows when asked for. */
export interface WrittenReports {
  ids: { accountProductReportId: number; siteId: number }[];
  /** The stored report rows in draft order (only with `returnRows`: a batch needs only the ids). */
  rows: ReportRow[];
  /** The sites the drafts created, in draft order. */
  newSites: SiteRow[];
}

/**
 * Writes reports in the caller's transaction, the one that pays for them: new sites (one
 * multi-row insert), the reports (one multi-row insert), the licences they cost (the ledger's
 * advisory-locked debit — too few and the ledger's error rolls all of it back), then the sites'
 * score summaries.
 */
export async function writeReports(tx: Transaction, auth: Caller, order: ReportOrder, drafts: readonly ReportDraft[], now: Date, options: { returnRows?: boolean } = {}): Promise<WrittenReports> {
  if (drafts.length === 0) return { ids: [], rows: [], newSites: [] };
  const prepared = drafts.flatMap((draft) => ('prepared' in draft.site ? [draft.site.prepared] : []));
  const inserted = await insertPreparedSites(tx, prepared);
  let nextNew = 0;
  const siteIds = drafts.map((draft) => ('prepared' in draft.site ? inserted[nextNew++]!.siteId : draft.site.siteId));
  const rows: NewReportRow[] = drafts.map((draft, index) => ({
    accountId: auth.accountId,
    siteId: siteIds[index]!,
    createdByUserId: auth.userId,
    countryId: draft.scored.countryId,
    reportType: order.reportType,
    releaseYear: draft.scored.releaseYear,
    methodologyTypeIds: order.methodologyTypeIds,
    addOnProducts: order.addOnProducts,
    features: order.features,
    productData: draft.scored.productData,
    summaryScores: draft.scored.summaryScores,
    created: now,
  }));
  const stored = options.returnRows ? await insertReportsReturningRows(tx, rows) : [];
  const ids = options.returnRows ? stored.map(({ accountProductReportId, siteId }) => ({ accountProductReportId, siteId })) : await insertReports(tx, rows);
  // RETURNING follows the VALUES order in PostgreSQL; match on the site too so a surprise cannot misfile a report.
  const byPosition = ids.map((id, index) => (id.siteId === siteIds[index] ? id : undefined));
  if (byPosition.some((id) => id === undefined)) throw new Error('Inserted reports came back in an unexpected order');
  const first = ids[0]!.accountProductReportId;
  const last = ids[ids.length - 1]!.accountProductReportId;
  await consumeLicenses(tx, {
    accountId: auth.accountId,
    userId: auth.userId,
    items: licenceItemsFor(order, drafts),
    reference: ids.length === 1 ? `report:${first}` : `reports:${first}-${last}`,
    at: now,
  });
  await reportsChanged(tx, auth.accountId, siteIds, now);
  return { ids, rows: stored, newSites: inserted };
}
