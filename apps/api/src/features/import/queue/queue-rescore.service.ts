import { CURRENT_RELEASE_YEAR, methodologyCountFor, ReportType, type TImportValidateMethodologiesRequest, type TImportRescoreIds } from '@riskatlas/domain';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../access/caller';
import { resolveReportOrder } from '../../reports/index';
import { listReadyMatchedSites } from './queue.repository';
import { queueOwnerOf, type QueueReadDeps } from './queue.service';

/**
 * POST sites/import/queue/rescoreids: the existing sites the ready rows of the caller's queue update
 * (the rows named, or every ready row), and of those the ones that already have a report for the
 * current release — the reports deleted when the rows' updateFlags has 65536.
 */
export async function rescoreIds(deps: QueueReadDeps, auth: AuthContext, queuedSiteIds: readonly number[] | undefined): Promise<TImportRescoreIds> {
  const sites = await listReadyMatchedSites(deps.database.db, queueOwnerOf(auth), queuedSiteIds, CURRENT_RELEASE_YEAR);
  const byId = (a: number, b: number) => a - b;
  return {
    siteIds: sites.map((site) => site.siteId).sort(byId),
    siteIdsWithExistingReportsForDeletion: sites.filter((site) => site.hasReport).map((site) => site.siteId).sort(byId),
  };
}

/** The report type a methodology list is checked for when the request names none. */
function reportTypeFor(methodologyTypeIds: readonly number[]): ReportType {
  return new Set(methodologyTypeIds).size > methodologyCountFor(ReportType.Premium) ? ReportType.PremiumPlus : ReportType.Premium;
}

/**
 * POST sites/import/queue/validatemethodologies: whether reports with these methodologies may be
 * made for the imported sites in each release asked, by the same checks a batch makes (the
 * caller's rights to the product and the methodology rules), with the batch's words when not.
 */
export function validateImportMethodologies(auth: AuthContext, body: TImportValidateMethodologiesRequest): { valid: boolean; message: string | null } {
  const reportType = body.reportType ?? reportTypeFor(body.methodologyTypeIds);
  const releases = body.releaseYears.length > 0 ? body.releaseYears : [-1];
  try {
    for (const releaseYear of releases) resolveReportOrder(auth, { reportType, methodologyTypeIds: body.methodologyTypeIds, releaseYear });
    return { valid: true, message: null };
  } catch (error) {
    if (error instanceof AppError) return { valid: false, message: error.message };
    throw error;
  }
}
