import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { CURRENT_RELEASE_YEAR, ImportMessages, siteOnlyLimitMessage, ZAddOnProductId, ZMethodologyTypeIds, ZReportType, type TImportSubmitDetail, type TImportSubmitResult } from '@riskatlas/domain';
import type { Transaction } from '../../../db/client';
import { loadJobCaller } from '../../../access/job-caller';
import { siteScope } from '../../../access/site-scope';
import { recordAudit } from '../../../platform/audit/audit.repository';
import { defineJob, JobError, ZJobPayloadBase, type JobContext } from '../../../platform/jobs/job-definition';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { claimJobRun, findJobRun, listJobRunKeys, setJobRunResult } from '../../../platform/jobs/job-runs.repository';
import { completeTask } from '../../../platform/tasks/tasks.service';
import { remainingLicenses } from '../../licenses/index';
import { startBatch } from '../../reports/index';
import { countSitesWithoutReports, findScopedSiteRows, insertPreparedSites, lockAccountSites, reportsChanged, touchAccountData } from '../../sites/index';
import { readClassificationLookup } from '../classifications';
import { planChunk, refuseCreationsBeyond } from './submit-plan';
import { countQueueRows, deleteReportsOfRelease, deleteSubmittedRows, findTakenNameKeys, markRefusedRows, nextSubmittableRows, updateImportedSites } from './submit.repository';

/** The job's name (queue import-submit/v1). */
export const IMPORT_SUBMIT_JOB = 'import-submit';
/** Rows submitted per transaction. */
const CHUNK_ROWS = 500;

/** What a test may change of the job. */
export interface ImportSubmitJobOptions {
  /** Queue rows per chunk (default 500). */
  chunkRows?: number;
  /** Runs inside each chunk's transaction, after its writes (the crash test pauses here). */
  afterChunk?: (index: number) => Promise<void>;
  /** Runs once the batch step has committed, before the task completes (the crash test pauses here). */
  afterBatch?: () => Promise<void>;
}

/** Payload: whose queue, the task, the options of the submit and, in batch mode, the report choice. */
const ZImportSubmitPayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  taskStatusId: z.number().int().positive(),
  impersonating: z.boolean(),
  includeWarnings: z.boolean(),
  batch: z
    .object({
      reportType: ZReportType,
      methodologyTypeIds: ZMethodologyTypeIds.nullable(),
      addOnProducts: z.array(ZAddOnProductId).nullable(),
      sendEmailNotification: z.boolean(),
    })
    .nullable()
    .describe('Batch mode: the reports made for the imported sites; null = sites only'),
});
export type ImportSubmitPayload = z.infer<typeof ZImportSubmitPayload>;

/** What one committed chunk did (stored on its job_runs row, so a retry still counts it). */
const ZChunkOutcome = z.object({ created: z.number().int(), updated: z.number().int(), siteIds: z.array(z.number().int()) });
type ChunkOutcome = z.infer<typeof ZChunkOutcome>;

/** The batch step's outcome (stored on its own job_runs row with the batch, so a retry does not make a second batch). */
const ZBatchOutcome = z.object({ batchId: z.number().int().nullable(), batchMessage: z.string().nullable() });
type BatchOutcome = z.infer<typeof ZBatchOutcome>;

/**
 * Submits one chunk in the transaction `tx`: plans it, writes the new sites (under the account's
 * site-creation lock and, outside batch mode, its site-only limit), the matched sites' updates,
 * the reports deleted (65536), removes the submitted rows from the queue and marks the refused
 * ones, and records the chunk's outcome under `chunkKey` — all together, so a restart neither
 * loses nor repeats a chunk. `afterWrites` runs last, in the transaction (a test's pause).
 */
