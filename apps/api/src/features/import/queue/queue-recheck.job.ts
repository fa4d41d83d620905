import { z } from 'zod';
import { defineJob, ZJobPayloadBase, type JobContext, type JobDefinition } from '../../../platform/jobs/job-definition';
import { listPendingRowIds } from './queue.repository';

/** The job's name (queue import-recheck/v1). */
export const IMPORT_RECHECK_JOB = 'import-recheck';

/** Payload: whose queue, and the rows to check (absent: every pending row of that queue). */
const ZImportRecheckPayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  rowIds: z.array(z.number().int().positive()).max(10_000).optional().describe('The rows edited; absent = every pending row of the queue (new options for many rows)'),
});
export type ImportRecheckPayload = z.infer<typeof ZImportRecheckPayload>;

/**
 * Checks rows of a user's queue again after an edit or new options: validates, geocodes and
 * matches them and writes their flags, clearing pendingUpdate. Must be idempotent (the job may
 * run again after a crash) and must leave alone rows no longer pending.
 */
type RecheckRows = (context: JobContext<ImportRecheckPayload>, accountId: number, userId: number, rowIds: readonly number[]) => Promise<void>;

/**
 * The import-recheck job around a recheck: the rows named (or every pending row of the queue),
 * checked by `recheck`. The processing feature's checkQueueRows is the recheck the app runs; the
 * definition takes it as a parameter so the queue does not depend on the processing code.
 */
export function createImportRecheckJob(recheck: RecheckRows): JobDefinition<ImportRecheckPayload> {
  return defineJob({
    name: IMPORT_RECHECK_JOB,
    version: 1,
    schema: ZImportRecheckPayload,
    retryLimit: 3,
    async handler(context) {
      const { accountId, userId, rowIds } = context.payload;
      const ids = rowIds ?? (await listPendingRowIds(context.db, { accountId, userId }));
      if (ids.length > 0) await recheck(context, accountId, userId, ids);
    },
  });
}
