import type { ProductId, ReportType } from '../ids';
import { productName, type TLicenseCounts } from '../schemas/licenses';
import type { TBatchShortfall } from '../schemas/batches';
import { ReportMessages } from '../schemas/reports';
import { isAddOnForReportType, REPORT_ADD_ON_PRODUCT_IDS, REPORT_TYPES, reportTypeLevel, featureOfAddOn, upgradeProductFor } from './products';

/**
 * Rules of the Create Report wizard that do not need the server: who may open it, which mode a
 * selection gives, which report types and add-ons a user is offered, how many licences one report
 * or upgrade consumes, and what a bulk upgrade selection must look like.
 */

/** The user fields the wizard rules read (TCurrentUser satisfies it). */
export interface WizardUser {
  readOnlyMode: boolean;
  allowCreateReports: boolean;
  adminMode: boolean;
  capMode: boolean;
  impersonationMode: boolean;
  /** Per product id: 0 no, 1 use, 3 use and buy. */
  allowProduct: Record<string, number>;
  account: { allowBatchingByStandardUsers: boolean };
}

/** The wizard's words. Those not marked as this product's words are fixed wording: keep them exactly. */
export const WizardMessages = {
  /** A bulk upgrade or points-of-interest action needs one release year in the site filter. */
  releaseYearRequired: 'A specific release year must be selected in the site filter to use this feature.',
  /** A bulk upgrade whose sites have no report in the filtered release. */
  noReportsInRelease: 'There are no reports for the selected site(s) in the currently selected release year.',
  /** A single report created. */
  reportCreated: 'Your report is now available in your Site Library...',
  /** A single report created with the e-mail option. */
  reportCreatedEmail: 'Your report has been created and will be sent via email',
  /** This product's words: licences are short and purchasing is not in the product yet. */
  buyMoreLicences: 'Purchase more licences, or ask your administrator, then try again. Nothing has been created.',
  /** This product's words: the user may use no report type. */
  noReportTypes: 'You are not allowed to use any report type. Ask your account administrator for access.',
  /** This product's words: no upgrade or add-on applies to the selected report. */
  nothingToUpgrade: 'This report already has the highest report type and every add-on you may add.',
  /** Upgrade failures (fixed wording, the server's text follows the first). */
  upgradeFailed: 'There was an error upgrading the report. ',
  upgradesFailed: 'There was an error upgrading reports. ',
} as const;

/** This product's words: a site was added without a report. */
export function siteAddedMessage(siteName: string): string {
  return `'${siteName}' has been added to your Site Library.`;
}

/** This product's words: the live check found another site with the external id typed. */
export function externalIdTakenMessage(externalId: string): string {
  return `Another site in the account already has the external id '${externalId}'.`;
}

/** Provider staff, or provider staff acting as a customer: they get the provider options. */
export function isProviderUser(user: Pick<WizardUser, 'capMode' | 'impersonationMode'>): boolean {
  return user.capMode || user.impersonationMode;
}

/** Whether a user may create reports at all: not read-only and allowed to create reports. */
export function mayCreateReports(user: Pick<WizardUser, 'readOnlyMode' | 'allowCreateReports'>): boolean {
  return !user.readOnlyMode && user.allowCreateReports;
}

/** Whether a user may add sites without reports: not read-only, and create rights or an administrator. */
export function mayAddSites(user: Pick<WizardUser, 'readOnlyMode' | 'allowCreateReports' | 'adminMode'>): boolean {
  return !user.readOnlyMode && (user.allowCreateReports || user.adminMode);
}

/**
 * Whether a site offers Create New Report: to users who may create reports when the site has no
 * current report, and always to provider staff (support may report again).
 */
export function offersCreateNewReport(user: WizardUser, hasCurrentReport: boolean): boolean {
  if (isProviderUser(user)) return true;
  return mayCreateReports(user) && !hasCurrentReport;
}

/**
 * Whether a user may create reports for several sites at once (the Multiple Reports/Sites link):
 * create rights, and an administrator, a provider acting as a customer, or an account that lets
 * standard users batch.
 */
export function mayCreateBatches(user: WizardUser): boolean {
  return mayCreateReports(user) && (user.adminMode || user.impersonationMode || user.capMode || user.account.allowBatchingByStandardUsers);
}

/** Whether the user may use a product (allowProduct not 0). */
export function mayUseProduct(user: Pick<WizardUser, 'allowProduct'>, productId: number): boolean {
  return (user.allowProduct[String(productId)] ?? 0) !== 0;
}

/** The wizard's modes: a new site from scratch, one existing site, several sites, or upgrading one site's report. */
export type WizardMode = 'scratch' | 'single' | 'batch' | 'upgrade';

/** What the wizard needs to know of one selected site's current report. */
export interface SelectedSiteReport {
  /** The report type of the site's report in the filtered release, or null without one. */
  reportType: ReportType | null;
  /** The report is older than the country's current release (a new report would be newer). */
  updatable: boolean;
}

/**
 * The mode a selection opens the wizard in: none → scratch (site entry first); several → batch;
 * one site whose report is current (no update available) but can still be upgraded → upgrade;
 * otherwise a single new report.
 */
