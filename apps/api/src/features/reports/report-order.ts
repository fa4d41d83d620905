import {
  addOnNotForReportTypeMessage,
  backdateEligibility,
  featuresOfAddOns,
  isAddOnForReportType,
  isBackdatedRelease,
  productName,
  REPORT_TYPE_NAMES,
  resolveReportMethodologies,
  type CountryId,
  type MethodologyTypeId,
  type ProductId,
  type ReportType,
} from '@riskatlas/domain';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../access/caller';
import { isProvider } from '../../access/caller';
import { assertMayUseProducts } from '../../access/report-policy';

/** What a report request asks for, before it is checked. */
export interface ReportOrderInput {
  reportType: ReportType;
  methodologyTypeIds?: readonly number[] | null | undefined;
  addOnProducts?: readonly number[] | null | undefined;
  /** -1 / 0 / absent: the current release; another year is corrected to the country's releases. */
  releaseYear?: number | null | undefined;
}

/** A report request checked once for every site it applies to. */
export interface ReportOrder {
  reportType: ReportType;
  methodologyTypeIds: MethodologyTypeId[];
  addOnProducts: ProductId[];
  /** Feature flags the add-ons give. */
  features: number;
  /** The release asked for (-1 = current); resolved per country when scoring. */
  requestedRelease: number;
}

/** The account's methodology settings as the rules read them. */
export function methodologySettingsOf(auth: Caller) {
  return {
    allowedMethodologies: auth.account.allowedMethodologies,
    defaultBasicMethodology: auth.account.defaultBasicMethodology,
    defaultPremiumMethodology: auth.account.defaultPremiumMethodology,
  };
}

/**
 * Checks a report request: add-ons priced for the report type, the caller's rights
 * to create reports with these products (403), and the methodologies — the requested ones or the
 * account defaults — under the methodology rules (400 with the product's message).
 */
export function resolveReportOrder(auth: Caller, input: ReportOrderInput): ReportOrder {
  const addOnProducts = [...new Set(input.addOnProducts ?? [])] as ProductId[];
  const wrong = addOnProducts.find((productId) => !isAddOnForReportType(productId, input.reportType));
  if (wrong !== undefined) throw AppError.badRequest(addOnNotForReportTypeMessage(productName(wrong), REPORT_TYPE_NAMES[input.reportType]), 'addOnProducts');
  assertMayUseProducts(auth, [input.reportType, ...addOnProducts]);
  const methodologies = resolveReportMethodologies(input.methodologyTypeIds, input.reportType, methodologySettingsOf(auth), { isProvider: isProvider(auth) });
  if (!methodologies.ok) throw AppError.badRequest(methodologies.message, methodologies.field);
  return {
    reportType: input.reportType,
    methodologyTypeIds: methodologies.methodologyTypeIds as MethodologyTypeId[],
    addOnProducts,
    features: featuresOfAddOns(addOnProducts),
    requestedRelease: input.releaseYear ?? -1,
  };
}

/**
 * The backdate fee product a report in `countryId` costs, or null when the release
 * is the current one or the caller is provider staff. End users may backdate only when the
 * account allows it, one report at a time, in the US or Canada: otherwise 403 with the reason.
 */
export function backdateFeeFor(auth: Caller, order: ReportOrder, countryId: CountryId, quantity: number): ProductId | null {
  if (!isBackdatedRelease(order.requestedRelease, countryId)) return null;
  const eligibility = backdateEligibility({ accountAllowsBackdating: auth.account.allowBackdating, quantity, countryId, isProvider: isProvider(auth) });
  if (!eligibility.allowed) throw AppError.forbidden(eligibility.message);
  if (eligibility.feeProductId !== null) assertMayUseProducts(auth, [eligibility.feeProductId]);
  return eligibility.feeProductId;
}
