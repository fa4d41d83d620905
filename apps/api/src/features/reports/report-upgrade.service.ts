import {
  addOnNotForReportTypeMessage,
  cannotUpgradeToMessage,
  chooseMethodologies,
  featureAlreadyPresentMessage,
  featureOfAddOn,
  featuresOfAddOns,
  isAddOnForReportType,
  Messages,
  methodologyCountFor,
  productName,
  REPORT_TYPE_NAMES,
  ReportMessages,
  reportTypeLevel,
  upgradeProductFor,
  validateReportMethodologies,
  ErrorCode,
  type MethodologyTypeId,
  type ProductId,
  type ReportType,
  type TUpgradeReportsRequest,
  type TReport,
  type TUpgradeReportsResponse,
} from '@riskatlas/domain';
import type { ReportRow, SiteRow, StoredSupplement } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { AuthContext, Caller } from '../../access/caller';
import { consumeLicenses, type LicenseItem } from '../licenses/index';
import { siteScope } from '../../access/site-scope';
import { findScopedSiteRows } from '../sites/index';
import { reportsChanged } from '../sites/index';
import { presentReport } from './report.presenter';
import { methodologySettingsOf } from './report-order';
import { storeScores, summaryScoresOf } from './report-data';
import { isProvider } from '../../access/caller';
import { assertMayUpgradeReports, assertMayUseProducts } from '../../access/report-policy';
import { scorePoint } from './report-scoring';
import { applyReportUpgrade, findReports, lockReports } from './reports.repository';
import { reportsUpgradedMail } from './report-mail';
import { mailReport, type ReportServiceDeps } from './reports.service';

/** An upgrade request for one or many reports. */
export type UpgradeInput = Omit<TUpgradeReportsRequest, 'accountProductReportIds'> & { accountProductReportIds: readonly number[] };

/** What an upgrade needs: no geocoding (the sites exist), so a job can run it too. */
type UpgradeDeps = Omit<ReportServiceDeps, 'geocode'>;

/** Methodologies as a comparable key: the same set in any order. */
function methodologyKey(ids: readonly number[]): string {
  return [...ids].sort((a, b) => a - b).join(',');
}

/**
 * The methodologies of the upgraded reports: the existing ones first (they keep their scores),
 * then those requested — or, when none are, the account defaults for the target type — checked by
 * the methodology rules for the target type.
 */
function upgradedMethodologies(auth: Caller, existing: readonly number[], toType: ReportType, requested: readonly number[] | null | undefined): MethodologyTypeId[] {
  const settings = methodologySettingsOf(auth);
  const wanted = requested && requested.length > 0 ? requested : chooseMethodologies(toType, settings);
  let merged = [...new Set([...existing, ...wanted])];
  // Defaults fill up to the type's count; methodologies the user named are never silently dropped.
  if (!(requested && requested.length > 0)) merged = merged.slice(0, Math.max(existing.length, methodologyCountFor(toType)));
  const result = validateReportMethodologies(merged, toType, settings, { isProvider: isProvider(auth) });
  if (!result.ok) throw AppError.badRequest(result.message, result.field);
  return result.methodologyTypeIds as MethodologyTypeId[];
}

/**
 * POST reports/upgrade and reports/upgrade/single: raises reports to a higher
 * report type and/or adds add-ons. The reports must share their type ('The selected reports do not
 * have the same report type.') and methodologies ('…the same existing methodologies.'). Each
 * report consumes the upgrade product (200, 201, 202) when its type rises, and each add-on; the
 * added methodologies are scored at the site for the report's own release; the products are
 * recorded as supplements. Scoring runs before the transaction; inside it the reports are locked
 * and re-checked, the licences debited and the reports and site summaries rewritten together.
 */
