import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { batchCreatedMessage, ZReportType } from '@riskatlas/domain';
import { loadJobCaller } from '../../access/job-caller';
import type { Caller } from '../../access/caller';
import { siteScope } from '../../access/site-scope';
import { chunksOf } from '../../platform/jobs/job-context';
import { defineJob, ZJobPayloadBase, type JobContext } from '../../platform/jobs/job-definition';
import { isFinalFailure, userMessageOf } from '../../platform/jobs/queue';
import { batchCompleteMail } from '../../platform/mail/templates';
import { completeTask } from '../../platform/tasks/tasks.service';
import { touchAccountData } from '../sites/index';
import { writeBatchChunk } from './batch-chunk';
import { readBatchUnits } from './batch-units-file';
import { completeBatch, failBatch } from './batches.repository';
import { resolveReportOrder } from './report-order';

/** The job's name (queue report-batch/v1). */
export const BATCH_JOB = 'report-batch';
/**
 * Reports written per transaction. About 0.3 s a chunk on a loaded 2-core machine, so the task and
 * the batch show progress well within every 2 s (docs/PERFORMANCE.md, batches).
 */
const CHUNK_REPORTS = 500;
const RETRY_LIMIT = 3;
/**
 * Pause between chunks. On embedded PGlite (one connection) a request's queries wait behind the
 * chunk transactions, and without a gap the next chunk takes the connection first: the progress
 * polls of the Batches page would answer only when the batch ends.
 */
const PAUSE_BETWEEN_CHUNKS_MS = 30;

/** The chunks of `items`, with a pause before every chunk after the first. */
async function* pacedChunks<T>(items: readonly T[], size: number, pauseMs: number): AsyncGenerator<readonly T[]> {
  let first = true;
  for (const chunk of chunksOf(items, size)) {
    if (!first) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    first = false;
    yield chunk;
  }
}

/** Payload: who asked, the task, the batch, the key of its planned reports and the order as checked at creation. */
const ZBatchPayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  taskStatusId: z.number().int().positive(),
  batchId: z.number().int().positive(),
  unitsKey: z.string().min(1).describe('File-store key of the planned reports'),
  count: z.number().int().min(1).describe('How many reports the batch plans'),
  impersonating: z.boolean().describe('Asked by provider staff acting in the account'),
  reportType: ZReportType,
  methodologyTypeIds: z.array(z.number().int()),
  addOnProducts: z.array(z.number().int()),
  sendEmailNotification: z.boolean(),
});
export type BatchPayload = z.infer<typeof ZBatchPayload>;

/** Options of the batch job (the crash test writes smaller, slower chunks). */
interface BatchJobOptions {
  chunkReports?: number;
  /** Runs inside each chunk's transaction, after its writes. */
  afterChunk?: (index: number, tx: Transaction) => Promise<void>;
}

/** Writes every chunk of the batch; a failure for good marks the batch failed with the task's message. */
async function writeChunks(context: JobContext<BatchPayload>, caller: Caller, options: BatchJobOptions): Promise<void> {
  const { payload, deps, db } = context;
  try {
    // The rights are read again now: a user who lost them since the request gets the 403's words.
    const order = resolveReportOrder(caller, payload);
    const units = await readBatchUnits(deps.fileStore, payload.unitsKey);
    const target = { caller, scope: await siteScope(db, caller), order, batchId: payload.batchId, batchSize: payload.count };
    await context.chunks({
      total: units.length,
      source: pacedChunks(units, options.chunkReports ?? CHUNK_REPORTS, PAUSE_BETWEEN_CHUNKS_MS),
      durable: true,
      handle: async (chunk, index, chunkDb) => {
        // A savepoint inside the chunk's own transaction: the ledger's debit needs a transaction handle.
        await chunkDb.transaction(async (tx) => {
          await writeBatchChunk(deps, tx, target, chunk);
          await options.afterChunk?.(index, tx);
        });
      },
    });
  } catch (error) {
    if (isFinalFailure(error, context.attempt, RETRY_LIMIT)) await failBatch(db, payload.accountId, payload.batchId, userMessageOf(error), deps.now());
    throw error;
  }
}

/**
 * Creates a batch's reports a chunk at a time. Each chunk is ONE transaction: its reports, their
 * licence debit, the batch's rows and reportsCompleted, the task's countCompleted and the chunk's
 * job_runs row, so a job killed mid-way resumes at the next chunk with nothing written twice.
 * A chunk that fails for good (licences used up meanwhile, rights withdrawn) fails the batch and
 * the task with its message; the reports created so far stand. Then, once: the batch completed,
 * the account's data marked changed (site lists refresh), the task completed, and the e-mail.
 */
export function createBatchJob(options: BatchJobOptions = {}) {
  return defineJob({
    name: BATCH_JOB,
    version: 1,
    schema: ZBatchPayload,
    retryLimit: RETRY_LIMIT,
    async handler(context) {
      const { payload, deps, db } = context;
      const { accountId, taskStatusId, batchId } = payload;
      if (!(await context.previousResult())) {
        const caller = await loadJobCaller(db, payload);
        await writeChunks(context, caller, options);
        const { created } = await context.commit(async (tx) => {
          const now = deps.now();
          const completed = await completeBatch(tx, accountId, batchId, now);
          await touchAccountData(tx, accountId, now);
          await completeTask(tx, accountId, taskStatusId, { detail: batchCreatedMessage(completed), objectId: batchId }, now);
          return { created: completed };
        });
        if (payload.sendEmailNotification) {
          const message = batchCompleteMail({ to: caller.user.email, firstName: caller.user.firstName, reportsCreated: created, link: `${deps.config.publicUrl}/?currentPage=Batches` });
          // The batch stands whatever the mail server says; a retry must not create it again.
          await deps.mailer.send(message).catch(() => undefined);
        }
      }
      // The planned reports are done with; a failure to remove them leaves only an unread file.
      await deps.fileStore.delete(payload.unitsKey).catch(() => undefined);
    },
  });
}

/** The batch job the app runs. */
export const batchJob = createBatchJob();
