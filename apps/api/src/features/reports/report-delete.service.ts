import { ReportMessages, type TDeleteReportsQuery, type TDeleteReportsRequest, type TDeleteReportsResponse } from '@riskatlas/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { auditActor } from '../../access/audit-actor';
import { recordAudit } from '../../platform/audit/audit.repository';
import type { AuthContext } from '../../access/caller';
import { siteScope } from '../../access/site-scope';
import { findScopedSiteIds } from '../sites/index';
import { reportsChanged } from '../sites/index';
import { isProvider } from '../../access/caller';
import { assertMayDeleteReports } from '../../access/report-policy';
import { deleteReports, findReportIdsOfSites, findReports } from './reports.repository';

/**
 * POST reports/delete?reason: deletes the reports named and every report of the
 * sites named (the sites stay). Administrators, provider staff and impersonators only; provider
 * users must give a reason (the support path asks for one). Ids that are not the account's → 404
 * and nothing is deleted. In one transaction: the deletion, the sites' score summaries recomputed
 * from the reports left, and an audit entry with the reason. Licences are not refunded: the
 * reports were delivered.
 */
export async function deleteReportsFor(
  deps: { db: Database; now: () => Date },
  auth: AuthContext,
  body: TDeleteReportsRequest,
  query: TDeleteReportsQuery,
  ip: string | null,
): Promise<TDeleteReportsResponse> {
  assertMayDeleteReports(auth);
  const reason = query.reason?.trim() || null;
  if (isProvider(auth) && !reason) throw AppError.badRequest(ReportMessages.reasonRequired, 'reason');
  const reportIds = [...new Set(body.accountProductReportIds ?? [])];
  const siteIds = [...new Set(body.siteIds ?? [])];
  if (reportIds.length === 0 && siteIds.length === 0) throw AppError.badRequest(ReportMessages.nothingToDelete, 'accountProductReportIds');

  const scope = await siteScope(deps.db, auth);
  const named = await findReports(deps.db, scope, reportIds);
  if (named.length !== reportIds.length) throw AppError.notFound(ReportMessages.reportNotFound);
  const sites = await findScopedSiteIds(deps.db, scope, siteIds);
  if (sites.size !== siteIds.length) throw AppError.notFound(ReportMessages.siteNotFound);
  const ofSites = await findReportIdsOfSites(deps.db, scope, siteIds);
  const ids = [...new Set([...named.map((row) => row.accountProductReportId), ...ofSites.map((row) => row.accountProductReportId)])];

  const deleted = await deps.db.transaction(async (tx) => {
    const gone = await deleteReports(tx, auth.accountId, ids);
    const touched = [...new Set([...gone.map((row) => row.siteId), ...siteIds])];
    await reportsChanged(tx, auth.accountId, touched, deps.now());
    await recordAudit(tx, {
      ...auditActor(auth, ip),
      action: 'reports.deleted',
      targetType: 'report',
      targetId: gone.length === 1 ? String(gone[0]!.accountProductReportId) : null,
      detail: { reason, count: gone.length, accountProductReportIds: gone.map((row) => row.accountProductReportId).slice(0, 1000), siteIds: touched.slice(0, 1000) },
    });
    return { gone, touched };
  });
  return {
    deletedCount: deleted.gone.length,
    accountProductReportIds: deleted.gone.map((row) => row.accountProductReportId).sort((a, b) => a - b),
    siteIds: deleted.touched.sort((a, b) => a - b),
  };
}