async function submitChunk(
  context: JobContext<ImportSubmitPayload>,
  tx: Transaction,
  chunkKey: string,
  rows: Awaited<ReturnType<typeof nextSubmittableRows>>,
  earlier: JobSoFar,
  afterWrites?: () => Promise<void>,
): Promise<ChunkOutcome | null> {
  const { accountId, userId, impersonating, batch } = context.payload;
  const { deps } = context;
  const now = deps.now();
  if (!(await claimJobRun(tx, accountId, chunkKey, now))) return null;
  const caller = await loadJobCaller(tx, { accountId, userId, impersonating });
  const owner = { accountId, userId };
  const matchedIds = [...new Set(rows.flatMap((row) => (row.siteId === null ? [] : [row.siteId])))];
  const matchedSites = new Map((await findScopedSiteRows(tx, await siteScope(tx, caller), matchedIds)).map((site) => [site.siteId, site]));
  const takenNameKeys = await findTakenNameKeys(tx, accountId, rows.map((row) => row.siteName.trim().toLowerCase()));
  const classifications = await readClassificationLookup(tx, accountId);
  const plan = planChunk({ caller, gazetteer: deps.gazetteer, takenNameKeys, matchedSites, classifications, now }, rows);

  await lockAccountSites(tx, accountId);
  const limit = caller.account.siteOnlyLimit;
  if (limit !== null && plan.creations.length > 0) {
    const withoutReports = await countSitesWithoutReports(tx, accountId);
    if (!batch && withoutReports + plan.creations.length > limit) throw new JobError(siteOnlyLimitMessage(limit), { permanent: true });
    if (batch) refuseCreationsBeyond(plan, await batchCreationRoom(tx, accountId, batch.reportType, limit, withoutReports, earlier, plan.updates.length), siteOnlyLimitMessage(limit));
  }
  const created = await insertPreparedSites(tx, plan.creations);
  await updateImportedSites(tx, accountId, plan.updates);
  const lostReports = await deleteReportsOfRelease(tx, accountId, plan.reportDeletions, CURRENT_RELEASE_YEAR);
  if (lostReports.length > 0) await reportsChanged(tx, accountId, lostReports, now);
  await deleteSubmittedRows(tx, owner, plan.submittedRowIds);
  await markRefusedRows(tx, owner, plan.refused, now);
  await touchAccountData(tx, accountId, now);
  const outcome: ChunkOutcome = { created: created.length, updated: plan.updates.length, siteIds: [...created.map((site) => site.siteId), ...plan.updates.map((site) => site.siteId)] };
  if (plan.submittedRowIds.length > 0) {
    await recordAudit(tx, { accountId, actorUserId: userId, impersonatorUserId: impersonating ? userId : null, action: 'sites.imported', targetType: 'task', targetId: String(context.payload.taskStatusId), detail: { created: outcome.created, updated: outcome.updated } });
  }
  await setJobRunResult(tx, accountId, chunkKey, outcome);
  await afterWrites?.();
  return outcome;
}

/** What the job's committed chunks did so far: sites created, and sites created or updated. */
interface JobSoFar {
  created: number;
  sites: number;
}

/**
 * How many sites a batch-mode chunk may create under the site-only limit. The batch made after
 * every chunk reports on the job's sites, one licence of its report type each, and is refused
 * whole when the licences are short, leaving them all without reports. So a new site counts
 * against the limit when the licences left cannot cover it: the sites without reports from before
 * the job, plus the job's sites beyond its licences, may not pass the limit.
 */
async function batchCreationRoom(tx: Transaction, accountId: number, reportType: number, limit: number, withoutReports: number, earlier: JobSoFar, updating: number): Promise<number> {
  const licences = (await remainingLicenses(tx, accountId, [reportType]))[String(reportType)] ?? 0;
  const before = withoutReports - earlier.created;
  return Math.max(0, limit - before + licences - earlier.sites - updating);
}

