import { ErrorCode, invalidSiteIdsMessage, parseSiteIds, SiteMessages, sitesNotFoundMessage, TaskObjectType, type TDeleteSitesQuery, type TDeleteSitesRequest, type TSiteTaskStarted } from '@riskatlas/domain';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../platform/audit/audit.repository';
import type { AuthContext } from '../../access/caller';
import type { FileStore } from '../../platform/files/file-store';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createTask } from '../../platform/tasks/tasks.service';
import { SITE_DELETE_JOB, type SiteDeletePayload } from './site-delete.job';
import { putSiteIds } from './site-id-file';
import { findScopedSiteIds } from './site-queries.repository';
import { scopeOf, type SiteReadDeps } from './site-read.service';
import { isProvider } from '../../access/caller';
import { assertMayDeleteSites } from '../../access/site-policy';

/** What a deletion request needs. */
export interface SiteDeleteDeps extends SiteReadDeps {
  jobs: JobQueue;
  fileStore: FileStore;
  now: () => Date;
}

/**
 * The ids of a deletion request: a list (numbers, or id text) or the text typed into "delete by
 * ids" (split on commas or whitespace). Any bad token refuses the whole request, naming
 * the tokens.
 */
function deletionIds(body: TDeleteSitesRequest): number[] {
  const text = typeof body === 'string' ? body : body.map((token) => String(token)).join(',');
  const { ids, invalid } = parseSiteIds(text);
  if (invalid.length > 0) throw new AppError(ErrorCode.BadRequest, invalidSiteIdsMessage(invalid), { details: { invalid } });
  if (ids.length === 0) throw AppError.badRequest(SiteMessages.noSitesSelected);
  return ids;
}

/**
 * POST sites/delete?reason: checks everything up front — rights (administrators,
 * provider staff, impersonators), the support path's reason, every id well formed and a site the
 * caller may see (else 400 or 404 and nothing is deleted) — then stores the id list and starts
 * the deletion job. The task, the audit entry and the job commit together; answers the task.
 */
export async function requestSiteDeletion(deps: SiteDeleteDeps, auth: AuthContext, body: TDeleteSitesRequest, query: TDeleteSitesQuery, ip: string | null): Promise<TSiteTaskStarted> {
  assertMayDeleteSites(auth);
  const reason = query.reason?.trim() || null;
  if (isProvider(auth) && !reason) throw AppError.badRequest(SiteMessages.deleteReasonRequired, 'reason');
  const ids = deletionIds(body);
  const found = await findScopedSiteIds(deps.database.db, await scopeOf(deps, auth), ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError(ErrorCode.NotFound, sitesNotFoundMessage(missing, true), { details: { siteIds: missing.slice(0, 1000) } });

  const siteIdsKey = await putSiteIds(deps.fileStore, auth.accountId, 'site-delete', ids);
  const impersonatorUserId = auth.impersonating ? auth.userId : null;
  try {
    const taskStatusId = await deps.jobs.transaction(async (tx, enqueue) => {
      const now = deps.now();
      const task = await createTask(
        tx,
        { accountId: auth.accountId, userId: auth.userId, message: SiteMessages.deleteTaskTitle, objectType: TaskObjectType.Site, countTotal: ids.length, jobName: SITE_DELETE_JOB },
        now,
      );
      await recordAudit(tx, {
        accountId: auth.accountId,
        actorUserId: auth.userId,
        impersonatorUserId,
        action: 'sites.delete.requested',
        targetType: 'task',
        targetId: String(task.id),
        detail: { reason, count: ids.length, siteIds: ids.slice(0, 1000) },
        ip,
      });
      const payload: SiteDeletePayload = { accountId: auth.accountId, userId: auth.userId, taskStatusId: task.id, siteIdsKey, count: ids.length, reason, impersonatorUserId };
      await enqueue(SITE_DELETE_JOB, payload, { key: `task-${task.id}` });
      return task.id;
    });
    return { taskStatusId, count: ids.length };
  } catch (error) {
    await deps.fileStore.delete(siteIdsKey).catch(() => undefined);
    throw error;
  }
}
