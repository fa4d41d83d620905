import { METHODOLOGY_PRIORITY, ReportType } from '../ids';
import { methodologyCountFor } from './products';
import { isMethodologyTypeId, METHODOLOGY_TYPE_IDS, methodologyOf } from './vocabulary';

/**
 * Methodology rules: the account's allowedMethodologies bit mask (bit = id − 1), the
 * methodologies a report gets by default, and the validation of a requested list for a report
 * and of the account defaults, with their fixed messages.
 */

/** Messages of the methodology rules: fixed product wording, keep them exactly as written. */
export const MethodologyMessages = {
  /** A Basic report (or any report) with no methodology. */
  chooseAtLeastOne: 'You must choose at least 1 methodology.',
  /** A Premium or Premium Plus report with no methodology. */
  selectAtLeastOne: 'Please select at least 1 methodology.',
  /** The account default has more than one premium methodology and the user is not provider staff. */
  selectTwo: 'Please select 2 methodologies.',
  /** The account defaults need exactly one basic methodology. */
  accountBasic: 'You must choose 1 basic methodology.',
  /** The account defaults need one or two premium methodologies. */
  accountPremium: 'You must choose 1 or 2 premium methodologies.',
} as const;

/**
 * 'Please select no more than N methodologies.' N is 1 only for Basic reports, where
 * the plural would read wrongly, so that one case says "methodology".
 */
export function selectNoMoreThanMessage(max: number): string {
  return `Please select no more than ${max} ${max === 1 ? 'methodology' : 'methodologies'}.`;
}

/** This product's own words for a methodology the account may not use. */
export function methodologyNotAllowedMessage(id: number): string {
  const methodology = methodologyOf(id);
  return methodology
    ? `The ${methodology.name} methodology (${id}) is not available to this account.`
    : `Methodology ${id} does not exist. Methodologies are numbered 1 to 4.`;
}

/** The bit of a methodology in allowedMethodologies: 1 << (id − 1). */
export function methodologyBit(id: number): number {
  return 1 << (id - 1);
}

/** The allowedMethodologies mask of a list of methodology ids (unknown ids ignored). */
export function methodologyMaskOf(ids: readonly number[]): number {
  return ids.filter(isMethodologyTypeId).reduce((mask, id) => mask | methodologyBit(id), 0);
}

/** True when the mask allows the methodology (and the id is a methodology at all). */
export function isMethodologyAllowed(allowedMethodologies: number, id: number): boolean {
  return isMethodologyTypeId(id) && (allowedMethodologies & methodologyBit(id)) !== 0;
}

/** The methodology ids a mask allows, ascending. */
export function allowedMethodologyIds(allowedMethodologies: number): number[] {
  return METHODOLOGY_TYPE_IDS.filter((id) => isMethodologyAllowed(allowedMethodologies, id));
}

/** The methodology ids a mask allows, in priority order (2, 3, 1, 4). */
export function allowedMethodologiesByPriority(allowedMethodologies: number): number[] {
  return METHODOLOGY_PRIORITY.filter((id) => isMethodologyAllowed(allowedMethodologies, id));
}

/** The account settings the methodology rules read. */
export interface AccountMethodologySettings {
  /** Bit mask, bit = methodologyTypeID − 1. */
  allowedMethodologies: number;
  /** The one methodology of Basic reports. */
  defaultBasicMethodology: number;
  /** The methodologies of Premium reports. */
  defaultPremiumMethodology: readonly number[];
}

/** Who is choosing: provider staff (CAP mode) and impersonators may choose one methodology where end users need two. */
export interface MethodologyChooser {
  /** capMode or impersonationMode: provider staff and impersonators need only one methodology. */
  isProvider: boolean;
}

/** Ids in order, each once. */
function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/**
 * The methodologies a new report gets when the request names none: Basic the account's basic
 * default; Premium its premium defaults (one or two); Premium Plus the premium defaults then the
 * rest, up to four. A default the account no longer allows is replaced by the next allowed
 * methodology in priority order (2, 3, 1, 4), so a report keeps as many methodologies as the
 * account default asks for. Empty only when the account allows none.
 */
export function chooseMethodologies(reportType: ReportType, account: AccountMethodologySettings): number[] {
  const count = methodologyCountFor(reportType);
  const defaults = reportType === ReportType.Basic ? [account.defaultBasicMethodology] : unique(account.defaultPremiumMethodology);
  const wanted = reportType === ReportType.PremiumPlus ? count : Math.min(count, Math.max(1, defaults.length));
  const allowedDefaults = defaults.filter((id) => isMethodologyAllowed(account.allowedMethodologies, id));
  return unique([...allowedDefaults, ...allowedMethodologiesByPriority(account.allowedMethodologies)]).slice(0, wanted);
}

/** The outcome of a methodology validation: the ids to use, or the message and the field it concerns. */
export type MethodologyValidation =
  | { ok: true; methodologyTypeIds: number[] }
  | { ok: false; message: string; field: string };