/** Every committed chunk's outcome of this job, this attempt's and earlier attempts'. */
async function chunkOutcomes(context: JobContext<ImportSubmitPayload>, prefix: string): Promise<ChunkOutcome[]> {
  const keys = [...(await listJobRunKeys(context.db, context.payload.accountId, prefix))];
  const outcomes = await Promise.all(keys.map((key) => findJobRun(context.db, context.payload.accountId, key)));
  return outcomes.flatMap((stored) => {
    const parsed = ZChunkOutcome.safeParse(stored);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Batch mode: the reports of the imported sites, made by the batch service (its checks, its
 * licences, its job). The batch and this step's job_runs row commit in the batch's own
 * transaction, so a retry finds the batch made rather than making another. A batch that cannot
 * be made (no licences, nothing eligible) leaves the sites imported and says why.
 */
async function startReportsBatch(context: JobContext<ImportSubmitPayload>, siteIds: readonly number[], batchKey: string): Promise<BatchOutcome> {
  const { accountId, userId, impersonating, batch } = context.payload;
  const stored = ZBatchOutcome.safeParse(await findJobRun(context.db, accountId, batchKey));
  if (stored.success) return stored.data;
  if (!batch || siteIds.length === 0) return { batchId: null, batchMessage: null };
  const queue = context.jobs;
  if (!queue) throw new Error('The import submit needs the job queue to start its batch');
  const { deps } = context;
  const caller = await loadJobCaller(context.db, { accountId, userId, impersonating });
  // The batch's own transaction also records this step, so it commits exactly once.
  const recordingQueue: Pick<JobQueue, 'transaction'> = {
    transaction: (work) =>
      queue.transaction(async (tx, enqueue) => {
        if (!(await claimJobRun(tx, accountId, batchKey, deps.now()))) throw new JobError('The batch of this import was already started.', { permanent: true });
        const result = await work(tx, enqueue);
        const started = result as { batchId?: number };
        await setJobRunResult(tx, accountId, batchKey, { batchId: started.batchId ?? null, batchMessage: null });
        return result;
      }),
  };
  try {
    const started = await startBatch(
      { database: deps.database, jobs: recordingQueue, fileStore: deps.fileStore, now: deps.now, gazetteer: deps.gazetteer, scoring: deps.scoring },
      caller,
      {
        siteIds: [...siteIds],
        reportType: batch.reportType,
        methodologyTypeIds: batch.methodologyTypeIds,
        addOnProducts: batch.addOnProducts,
        sendEmailNotification: batch.sendEmailNotification,
      },
      { ignoreCounts: true },
    );
    return { batchId: started.batchId, batchMessage: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const outcome = { batchId: null, batchMessage: error.message };
    await context.db.transaction(async (tx) => {
      if (await claimJobRun(tx, accountId, batchKey, deps.now())) await setJobRunResult(tx, accountId, batchKey, outcome);
    });
    return outcome;
  }
}

/** The submit's work (see importSubmitJob): the rows a chunk at a time, the batch, the task completed. */
async function submitRows(context: JobContext<ImportSubmitPayload>, options: ImportSubmitJobOptions): Promise<void> {
  const { accountId, userId, taskStatusId, includeWarnings } = context.payload;
  const owner = { accountId, userId };
  const prefix = `${context.key}#rows-`;
  let afterId = 0;
  let index = 0;
  const committed = await chunkOutcomes(context, prefix);
  let done = committed.reduce((sum, outcome) => sum + outcome.created + outcome.updated, 0);
  const soFar: JobSoFar = { created: committed.reduce((sum, outcome) => sum + outcome.created, 0), sites: new Set(committed.flatMap((outcome) => outcome.siteIds)).size };
  for (;;) {
    if (context.signal.aborted) throw new Error('The import was stopped before it finished; it will be retried.');
    const rows = await nextSubmittableRows(context.db, owner, { includeWarnings, afterId, limit: options.chunkRows ?? CHUNK_ROWS });
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    // The chunk is named by its first row: a retry re-reads the rows still queued, so a committed chunk is never seen again.
    const chunkIndex = index;
    index += 1;
    const outcome = await context.db.transaction((tx) => submitChunk(context, tx, `${prefix}${rows[0]!.id}`, rows, soFar, async () => options.afterChunk?.(chunkIndex)));
    if (outcome) {
      soFar.created += outcome.created;
      soFar.sites += outcome.siteIds.length;
    }
    done += rows.length;
    await context.progress(done);
  }
  const outcomes = await chunkOutcomes(context, prefix);
  const siteIds = [...new Set(outcomes.flatMap((outcome) => outcome.siteIds))];
  const batch = await startReportsBatch(context, siteIds, `${context.key}#batch`);
  await options.afterBatch?.();
  const skipped = await countQueueRows(context.db, owner);
  await context.commit(async (tx) => {
    const now = context.deps.now();
    const result: TImportSubmitResult = {
      created: outcomes.reduce((sum, outcome) => sum + outcome.created, 0),
      updated: outcomes.reduce((sum, outcome) => sum + outcome.updated, 0),
      skipped,
      batchId: batch.batchId,
      batchMessage: batch.batchMessage,
      finished: now.toISOString(),
    };
    const detail: TImportSubmitDetail = { message: ImportMessages.importComplete, ...result };
    await completeTask(tx, accountId, taskStatusId, { detail: JSON.stringify(detail), objectId: batch.batchId }, now);
    return result;
  });
}

/**
 * POST sites/import/submit's job: the ready rows of the user's queue (and rows with warnings when
 * asked), a chunk per transaction, in id order: new sites for rows without a matching site,
 * updates of the matched sites per updateFlags; submitted rows leave the queue, rows with errors
 * stay. Then, in batch mode, the reports of those sites through the batch service. The task ends
 * with 'Row Import Complete!' and what was done (TImportSubmitDetail as JSON) in its detail; a
 * failure fails it with 'Sites could not be imported/updated.' (or the site-only limit's words).
 */
export function createImportSubmitJob(options: ImportSubmitJobOptions = {}) {
  return defineJob({
    name: IMPORT_SUBMIT_JOB,
    version: 1,
    schema: ZImportSubmitPayload,
    retryLimit: 3,
    async handler(context) {
      if (await context.previousResult()) return;
      try {
        await submitRows(context, options);
      } catch (error) {
        if (error instanceof JobError) throw error;
        throw new JobError(ImportMessages.submitFailed, { cause: error });
      }
    },
  });
}

/** The submit job the app runs. */
export const importSubmitJob = createImportSubmitJob();
