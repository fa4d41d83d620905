import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { Messages, type FileDownloadType } from '@riskatlas/domain';
import { JobError, type JobContext, type JobPayloadBase } from '../jobs/job-definition';
import { completeTask } from '../tasks/tasks.service';
import { insertFileDownload } from './files.repository';
import { spoolRootOf, withSpoolFile } from './spool';

const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A job payload that reports to a user's task: the file is theirs and the task says where it is. */
export type CsvDownloadPayload = JobPayloadBase & { userId: number; taskStatusId: number };

/** What a CSV download job writes. */
export interface CsvDownload<T> {
  /** Names the spool file ('sites', 'activity'). */
  spoolName: string;
  /** The header line, with its line ending. */
  header: string;
  /** Rows expected in all: the task's progress total (0 when not known). */
  total: number;
  /** The rows, a chunk at a time. */
  source: AsyncIterable<readonly T[]>;
  /** The CSV lines of one chunk, each with its line ending. */
  lines(rows: readonly T[]): string;
  /** The file-store key: named by the task, so a retry overwrites rather than adds. */
  storageKey: string;
  /** The name File Downloads shows, given the time the file was made. */
  filename(now: Date): string;
  fileDownloadType: FileDownloadType;
  /** What the finished task says. */
  doneMessage: string;
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * The body of a CSV export job: reads the rows in chunks (progress on the task), spools the CSV to
 * an owner-only file under DATA_DIR/spool (removed when the attempt ends, however it ends), stores
 * it under the download's key, then — in one transaction with the job's job_runs row — records the
 * file in File Downloads and completes the task, so a retried job never makes a second file.
 */
export async function writeCsvDownload<P extends CsvDownloadPayload, T>(context: JobContext<P>, download: CsvDownload<T>): Promise<void> {
  const { payload, deps } = context;
  const { accountId, userId, taskStatusId } = payload;
  // The spool file is gone before the task completes: whoever sees the task done finds nothing left behind.
  const size = await withSpoolFile(spoolRootOf(deps.config.dataDir), `${download.spoolName}-${accountId}-${taskStatusId}`, async (spool) => {
    const out = createWriteStream(spool);
    try {
      // A byte-order mark so Excel opens the UTF-8 file with the right characters.
      await write(out, '\uFEFF' + download.header);
      await context.chunks({ total: download.total, source: download.source, handle: async (rows) => write(out, download.lines(rows)) });
    } finally {
      out.end();
      await once(out, 'finish');
    }
    try {
      return (await deps.fileStore.put(download.storageKey, createReadStream(spool), CSV_CONTENT_TYPE)).size;
    } catch (error) {
      throw new JobError(Messages.fileStorageError, { cause: error });
    }
  });
  const now = deps.now();
  await context.commit(async (tx) => {
    const file = await insertFileDownload(tx, {
      accountId,
      userId,
      filename: download.filename(now),
      fileDownloadType: download.fileDownloadType,
      contentType: CSV_CONTENT_TYPE,
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
