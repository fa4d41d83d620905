import { hasFeature, ProductId, ReportContextMessages, ReportFeature, ReportMessages, TaskObjectType, type TAddProximityStarted } from '@riskatlas/domain';
import type { AuthContext } from '../../access/caller';
import { assertMayUseProducts } from '../../access/report-policy';
import { siteScope } from '../../access/site-scope';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../platform/app-deps';
import { putJobInput } from '../../platform/jobs/job-input-file';
import { createTask } from '../../platform/tasks/tasks.service';
import { findScopedReports } from '../reports/index';
import { ADD_PROXIMITY_JOB, type AddProximityPayload } from './add-proximity.job';

/** Title of the task that shows the job's progress. */
const TASK_TITLE = 'Adding points of interest';

/**
 * POST reports/addProximity: checks up front that the caller may use the Proximity add-on, that
 * every report is one they can see (else 404, nothing started) and that some lack proximity
 * (else 400); then stores the ids of those that lack it and starts the job. The task and the job
 * commit together; answers the task to poll.
 */
export async function requestAddProximity(deps: Pick<AppDeps, 'database' | 'jobs' | 'fileStore' | 'now'>, auth: AuthContext, reportIds: readonly number[]): Promise<TAddProximityStarted> {
  assertMayUseProducts(auth, [ProductId.ProximityAddOn]);
  const ids = [...new Set(reportIds)];
  const db = deps.database.db;
  const rows = await findScopedReports(db, await siteScope(db, auth), ids);
  if (rows.length !== ids.length) throw AppError.notFound(ReportMessages.reportNotFound);
  const lacking = rows.filter((row) => !hasFeature(row.features, ReportFeature.Proximity)).map((row) => row.accountProductReportId);
  if (lacking.length === 0) throw AppError.badRequest(ReportContextMessages.proximityAlreadyAdded, 'accountProductReportIds');

  const reportIdsKey = await putJobInput(deps.fileStore, auth.accountId, 'add-proximity', lacking);
  try {
    const taskStatusId = await deps.jobs.transaction(async (tx, enqueue) => {
      const task = await createTask(
        tx,
        { accountId: auth.accountId, userId: auth.userId, message: TASK_TITLE, objectType: TaskObjectType.Report, countTotal: lacking.length, jobName: ADD_PROXIMITY_JOB },
        deps.now(),
      );
      const payload: AddProximityPayload = { accountId: auth.accountId, userId: auth.userId, taskStatusId: task.id, impersonating: auth.impersonating, reportIdsKey, count: lacking.length };
      await enqueue(ADD_PROXIMITY_JOB, payload, { key: `task-${task.id}` });
      return task.id;
    });
    return { taskStatusId, count: lacking.length };
  } catch (error) {
    await deps.fileStore.delete(reportIdsKey).catch(() => undefined);
    throw error;
  }
}
