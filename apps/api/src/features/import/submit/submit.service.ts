import { ImportMessages, siteOnlyLimitMessage, TaskObjectType, type TImportSubmitRequest, type TImportTaskStarted } from '@riskatlas/domain';
import type { DatabaseHandle } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { AuthContext } from '../../../access/caller';
import { assertMayCreateSites } from '../../../access/site-policy';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { createTask } from '../../../platform/tasks/tasks.service';
import { resolveReportOrder } from '../../reports/index';
import { countSitesWithoutReports } from '../../sites/index';
import { queueOwnerOf } from '../queue/index';
import { IMPORT_SUBMIT_JOB, type ImportSubmitPayload } from './submit.job';
import { countSubmittableRows } from './submit.repository';

/** What starting a submit needs. */
export interface SubmitDeps {
  database: DatabaseHandle;
  jobs: Pick<JobQueue, 'transaction'>;
  now: () => Date;
}

/** The options of a submit (the query). */
export interface SubmitOptions {
  includeWarnings: boolean;
  batchMode: boolean;
}

/** Batch mode's report choice, checked now with the batch's own rules so a wrong choice is told before anything is imported. */
function batchChoice(auth: AuthContext, body: TImportSubmitRequest | undefined): ImportSubmitPayload['batch'] {
  if (body?.reportType === undefined) throw AppError.badRequest(ImportMessages.batchModeNeedsReportType, 'reportType');
  const order = resolveReportOrder(auth, { reportType: body.reportType, methodologyTypeIds: body.methodologyTypeIds, addOnProducts: body.addOnProducts });
  return { reportType: order.reportType, methodologyTypeIds: order.methodologyTypeIds, addOnProducts: order.addOnProducts, sendEmailNotification: body.sendEmailNotification ?? false };
}

/**
 * POST sites/import/submit?includeWarnings&batchMode: refuses what would fail anyway — no right to
 * create sites (403), nothing ready ('There are no rows ready to import.'), batch mode without a
 * valid report choice, and outside batch mode more new sites than the site-only limit leaves
 * ('You may not create more than N sites without reports.') — then starts the import-submit job
 * with its task, together. Answers the task.
 */
export async function startImportSubmit(deps: SubmitDeps, auth: AuthContext, options: SubmitOptions, body: TImportSubmitRequest | undefined): Promise<TImportTaskStarted> {
  assertMayCreateSites(auth);
  const batch = options.batchMode ? batchChoice(auth, body) : null;
  const { db } = deps.database;
  const submittable = await countSubmittableRows(db, queueOwnerOf(auth), options.includeWarnings);
  if (submittable.rows === 0) throw AppError.badRequest(ImportMessages.nothingToSubmit);
  const limit = auth.account.siteOnlyLimit;
  if (!batch && limit !== null && submittable.creations > 0 && (await countSitesWithoutReports(db, auth.accountId)) + submittable.creations > limit) {
    throw AppError.badRequest(siteOnlyLimitMessage(limit));
  }
  const taskStatusId = await deps.jobs.transaction(async (tx, enqueue) => {
    const task = await createTask(
      tx,
      { accountId: auth.accountId, userId: auth.userId, message: ImportMessages.submitTaskTitle, objectType: TaskObjectType.Import, countTotal: submittable.rows, jobName: IMPORT_SUBMIT_JOB },
      deps.now(),
    );
    const payload: ImportSubmitPayload = { accountId: auth.accountId, userId: auth.userId, taskStatusId: task.id, impersonating: auth.impersonating, includeWarnings: options.includeWarnings, batch };
    await enqueue(IMPORT_SUBMIT_JOB, payload, { key: `task-${task.id}` });
    return task.id;
  });
  return { taskStatusId };
}
