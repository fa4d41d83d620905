import { BATCH_HISTORY_DAYS, ReportMessages, type ReportType, type TBatch, type TBatchList, type TBatchStatusQuery, type TInBatchesResponse } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { isAdmin, type AuthContext } from '../../access/caller';
import { siteScope } from '../../access/site-scope';
import { AppError } from '../../lib/app-error';
import { findScopedSiteIds } from '../sites/index';
import { findBatch, findUnfinishedBatchIdsOfSite, listBatchReports, listBatches, type BatchListing } from './batches.repository';

/** The wire shape of a batch. */
function presentBatch(row: BatchListing, batchReports: TBatch['batchReports']): TBatch {
  return {
    batchId: row.id,
    userId: row.userId,
    submittedBy: `${row.firstName} ${row.lastName}`.trim(),
    createdDate: row.createdAt.toISOString(),
    completedDate: row.completedAt?.toISOString() ?? null,
    reportsTotal: row.reportsTotal,
    reportsCompleted: row.reportsCompleted,
    failed: row.failed,
    detail: row.detail,
    taskStatusId: row.taskStatusId,
    summary: { releaseYear: row.releaseYear, countryCode: row.countryCode, reportType: row.reportType as ReportType },
    batchReports,
  };
}

/** Whose batches the caller sees: administrators, provider staff and impersonators the account's; others their own. */
function batchOwnerFilter(auth: AuthContext): number | null {
  return isAdmin(auth) ? null : auth.userId;
}

/**
 * GET reports/batch/status: the batches of the last `days` days newest first, without their
 * reports; or, with batchProcessId, that one batch with its reports (404 when the caller may not
 * see it: another account's, or another user's for a standard user).
 */
export async function batchStatus(deps: { db: Db; now: () => Date }, auth: AuthContext, query: TBatchStatusQuery): Promise<TBatchList> {
  const owner = batchOwnerFilter(auth);
  if (query.batchProcessId !== undefined) {
    const row = await findBatch(deps.db, auth.accountId, query.batchProcessId, owner);
    if (!row) throw AppError.notFound('The batch was not found.');
    return [presentBatch(row, await listBatchReports(deps.db, auth.accountId, row.id))];
  }
  const since = new Date(deps.now().getTime() - (query.days ?? BATCH_HISTORY_DAYS) * 86_400_000);
  return (await listBatches(deps.db, auth.accountId, since, owner)).map((row) => presentBatch(row, []));
}

/** GET reports/inbatches/{siteId}: the unfinished batches that will create a report for the site (404 for a site the caller may not see). */
export async function batchesOfSite(db: Db, auth: AuthContext, siteId: number): Promise<TInBatchesResponse> {
  const visible = await findScopedSiteIds(db, await siteScope(db, auth), [siteId]);
  if (!visible.has(siteId)) throw AppError.notFound(ReportMessages.siteNotFound);
  return { batchIds: await findUnfinishedBatchIdsOfSite(db, auth.accountId, siteId) };
}