async function upgradeReports(deps: UpgradeDeps, auth: Caller, input: UpgradeInput): Promise<TUpgradeReportsResponse & { rows: ReportRow[]; sites: Map<number, SiteRow> }> {
  const ids = [...new Set(input.accountProductReportIds)];
  const scope = await siteScope(deps.db, auth);
  const rows = await findReports(deps.db, scope, ids);
  if (rows.length !== ids.length) throw AppError.notFound(ReportMessages.reportNotFound);
  const first = rows[0]!;
  if (rows.some((row) => row.reportType !== first.reportType)) throw AppError.badRequest(ReportMessages.notSameReportType, 'accountProductReportIds');
  const existingKey = methodologyKey(first.methodologyTypeIds);
  if (rows.some((row) => methodologyKey(row.methodologyTypeIds) !== existingKey)) throw AppError.badRequest(ReportMessages.notSameMethodologies, 'accountProductReportIds');

  const fromType = first.reportType as ReportType;
  const toType = input.reportType;
  if (reportTypeLevel(toType) < reportTypeLevel(fromType)) {
    throw AppError.badRequest(cannotUpgradeToMessage(REPORT_TYPE_NAMES[fromType], REPORT_TYPE_NAMES[toType]), 'reportType');
  }
  const upgradeProduct = toType === fromType ? undefined : upgradeProductFor(fromType, toType);
  const addOns = [...new Set(input.addOnProducts ?? [])] as ProductId[];
  for (const addOn of addOns) {
    if (!isAddOnForReportType(addOn, toType)) throw AppError.badRequest(addOnNotForReportTypeMessage(productName(addOn), REPORT_TYPE_NAMES[toType]), 'addOnProducts');
    const feature = featureOfAddOn(addOn)!;
    if (rows.some((row) => (row.features & feature) !== 0)) throw AppError.badRequest(featureAlreadyPresentMessage(productName(addOn)), 'addOnProducts');
  }
  if (upgradeProduct === undefined && addOns.length === 0) throw AppError.badRequest(ReportMessages.nothingToUpgrade, 'reportType');
  const products = [...(upgradeProduct === undefined ? [] : [upgradeProduct]), ...addOns];
  assertMayUseProducts(auth, products);

  const methodologies = upgradeProduct === undefined ? (first.methodologyTypeIds as MethodologyTypeId[]) : upgradedMethodologies(auth, first.methodologyTypeIds, toType, input.methodologyTypeIds);
  const added = methodologies.filter((id) => !first.methodologyTypeIds.includes(id));
  const sites = new Map((await findScopedSiteRows(deps.db, scope, [...new Set(rows.map((row) => row.siteId))])).map((site) => [site.siteId, site]));
  const scoredAdditions = rows.map((row) => {
    if (added.length === 0) return { accountProductReportId: row.accountProductReportId, productData: [], summaryScores: {} };
    const site = sites.get(row.siteId)!;
    const point = scorePoint(deps, site.latitude, site.longitude, added, row.releaseYear);
    if (!point) throw AppError.badRequest(Messages.locationNotScorable, 'accountProductReportIds');
    const productData = point.scores.map(storeScores);
    return { accountProductReportId: row.accountProductReportId, productData, summaryScores: summaryScoresOf(productData) };
  });

  const now = deps.now();
  const supplements: StoredSupplement[] = products.map((productId) => ({ productId, created: now.toISOString() }));
  const items: LicenseItem[] = products.map((productId) => ({ productId, quantity: rows.length }));
  await deps.db.transaction(async (tx) => {
    const locked = await lockReports(tx, auth.accountId, ids);
    const unchanged =
      locked.length === ids.length &&
      locked.every((row) => row.reportType === fromType && methodologyKey(row.methodologyTypeIds) === existingKey && (row.features & featuresOfAddOns(addOns)) === 0);
    if (!unchanged) throw new AppError(ErrorCode.Conflict, ReportMessages.reportChanged);
    await consumeLicenses(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      items,
      reference: ids.length === 1 ? `upgrade:${ids[0]}` : `upgrade:${ids[0]}+${ids.length - 1}`,
      at: now,
    });
    await applyReportUpgrade(tx, auth.accountId, {
      reportType: toType,
      methodologyTypeIds: methodologies,
      addOnProducts: addOns,
      features: featuresOfAddOns(addOns),
      supplements,
      added: scoredAdditions,
    });
    await reportsChanged(tx, auth.accountId, rows.map((row) => row.siteId), now);
  });
  const upgraded = await findReports(deps.db, scope, ids);
  if (input.sendReportEmail) {
    // One report: its own e-mail with its scores; many: one message saying how many.
    const only = upgraded.length === 1 ? upgraded[0]! : undefined;
    if (only) await mailReport(deps, auth.user, only, sites.get(only.siteId)?.siteName ?? `site ${only.siteId}`, 'upgraded');
    else {
      await deps.mailer
        .send(reportsUpgradedMail({ to: auth.user.email, firstName: auth.user.firstName, count: upgraded.length, reportType: toType, link: deps.publicUrl }))
        .catch((error: unknown) => deps.onMailError?.(error));
    }
  }
  return {
    accountProductReportIds: ids,
    reportType: toType,
    methodologyTypeIds: methodologies,
    licensesConsumed: Object.fromEntries(items.map((item) => [String(item.productId), item.quantity])),
    rows: upgraded,
    sites,
  };
}

/** POST reports/upgrade: several reports at once is a provider-only action; one report anyone with the rights may upgrade. */
export async function upgradeReportsInBulk(deps: ReportServiceDeps, auth: AuthContext, input: UpgradeInput): Promise<TUpgradeReportsResponse> {
  assertMayUpgradeReports(auth, input.accountProductReportIds.length);
  const { rows: _rows, sites: _sites, ...result } = await upgradeReports(deps, auth, input);
  return result;
}

/** POST reports/upgrade/single: upgrades one report and answers it as upgraded. */
export async function upgradeSingleReport(deps: ReportServiceDeps, auth: AuthContext, input: Omit<UpgradeInput, 'accountProductReportIds'> & { accountProductReportId: number }): Promise<TReport> {
  const { accountProductReportId, ...rest } = input;
  const { rows, sites } = await upgradeReports(deps, auth, { ...rest, accountProductReportIds: [accountProductReportId] });
  const row = rows[0];
  const site = row && sites.get(row.siteId);
  if (!row || !site) throw AppError.notFound(ReportMessages.reportNotFound);
  return presentReport(row, site, auth);
}

/**
 * Adds add-on products to reports of one report type and the same methodologies, through the
 * upgrade path: the same checks (rights, add-on already present), and the licence debit in the
 * same transaction as the reports' change. Runs inside a job's chunk transaction when given one
 * as deps.db. Answers the ids changed.
 */
export async function addOnsToReports(deps: UpgradeDeps, caller: Caller, input: { accountProductReportIds: readonly number[]; reportType: ReportType; addOnProducts: ProductId[] }): Promise<number[]> {
  const result = await upgradeReports(deps, caller, { ...input, sendReportEmail: false });
  return result.accountProductReportIds;
}
