import { z } from 'zod';
import { sitesDeletedMessage } from '@riskatlas/domain';
import { recordAudit } from '../../platform/audit/audit.repository';
import { chunksOf } from '../../platform/jobs/job-context';
import { defineJob, ZJobPayloadBase } from '../../platform/jobs/job-definition';
import { completeTask } from '../../platform/tasks/tasks.service';
import { readSiteIds } from './site-id-file';
import { deleteSitesById, touchAccountData } from './sites.repository';

/** The job's name (queue site-delete/v1). */
export const SITE_DELETE_JOB = 'site-delete';
/** Sites deleted per transaction. */
const CHUNK_SITES = 1000;

/** Payload: who asked, the task, and the key of the stored id list (already checked: the caller's sites). */
const ZSiteDeletePayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  taskStatusId: z.number().int().positive(),
  siteIdsKey: z.string().min(1).describe('File-store key of the JSON list of site ids'),
  count: z.number().int().min(1).describe('How many ids the list holds'),
  reason: z.string().nullable().describe('The reason given on the support path, for the audit log'),
  impersonatorUserId: z.number().int().nullable().describe('Set when provider staff asked while impersonating'),
});
export type SiteDeletePayload = z.infer<typeof ZSiteDeletePayload>;

/**
 * Deletes sites (their reports and comments go with them by foreign key) a chunk at a time, each
 * chunk in its own transaction with its job_runs row, so a retry after a crash skips what was
 * deleted and the task's count only grows. Then, once: the account's data marked changed (clients
 * reload their cached site lists), an audit entry, and the task completed.
 */
export const siteDeleteJob = defineJob({
  name: SITE_DELETE_JOB,
  version: 1,
  schema: ZSiteDeletePayload,
  retryLimit: 3,
  async handler(context) {
    const { accountId, userId, taskStatusId, siteIdsKey, count, reason, impersonatorUserId } = context.payload;
    const { deps } = context;
    if (!(await context.previousResult())) {
      const siteIds = await readSiteIds(deps.fileStore, siteIdsKey);
      await context.chunks({
        total: siteIds.length,
        source: chunksOf(siteIds, CHUNK_SITES),
        durable: true,
        handle: async (chunk, _index, tx) => {
          await deleteSitesById(tx, accountId, chunk);
          // Lists read while the job runs show the sites deleted so far.
          await touchAccountData(tx, accountId, deps.now());
        },
      });
      await context.commit(async (tx) => {
        const now = deps.now();
        await touchAccountData(tx, accountId, now);
        await recordAudit(tx, { accountId, actorUserId: userId, impersonatorUserId, action: 'sites.deleted', targetType: 'task', targetId: String(taskStatusId), detail: { count, reason } });
        await completeTask(tx, accountId, taskStatusId, { detail: sitesDeletedMessage(count) }, now);
        return { deleted: count };
      });
    }
    // The id list is done with; a failure to remove it leaves only an unread file.
    await deps.fileStore.delete(siteIdsKey).catch(() => undefined);
  },
});
