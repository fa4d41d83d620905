import { DownloadMessages, ErrorCode, ReportMessages, sitesNotFoundMessage, type TDownloadSelection } from '@riskatlas/domain';
import { isAdmin, type Caller } from '../../access/caller';
import type { SiteScope } from '../../access/site-scope';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findScopedSiteIds } from '../sites/index';
import { findAccountReportIds, findSiteReportIds, findVisibleReportIds } from './download-selection.repository';

/** How a download treats its selection: its size limit, and named reports the caller cannot see. */
export interface SelectionRules {
  /** Most reports, named sites or resolved reports the download may hold. */
  max: number;
  /** The refusal above `max`, given the count. */
  tooLarge: (count: number) => string;
  /**
   * 'refuse' answers 404 for named reports the caller cannot see (a document request);
   * 'count' leaves them out and counts them (the wizard's counts step reports them).
   */
  unseen: 'refuse' | 'count';
}

/** The reports a selection resolves to, in id order, and how many named ids were not the caller's. */
export interface ResolvedSelection {
  ids: number[];
  notFound: number;
}

function assertSize(count: number, rules: SelectionRules, field: string): void {
  if (count > rules.max) throw AppError.badRequest(rules.tooLarge(count), field);
}

/**
 * The reports of a download: the ids named (each must be the caller's unless `unseen` is
 * 'count'), each named site's report of the release (every named site must be the caller's), and
 * in admin data mode every report of the account in a release and country (administrators and
 * provider staff only). Refused with the download's own words when any part, or the union, is
 * above its limit.
 */
export async function resolveDownloadSelection(db: Db, caller: Caller, scope: SiteScope, selection: TDownloadSelection, rules: SelectionRules): Promise<ResolvedSelection> {
  const named = [...new Set(selection.accountProductReportIds ?? [])];
  const siteIds = [...new Set(selection.siteIds ?? [])];
  assertSize(named.length, rules, 'accountProductReportIds');
  assertSize(siteIds.length, rules, 'siteIds');
  if (selection.accountData && !isAdmin(caller)) throw AppError.forbidden(DownloadMessages.adminOnly);

  const visible = await findVisibleReportIds(db, scope, named);
  const unseen = named.filter((id) => !visible.has(id));
  if (unseen.length > 0 && rules.unseen === 'refuse') {
    throw new AppError(ErrorCode.NotFound, ReportMessages.reportNotFound, { details: { accountProductReportIds: unseen.slice(0, 1000) } });
  }
  if (siteIds.length > 0) {
    const sitesFound = await findScopedSiteIds(db, scope, siteIds);
    const missingSites = siteIds.filter((id) => !sitesFound.has(id));
    if (missingSites.length > 0) throw new AppError(ErrorCode.NotFound, sitesNotFoundMessage(missingSites), { details: { siteIds: missingSites.slice(0, 1000) } });
  }
  const ofSites = siteIds.length > 0 ? await findSiteReportIds(db, scope, siteIds, selection.releaseYear ?? null) : [];
  const data = selection.accountData;
  const ofAccount = data ? await findAccountReportIds(db, scope, data.releaseYear, data.countryId) : [];
  const ids = [...new Set([...named.filter((id) => visible.has(id)), ...ofSites, ...ofAccount])].sort((a, b) => a - b);
  assertSize(ids.length, rules, 'accountProductReportIds');
  return { ids, notFound: unseen.length };
}