/** The fewest methodologies a report type takes for this account and user. */
export function minimumMethodologiesFor(reportType: ReportType, account: AccountMethodologySettings, chooser: MethodologyChooser): number {
  if (reportType === ReportType.Basic || chooser.isProvider) return 1;
  return unique(account.defaultPremiumMethodology).length > 1 ? 2 : 1;
}

/**
 * Validates the methodologies requested for a report. Duplicates count once and the
 * order given is kept. Rules, in order: at least one ('You must choose at least 1 methodology.'
 * for Basic, 'Please select at least 1 methodology.' for Premium and Premium Plus); no more than
 * the type carries ('Please select no more than N methodologies.'); for Premium and Premium Plus,
 * two when the account default has more than one and the user is not provider staff ('Please
 * select 2 methodologies.'); every id a methodology the account allows.
 */
export function validateReportMethodologies(
  requested: readonly number[],
  reportType: ReportType,
  account: AccountMethodologySettings,
  chooser: MethodologyChooser,
): MethodologyValidation {
  const field = 'methodologyTypeIds';
  const ids = unique(requested);
  if (ids.length === 0) {
    return { ok: false, field, message: reportType === ReportType.Basic ? MethodologyMessages.chooseAtLeastOne : MethodologyMessages.selectAtLeastOne };
  }
  const max = methodologyCountFor(reportType);
  if (ids.length > max) return { ok: false, field, message: selectNoMoreThanMessage(max) };
  if (ids.length < minimumMethodologiesFor(reportType, account, chooser)) return { ok: false, field, message: MethodologyMessages.selectTwo };
  const refused = ids.find((id) => !isMethodologyAllowed(account.allowedMethodologies, id));
  if (refused !== undefined) return { ok: false, field, message: methodologyNotAllowedMessage(refused) };
  return { ok: true, methodologyTypeIds: ids };
}

/**
 * The methodologies of a report request: the requested list validated, or the account defaults
 * (chooseMethodologies) when the request names none — validated the same way, so an account that
 * allows no methodology gets the validation message rather than an empty report.
 */
export function resolveReportMethodologies(
  requested: readonly number[] | null | undefined,
  reportType: ReportType,
  account: AccountMethodologySettings,
  chooser: MethodologyChooser,
): MethodologyValidation {
  const ids = requested && requested.length > 0 ? requested : chooseMethodologies(reportType, account);
  return validateReportMethodologies(ids, reportType, account, chooser);
}

/** The account-settings input of the methodology rules: the UI may send the basic default as a one-item list. */
export interface AccountMethodologyInput {
  allowedMethodologies: number;
  defaultBasicMethodology: number | readonly number[] | null | undefined;
  defaultPremiumMethodology: readonly number[] | null | undefined;
}

/** The outcome of validating account methodology settings. */
export type AccountMethodologyValidation =
  | { ok: true; defaultBasicMethodology: number; defaultPremiumMethodology: number[] }
  | { ok: false; message: string; field: string };

/**
 * Validates the account's methodology defaults: exactly one basic methodology ('You
 * must choose 1 basic methodology.'); one or two premium methodologies ('You must choose 1 or 2
 * premium methodologies.'), up to four for support staff; every default a methodology the
 * account allows.
 */
export function validateAccountMethodologies(input: AccountMethodologyInput, editor: { isSupport: boolean }): AccountMethodologyValidation {
  const basicList = input.defaultBasicMethodology === null || input.defaultBasicMethodology === undefined
    ? []
    : typeof input.defaultBasicMethodology === 'number'
      ? [input.defaultBasicMethodology]
      : unique(input.defaultBasicMethodology);
  const basic = basicList[0];
  if (basicList.length !== 1 || basic === undefined || !isMethodologyTypeId(basic)) {
    return { ok: false, field: 'defaultBasicMethodology', message: MethodologyMessages.accountBasic };
  }
  const premium = unique(input.defaultPremiumMethodology ?? []);
  const maxPremium = editor.isSupport ? methodologyCountFor(ReportType.PremiumPlus) : methodologyCountFor(ReportType.Premium);
  if (premium.length < 1 || premium.length > maxPremium || !premium.every(isMethodologyTypeId)) {
    return { ok: false, field: 'defaultPremiumMethodology', message: MethodologyMessages.accountPremium };
  }
  if (!isMethodologyAllowed(input.allowedMethodologies, basic)) {
    return { ok: false, field: 'defaultBasicMethodology', message: methodologyNotAllowedMessage(basic) };
  }
  const refused = premium.find((id) => !isMethodologyAllowed(input.allowedMethodologies, id));
  if (refused !== undefined) return { ok: false, field: 'defaultPremiumMethodology', message: methodologyNotAllowedMessage(refused) };
  return { ok: true, defaultBasicMethodology: basic, defaultPremiumMethodology: premium };
}
