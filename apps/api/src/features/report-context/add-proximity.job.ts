import { z } from 'zod';
import { hasFeature, ProductId, ReportContextMessages, ReportFeature, type ReportType } from '@riskatlas/domain';
import type { ReportRow } from '../../db/schema/index';
import type { Caller } from '../../access/caller';
import { loadJobCaller } from '../../access/job-caller';
import { siteScope } from '../../access/site-scope';
import { chunksOf } from '../../platform/jobs/job-context';
import { defineJob, JobError, ZJobPayloadBase, type JobDeps } from '../../platform/jobs/job-definition';
import { readJobInput } from '../../platform/jobs/job-input-file';
import { completeTask } from '../../platform/tasks/tasks.service';
import type { Db } from '../../db/client';
import { addOnsToReports, findScopedReports } from '../reports/index';
import { touchAccountData } from '../sites/index';

/** The job's name (queue report-add-proximity/v1). */
export const ADD_PROXIMITY_JOB = 'report-add-proximity';
/** Reports changed per transaction: the task shows progress after each. */
const CHUNK_REPORTS = 500;

/** Payload: who asked, the task, and the key of the stored list of report ids (checked at the request). */
const ZAddProximityPayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  taskStatusId: z.number().int().positive(),
  impersonating: z.boolean().describe('Asked by provider staff acting in the account'),
  reportIdsKey: z.string().min(1).describe('File-store key of the JSON list of report ids'),
  count: z.number().int().min(1).describe('How many reports the list holds'),
});
export type AddProximityPayload = z.infer<typeof ZAddProximityPayload>;

/** Reads the stored id list; a damaged list fails the task for good. */
async function readReportIds(deps: JobDeps, key: string): Promise<number[]> {
  const ids = await readJobInput(deps.fileStore, key);
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id) && id > 0)) throw new JobError('The list of reports of this task is damaged.', { permanent: true });
  return ids as number[];
}

/** Reports that still lack proximity, grouped the way the upgrade path takes them: one report type and the same methodologies. */
function upgradeGroups(rows: readonly ReportRow[]): Array<{ reportType: ReportType; ids: number[] }> {
  const groups = new Map<string, { reportType: ReportType; ids: number[] }>();
  for (const row of rows) {
    if (hasFeature(row.features, ReportFeature.Proximity)) continue;
    const key = `${row.reportType}:${[...row.methodologyTypeIds].sort((a, b) => a - b).join(',')}`;
    const group = groups.get(key) ?? { reportType: row.reportType as ReportType, ids: [] };
    group.ids.push(row.accountProductReportId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Adds the Proximity add-on to one chunk's reports inside the chunk's transaction. */
async function addToChunk(deps: JobDeps, db: Db, caller: Caller, chunk: readonly number[]): Promise<void> {
  // Reports deleted since the request, or no longer visible to the user, are skipped.
  const rows = await findScopedReports(db, await siteScope(db, caller), chunk);
  const services = { db, gazetteer: deps.gazetteer, scoring: deps.scoring, mailer: deps.mailer, now: deps.now, publicUrl: deps.config.publicUrl };
  for (const group of upgradeGroups(rows)) {
    await addOnsToReports(services, caller, { accountProductReportIds: group.ids, reportType: group.reportType, addOnProducts: [ProductId.ProximityAddOn] });
  }
}

/**
 * Adds points of interest (the Proximity add-on) to reports a chunk at a time. Each chunk is one
 * transaction: the reports' change, the add-on licences it debits (through the upgrade path) and
 * the chunk's job_runs row, so a retry after a crash neither adds nor debits twice; reports that
 * have proximity already are skipped. A chunk that fails for good (licences used up, rights
 * withdrawn) fails the task with its message; the chunks before it stand. Then, once: the
 * account's data marked changed (site lists refresh) and the task completed.
 */
export const addProximityJob = defineJob({
  name: ADD_PROXIMITY_JOB,
  version: 1,
  schema: ZAddProximityPayload,
  retryLimit: 3,
  async handler(context) {
    const { payload, deps, db } = context;
    if (!(await context.previousResult())) {
      const caller = await loadJobCaller(db, payload);
      const ids = await readReportIds(deps, payload.reportIdsKey);
      await context.chunks({
        total: ids.length,
        source: chunksOf(ids, CHUNK_REPORTS),
        durable: true,
        handle: async (chunk, _index, chunkDb) => {
          await chunkDb.transaction(async (tx) => addToChunk(deps, tx, caller, chunk));
        },
      });
      await context.commit(async (tx) => {
        const now = deps.now();
        await touchAccountData(tx, payload.accountId, now);
        await completeTask(tx, payload.accountId, payload.taskStatusId, { detail: ReportContextMessages.proximityAdded(payload.count) }, now);
        return { added: payload.count };
      });
    }
    // The id list is done with; a failure to remove it leaves only an unread file.
    await deps.fileStore.delete(payload.reportIdsKey).catch(() => undefined);
  },
});