export function wizardModeFor(selection: readonly SelectedSiteReport[], user: Pick<WizardUser, 'allowProduct'>): WizardMode {
  if (selection.length === 0) return 'scratch';
  if (selection.length > 1) return 'batch';
  const only = selection[0]!;
  if (only.reportType !== null && !only.updatable && upgradeTypeChoices(only.reportType, user).length + upgradeAddOnChoices(only.reportType, 0, user).length > 0) return 'upgrade';
  return 'single';
}

/** The step a mode starts at: scratch mode enters the site first (step 0), the others choose the report (step 1). */
export function firstStepOf(mode: WizardMode): 0 | 1 {
  return mode === 'scratch' ? 0 : 1;
}

/** The report types a user may order, lowest first. */
export function reportTypeChoices(user: Pick<WizardUser, 'allowProduct'>): ReportType[] {
  return REPORT_TYPES.filter((type) => mayUseProduct(user, type));
}

/** The report types a report of `fromType` may be upgraded to by this user: higher ones whose upgrade product they may use. */
export function upgradeTypeChoices(fromType: ReportType, user: Pick<WizardUser, 'allowProduct'>): ReportType[] {
  return REPORT_TYPES.filter((type) => {
    if (reportTypeLevel(type) <= reportTypeLevel(fromType)) return false;
    const product = upgradeProductFor(fromType, type);
    return product !== undefined && mayUseProduct(user, product);
  });
}

/** The add-ons a user may buy with a report of `reportType`, priced at that type, in product order. */
export function addOnChoices(reportType: ReportType, user: Pick<WizardUser, 'allowProduct'>): ProductId[] {
  return REPORT_ADD_ON_PRODUCT_IDS.filter((productId) => isAddOnForReportType(productId, reportType) && mayUseProduct(user, productId));
}

/** The add-ons a user may add to an existing report of `reportType` whose features are `features`: those it lacks. */
export function upgradeAddOnChoices(reportType: ReportType, features: number, user: Pick<WizardUser, 'allowProduct'>): ProductId[] {
  return addOnChoices(reportType, user).filter((productId) => ((featureOfAddOn(productId) ?? 0) & features) === 0);
}

/** Licences consumed per product id (the JSON key). */
export type LicenceNeeds = Record<string, number>;

function add(needs: LicenceNeeds, productId: number, quantity: number): void {
  if (quantity <= 0) return;
  needs[String(productId)] = (needs[String(productId)] ?? 0) + quantity;
}

/**
 * The licences new reports consume: the report type and each add-on once per report, and the
 * backdate fee once per backdated report.
 */
export function newReportLicences(order: { reportType: ReportType; addOnProducts: readonly number[]; reports: number; backdateFeeProductId: number | null }): LicenceNeeds {
  const needs: LicenceNeeds = {};
  add(needs, order.reportType, order.reports);
  for (const addOn of new Set(order.addOnProducts)) add(needs, addOn, order.reports);
  if (order.backdateFeeProductId !== null) add(needs, order.backdateFeeProductId, order.reports);
  return needs;
}

/** The licences an upgrade of one report consumes: the upgrade product when the type rises, and each add-on. */
export function upgradeLicences(upgrade: { fromType: ReportType; toType: ReportType; addOnProducts: readonly number[] }): LicenceNeeds {
  const needs: LicenceNeeds = {};
  const product = upgrade.fromType === upgrade.toType ? undefined : upgradeProductFor(upgrade.fromType, upgrade.toType);
  if (product !== undefined) add(needs, product, 1);
  for (const addOn of new Set(upgrade.addOnProducts)) add(needs, addOn, 1);
  return needs;
}

/** The products the account holds too few licences of for `needs` (empty: enough), in product id order. */
export function licenceShortfalls(needs: LicenceNeeds, remaining: TLicenseCounts): TBatchShortfall[] {
  return Object.entries(needs)
    .map(([key, needed]) => {
      const left = Math.max(0, remaining[key] ?? 0);
      return { productId: Number(key), name: productName(Number(key)), needed, remaining: left, shortBy: needed - left };
    })
    .filter((entry) => entry.shortBy > 0)
    .sort((a, b) => a.productId - b.productId);
}

/** What the bulk upgrade needs of each selected site: its report summary in the filtered release. */
export interface UpgradeCandidate {
  /** The report summary of the filtered release (the site list's `l`), or null without one. */
  l: { p: number } | null;
  /** Scores keyed by methodology id: the report's methodologies. */
  s: Record<string, number>;
}

/**
 * Why a bulk upgrade cannot start, or null when it can: a specific release year in the filter,
 * reports in that release, and reports of one type with the same methodologies.
 */
export function bulkUpgradeProblem(sites: readonly UpgradeCandidate[], releaseYear: number): string | null {
  if (releaseYear <= 0) return WizardMessages.releaseYearRequired;
  const withReports = sites.filter((site) => site.l !== null);
  if (withReports.length === 0) return WizardMessages.noReportsInRelease;
  const methodologyKey = (site: UpgradeCandidate) => Object.keys(site.s).sort().join(',');
  const firstMethodologies = methodologyKey(withReports[0]!);
  if (withReports.some((site) => methodologyKey(site) !== firstMethodologies)) return ReportMessages.notSameMethodologies;
  const firstType = withReports[0]!.l!.p;
  if (withReports.some((site) => site.l!.p !== firstType)) return ReportMessages.notSameReportType;
  return null;
}
