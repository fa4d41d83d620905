import { ProductId, type CountryId, type ReportType } from '../ids';
import { currentReleaseOf, isReportUpdatable, releaseHasMapAndPdf, resolveRelease } from '../releases';
import { addOnProductFor, hasFeature, REPORT_FEATURE_FLAGS, reportTypeLevel, upgradeProductFor, upgradeTargetsOf } from './products';
import type { ScoreRegion } from './vocabulary';

/**
 * What can be done with an existing report: whether it is updatable or upgradable, whether it has
 * a map and PDF, whether it hides DC state scores, and who may backdate.
 */

/** The parts of a report the state rules read. */
export interface ReportStateInput {
  countryId: CountryId;
  reportType: ReportType;
  releaseYear: number;
  /** Feature flags the report already has (HeatMap 1, SupplementalScores 2, Demographics 4). */
  features: number;
}

/** An upgrade of a report to a higher type, and the product it consumes. */
export interface ReportUpgradeOption {
  toType: ReportType;
  productId: ProductId;
}

/** The upgrade and add-on products that apply to a report. */
export interface ReportUpgradeOptions {
  /** Upgrades to higher report types (200, 201, 202), lowest target first. */
  upgrades: ReportUpgradeOption[];
  /** Add-on products for the features the report lacks, priced at its current type. */
  addOns: ProductId[];
}

/**
 * The products that can upgrade a report: the upgrade products to each higher type and the add-ons
 * for features it does not have yet. `isProductAllowed` narrows them to what the user may buy
 * (allowProduct, add-ons available to end users); by default every product is allowed.
 */
export function reportUpgradeOptions(report: ReportStateInput, isProductAllowed: (productId: ProductId) => boolean = () => true): ReportUpgradeOptions {
  const upgrades = upgradeTargetsOf(report.reportType)
    .map((toType) => ({ toType, productId: upgradeProductFor(report.reportType, toType)! }))
    .filter((option) => isProductAllowed(option.productId));
  const addOns = REPORT_FEATURE_FLAGS.filter((flag) => !hasFeature(report.features, flag))
    .map((flag) => addOnProductFor(flag, report.reportType))
    .filter(isProductAllowed);
  return { upgrades, addOns };
}

/** True when any upgrade or add-on product applies to the report. */
export function hasAnyUpgrade(options: ReportUpgradeOptions): boolean {
  return options.upgrades.length > 0 || options.addOns.length > 0;
}

/**
 * Whether a report may be upgraded to `toType`: to a higher level when its upgrade
 * product applies; to the same level when an upgrade is available at all (add-ons, or a higher
 * level — "upgrading to the same level counts as allowed when an upgrade is available"); never to
 * a lower level.
 */
export function canUpgradeReportTo(report: ReportStateInput, toType: ReportType, isProductAllowed?: (productId: ProductId) => boolean): boolean {
  const options = reportUpgradeOptions(report, isProductAllowed);
  const from = reportTypeLevel(report.reportType);
  const to = reportTypeLevel(toType);
  if (to < from) return false;
  if (to === from) return hasAnyUpgrade(options);
  return options.upgrades.some((option) => option.toType === toType);
}

/** What the UI may offer for a report (permissions are data: computed here, sent with the report). */
export interface ReportState {
  /** The release is older than the country's current release: a new report would be newer. */
  updatable: boolean;
  /** An upgrade or add-on product applies. */
  upgradable: boolean;
  /** Releases 2006 and earlier have no map. */
  hasMap: boolean;
  /** Releases 2006 and earlier have no PDF. */
  hasPdf: boolean;
}

/** The state of a report: updatable, upgradable, and whether it has a map and a PDF. */
export function reportState(report: ReportStateInput, isProductAllowed?: (productId: ProductId) => boolean): ReportState {
  const mapAndPdf = releaseHasMapAndPdf(report.releaseYear);
  return {
    updatable: isReportUpdatable(report.releaseYear, report.countryId),
    upgradable: hasAnyUpgrade(reportUpgradeOptions(report, isProductAllowed)),
    hasMap: mapAndPdf,
    hasPdf: mapAndPdf,
  };
}

/** The first US release whose reports hide the state-level scores of the District of Columbia. */
export const DC_STATE_SCORES_HIDDEN_FROM_RELEASE = 2022;

/** How a US site's state may be written: postal code, name or FIPS code. */
const DC_STATE_VALUES = new Set(['dc', 'd c', 'district of columbia', '11']);

/** True when a state value names the District of Columbia (postal code, name or FIPS 11; case, dots and spacing ignored). */
export function isDistrictOfColumbia(state: string | null | undefined): boolean {
  if (!state) return false;
  const key = state.toLowerCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
  return DC_STATE_VALUES.has(key);
}

/**
 * True when a report hides its state-level scores: US reports of a DC site from
 * release 2022, where the "state" is the city itself and the comparison says nothing the county
 * comparison does not.
 */
export function hidesStateScores(report: { countryId: CountryId; releaseYear: number; state: string | null | undefined }): boolean {
  return report.countryId === 1 && report.releaseYear >= DC_STATE_SCORES_HIDDEN_FROM_RELEASE && isDistrictOfColumbia(report.state);
}

/** The comparison regions a report shows: all three, or national and county when it hides state scores. */
export function visibleRegions(report: { countryId: CountryId; releaseYear: number; state: string | null | undefined }): ScoreRegion[] {
  return hidesStateScores(report) ? ['national', 'county'] : ['national', 'state', 'county'];
}

/** Countries whose end users may backdate. */
export const BACKDATE_COUNTRY_IDS: readonly CountryId[] = [1, 2];

/** A report for a release older than the country's current release (after correcting the year to the country's releases) is backdated. */
export function isBackdatedRelease(releaseYear: number, countryId: CountryId): boolean {
  return resolveRelease(countryId, releaseYear) < currentReleaseOf(countryId);
}

/** Why an end user may not backdate, in this product's words. */
export const BackdateMessages = {
  notAllowed: 'Backdating is not enabled for this account.',
  quantity: 'Backdated reports can be created only one at a time.',
  country: 'Backdated reports are available only for the United States and Canada.',
} as const;

/** The outcome of the backdating rule: allowed with the fee product to consume, or refused with the reason. */
export type BackdateEligibility = { allowed: true; feeProductId: ProductId | null } | { allowed: false; message: string };

/**
 * Whether a user may create a backdated report. End users: only when the account
 * allows backdating, for a quantity of 1, in country 1 or 2, and the backdate fee (product 150)
 * applies. Provider staff and impersonators choose old release years freely and
 * consume no fee: backdating for them is a support correction, not a sale.
 */
export function backdateEligibility(input: { accountAllowsBackdating: boolean; quantity: number; countryId: CountryId; isProvider: boolean }): BackdateEligibility {
  if (input.isProvider) return { allowed: true, feeProductId: null };
  if (!input.accountAllowsBackdating) return { allowed: false, message: BackdateMessages.notAllowed };
  if (input.quantity !== 1) return { allowed: false, message: BackdateMessages.quantity };
  if (!BACKDATE_COUNTRY_IDS.includes(input.countryId)) return { allowed: false, message: BackdateMessages.country };
  return { allowed: true, feeProductId: ProductId.BackdateFee };
}
