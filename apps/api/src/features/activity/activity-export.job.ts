import { z } from 'zod';
import { FileDownloadType } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { fileDate, writeCsvDownload } from '../../platform/files/csv-download';
import { defineJob, ZJobPayloadBase } from '../../platform/jobs/job-definition';
import { activityCsvHeader, activityCsvLine } from './activity-csv';
import { auditSnapshot, readAuditEntries, type ActivityEntry } from './activity.repository';

/** The job's name (the queue is activity-export/v1). */
export const ACTIVITY_EXPORT_JOB = 'activity-export';
/** What the finished task says; the file opens from File Downloads (objectType 4). */
export const ACTIVITY_EXPORT_DONE = 'Your activity log is ready in File Downloads.';
const CHUNK_ROWS = 1000;

/** Payload: the account, the administrator who asked, and the task to report through. */
const ZActivityExportPayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  taskStatusId: z.number().int().positive(),
});
export type ActivityExportPayload = z.infer<typeof ZActivityExportPayload>;

/** Reads an account's audit entries with ids up to lastId, a chunk at a time, oldest first. */
async function* auditChunks(db: Db, accountId: number, lastId: number): AsyncGenerator<ActivityEntry[]> {
  let afterId = 0;
  for (;;) {
    const rows = await readAuditEntries(db, accountId, afterId, lastId, CHUNK_ROWS);
    if (rows.length === 0) return;
    yield rows;
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < CHUNK_ROWS) return;
  }
}

/** The stored object's key: under the account, named by the task, so a retry overwrites rather than adds. */
function activityExportKey(accountId: number, taskStatusId: number): string {
  return `accounts/${accountId}/downloads/activity-log-${taskStatusId}.csv`;
}

/**
 * Exports an account's activity (audit) log as CSV into File Downloads: the log up to its newest
 * entry when the job starts, oldest first, written by the shared CSV download job body
 * (platform/files/csv-download.ts: progress, spooling, one file however often the job runs).
 */
export const activityExportJob = defineJob({
  name: ACTIVITY_EXPORT_JOB,
  version: 1,
  schema: ZActivityExportPayload,
  retryLimit: 2,
  async handler(context) {
    const { accountId, taskStatusId } = context.payload;
    if (await context.previousResult()) return;
    const { db } = context;
    const { total, lastId } = await auditSnapshot(db, accountId);
    await writeCsvDownload(context, {
      spoolName: 'activity',
      header: activityCsvHeader(),
      total,
      source: auditChunks(db, accountId, lastId),
      lines: (rows) => rows.map(activityCsvLine).join(''),
      storageKey: activityExportKey(accountId, taskStatusId),
      filename: (now) => `Activity Log ${fileDate(now)}.csv`,
      fileDownloadType: FileDownloadType.ActivityLog,
      doneMessage: ACTIVITY_EXPORT_DONE,
    });
  },
});
