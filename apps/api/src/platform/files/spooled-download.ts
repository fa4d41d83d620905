import { createReadStream } from 'node:fs';
import { Messages, type FileDownloadType } from '@riskatlas/domain';
import { JobError, type JobContext, type JobPayloadBase } from '../jobs/job-definition';
import { completeTask } from '../tasks/tasks.service';
import { insertFileDownload } from './files.repository';
import { spoolRootOf, withSpoolFile } from './spool';

/** A job payload that reports to a user's task: the file is theirs and the task says where it is. */
export type DownloadPayload = JobPayloadBase & { userId: number; taskStatusId: number };

/** What a download job makes, whatever its format (CSV, xlsx). */
export interface SpooledDownload {
  /** Names the spool file ('sites', 'excel-summary'). */
  spoolName: string;
  /** The MIME type the file is stored and served with. */
  contentType: string;
  /** Writes the whole file to the spool path (progress is the writer's to report). */
  fill(spoolPath: string): Promise<void>;
  /** The file-store key: named by the task, so a retry overwrites rather than adds. */
  storageKey: string;
  /** The name File Downloads shows, given the time the file was made. */
  filename(now: Date): string;
  fileDownloadType: FileDownloadType;
  /** What the finished task says. */
  doneMessage: string;
  /** The user the file is recorded for, when not the payload's user (an archive made for the account's administrator while staff impersonate). */
  ownerUserId?: number;
}

/** What a finished download job made: the File Downloads row of its file. */
export interface SpooledDownloadResult {
  fileDownloadId: number;
}

/**
 * The common end of every download job: the file is written to an owner-only spool file under
 * DATA_DIR/spool (removed when the attempt ends, however it ends) so memory stays flat however
 * large it grows, stored under the download's key, then — in one transaction with the job's
 * job_runs row — recorded in File Downloads and the task completed, so a retried job never makes
 * a second file.
 */
export async function writeSpooledDownload<P extends DownloadPayload>(context: JobContext<P>, download: SpooledDownload): Promise<SpooledDownloadResult> {
  const { payload, deps } = context;
  const { accountId, userId, taskStatusId } = payload;
  // The spool file is gone before the task completes: whoever sees the task done finds nothing left behind.
  const size = await withSpoolFile(spoolRootOf(deps.config.dataDir), `${download.spoolName}-${accountId}-${taskStatusId}`, async (spool) => {
    await download.fill(spool);
    try {
      return (await deps.fileStore.put(download.storageKey, createReadStream(spool), download.contentType)).size;
    } catch (error) {
      throw new JobError(Messages.fileStorageError, { cause: error });
    }
  });
  const now = deps.now();
  return context.commit(async (tx) => {
    const file = await insertFileDownload(tx, {
      accountId,
      userId: download.ownerUserId ?? userId,
      filename: download.filename(now),
      fileDownloadType: download.fileDownloadType,
      contentType: download.contentType,
      storageKey: download.storageKey,
      size,
      createdAt: now,
    });
    await completeTask(tx, accountId, taskStatusId, { detail: download.doneMessage, objectId: file.id }, now);
    return { fileDownloadId: file.id };
  });
}

/** 'YYYY-MM-DD' of a time, UTC: the date in download file names. */
export function fileDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
