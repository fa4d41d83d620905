import { SiteMessages, sitesNotFoundMessage, ErrorCode, TaskObjectType, type TSitesCsvQuery, type TSitesCsvRequest, type TSiteTaskStarted } from '@riskatlas/domain';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../access/caller';
import { createTask } from '../../platform/tasks/tasks.service';
import { SITE_CSV_JOB, type SiteCsvPayload } from './site-csv.job';
import type { SiteDeleteDeps } from './site-delete.service';
import { putSiteIds } from './site-id-file';
import { countScopedSites, findScopedSiteIds } from './site-queries.repository';
import { scopeOf } from './site-read.service';

/**
 * POST sites/csv?country&forAccount&reportSummary: starts a CSV export of the caller's
 * sites — every site they may see (forAccount=true) or the selected ids (each must be theirs to
 * see, else 404) — optionally of one country and with the report summary columns. Reading changes
 * nothing, so read-only callers may export too. Answers the task; its file lands in File Downloads.
 */
export async function requestSitesCsv(deps: SiteDeleteDeps, auth: AuthContext, body: TSitesCsvRequest, query: TSitesCsvQuery): Promise<TSiteTaskStarted> {
  const scope = await scopeOf(deps, auth);
  const db = deps.database.db;
  const country = query.country ?? null;
  let selected: number[] | null = null;
  let count: number;
  if (query.forAccount) {
    count = (await countScopedSites(db, scope, { countryId: country })).count;
  } else {
    selected = [...new Set(body ?? [])];
    if (selected.length === 0) throw AppError.badRequest(SiteMessages.noSitesSelected);
    const found = await findScopedSiteIds(db, scope, selected);
    const missing = selected.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError(ErrorCode.NotFound, sitesNotFoundMessage(missing), { details: { siteIds: missing.slice(0, 1000) } });
    count = selected.length;
  }
  const siteIdsKey = selected ? await putSiteIds(deps.fileStore, auth.accountId, 'site-csv', selected) : null;
  try {
    const taskStatusId = await deps.jobs.transaction(async (tx, enqueue) => {
      const task = await createTask(
        tx,
        { accountId: auth.accountId, userId: auth.userId, message: SiteMessages.csvTaskTitle, objectType: TaskObjectType.FileDownload, countTotal: count, jobName: SITE_CSV_JOB },
        deps.now(),
      );
      const payload: SiteCsvPayload = {
        accountId: auth.accountId,
        userId: auth.userId,
        taskStatusId: task.id,
        impersonating: auth.impersonating,
        siteIdsKey,
        count,
        country,
        reportSummary: query.reportSummary ?? false,
        releaseYear: query.releaseYear ?? null,
      };
      await enqueue(SITE_CSV_JOB, payload, { key: `task-${task.id}` });
      return task.id;
    });
    return { taskStatusId, count };
  } catch (error) {
    if (siteIdsKey) await deps.fileStore.delete(siteIdsKey).catch(() => undefined);
    throw error;
  }
}
