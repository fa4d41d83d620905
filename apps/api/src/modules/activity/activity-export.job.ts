import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { FileDownloadType, Messages } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import { insertFileDownload } from '../files/files.repository';
import { completeTask } from '../tasks/tasks.service';
import { defineJob, JobError, ZJobPayloadBase } from '../jobs/job-definition';
import { activityCsvHeader, activityCsvLine } from './activity-csv';
import { auditSnapshot, readAuditEntries, type ActivityEntry } from './activity.repository';

/** The job's name (the queue is activity-export/v1). */
export const ACTIVITY_EXPORT_JOB = 'activity-export';
/** What the finished task says; the file opens from File Downloads (objectType 4). */
export const ACTIVITY_EXPORT_DONE = 'Your activity log is ready in File Downloads.';
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const CHUNK_ROWS = 1000;

/** Payload: the account, the administrator who asked, and the task to report through. */
export const ZActivityExportPayload = ZJobPayloadBase.extend({
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

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function close(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'finish');
}

/** The stored object's key: under the account, named by the task, so a retry overwrites rather than adds. */
export function activityExportKey(accountId: number, taskStatusId: number): string {
  return `accounts/${accountId}/downloads/activity-log-${taskStatusId}.csv`;
}

/**
 * Exports an account's activity (audit) log as CSV into File Downloads. Reads the log in chunks
 * (progress on the task), spools the CSV to a temporary file, stores it under a key named by the
 * task, then — in one transaction with the job's job_runs row — records the file and completes the
 * task, so a retried job never makes a second file.
 */
export const activityExportJob = defineJob({
  name: ACTIVITY_EXPORT_JOB,
  version: 1,
  schema: ZActivityExportPayload,
  retryLimit: 2,
  async handler(context) {
    const { accountId, userId, taskStatusId } = context.payload;
    if (await context.previousResult()) return;
    const { db, deps } = context;
    const { total, lastId } = await auditSnapshot(db, accountId);
    const spool = join(tmpdir(), `riskatlas-activity-${accountId}-${taskStatusId}-${randomBytes(4).toString('hex')}.csv`);
    try {
      const out = createWriteStream(spool);
      try {
        // A byte-order mark so Excel opens the UTF-8 file with the right characters.
        await write(out, '\uFEFF' + activityCsvHeader());
        await context.chunks({
          total,
          source: auditChunks(db, accountId, lastId),
          handle: async (rows) => write(out, rows.map(activityCsvLine).join('')),
        });
      } finally {
        await close(out);
      }
      const key = activityExportKey(accountId, taskStatusId);
      let size: number;
      try {
        ({ size } = await deps.fileStore.put(key, createReadStream(spool), CSV_CONTENT_TYPE));
      } catch (error) {
        throw new JobError(Messages.fileStorageError, { cause: error });
      }
      const now = deps.now();
      await context.commit(async (tx) => {
        const file = await insertFileDownload(tx, {
          accountId,
          userId,
          filename: `Activity Log ${now.toISOString().slice(0, 10)}.csv`,
          fileDownloadType: FileDownloadType.ActivityLog,
          contentType: CSV_CONTENT_TYPE,
          storageKey: key,
          size,
          createdAt: now,
        });
        await completeTask(tx, accountId, taskStatusId, { detail: ACTIVITY_EXPORT_DONE, objectId: file.id }, now);
        return { fileDownloadId: file.id };
      });
    } finally {
      await rm(spool, { force: true });
    }
  },
});
