import { BatchMessages, duplicatesConfirmMessage, ErrorCode, TaskObjectType, type TBatchPreview, type TBatchQuery, type TBatchRequest, type TBatchStarted } from '@riskatlas/domain';
import type { DatabaseHandle } from '../../db/client';
import type { Caller } from '../../access/caller';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../platform/files/file-store';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createTask } from '../../platform/tasks/tasks.service';
import { BATCH_JOB, type BatchPayload } from './batch.job';
import { planBatch } from './batch-plan';
import { putBatchUnits } from './batch-units-file';
import { insertBatch, insertBatchSites } from './batches.repository';
import type { ScoringDeps } from './report-scoring';
import { insufficientLicencesError } from './reports.service';

/** What batch creation uses. */
export interface BatchServiceDeps extends ScoringDeps {
  database: DatabaseHandle;
  jobs: Pick<JobQueue, 'transaction'>;
  fileStore: FileStore;
  now: () => Date;
}

/** POST reports/batch?isSimulation=true: what the batch would do; nothing is created. */
export async function previewBatch(deps: BatchServiceDeps, auth: Caller, request: TBatchRequest): Promise<TBatchPreview> {
  return (await planBatch({ ...deps, db: deps.database.db }, auth, request)).preview;
}

/**
 * POST reports/batch: plans the batch with the preview's checks, then refuses — nothing eligible
 * (400 with the product's words), duplicates the caller has not confirmed (409 with the preview in
 * details, for the 'Proceed' dialog; ignoreCounts confirms), too few licences (the ledger's 402
 * with the shortfalls) — or stores the planned reports and, in one transaction, the task, the
 * batch with its sites and the job. Answers at once; the job does the work.
 */
export async function startBatch(deps: BatchServiceDeps, auth: Caller, request: TBatchRequest, query: TBatchQuery): Promise<TBatchStarted> {
  const plan = await planBatch({ ...deps, db: deps.database.db }, auth, request);
  const { preview, units } = plan;
  if (units.length === 0) throw AppError.badRequest(preview.message ?? BatchMessages.allSitesHaveReports, 'siteIds');
  if (plan.skippedDuplicates > 0 && !query.ignoreCounts) {
    throw new AppError(ErrorCode.Conflict, duplicatesConfirmMessage(preview.duplicateReports, plan.selectedSites), { details: { preview } });
  }
  if (preview.shortfalls.length > 0) throw insufficientLicencesError(preview.shortfalls);

  const unitsKey = await putBatchUnits(deps.fileStore, auth.accountId, units);
  try {
    return await deps.jobs.transaction(async (tx, enqueue) => {
      const now = deps.now();
      const task = await createTask(
        tx,
        { accountId: auth.accountId, userId: auth.userId, message: BatchMessages.taskTitle, objectType: TaskObjectType.Batch, countTotal: units.length, jobName: BATCH_JOB },
        now,
      );
      const batch = await insertBatch(tx, {
        accountId: auth.accountId,
        userId: auth.userId,
        createdAt: now,
        reportsTotal: units.length,
        releaseYear: plan.summary.releaseYear,
        countryCode: plan.summary.countryCode,
        reportType: plan.order.reportType,
        taskStatusId: task.id,
      });
      await insertBatchSites(tx, auth.accountId, batch.id, [...new Set(units.map((unit) => unit.siteId))]);
      const payload: BatchPayload = {
        accountId: auth.accountId,
        userId: auth.userId,
        taskStatusId: task.id,
        batchId: batch.id,
        unitsKey,
        count: units.length,
        impersonating: auth.impersonating,
        reportType: plan.order.reportType,
        methodologyTypeIds: plan.order.methodologyTypeIds,
        addOnProducts: plan.order.addOnProducts,
        sendEmailNotification: request.sendEmailNotification ?? false,
      };
      await enqueue(BATCH_JOB, payload, { key: `task-${task.id}` });
      return { batchId: batch.id, taskStatusId: task.id, reportsTotal: units.length };
    });
  } catch (error) {
    await deps.fileStore.delete(unitsKey).catch(() => undefined);
    throw error;
  }
}
