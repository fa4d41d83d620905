import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { FileDownloadType } from '@riskatlas/domain';
import type { JobContext } from '../jobs/job-definition';
import { writeSpooledDownload, type DownloadPayload } from './spooled-download';

export { fileDate } from './spooled-download';

const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A job payload that reports to a user's task: the file is theirs and the task says where it is. */
export type CsvDownloadPayload = DownloadPayload;

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
 * The body of a CSV export job: reads the rows in chunks (progress on the task) and writes them to
 * the spool file that writeSpooledDownload stores and records in File Downloads.
 */
export async function writeCsvDownload<P extends CsvDownloadPayload, T>(context: JobContext<P>, download: CsvDownload<T>): Promise<void> {
  await writeSpooledDownload(context, {
    spoolName: download.spoolName,
    contentType: CSV_CONTENT_TYPE,
    storageKey: download.storageKey,
    filename: download.filename,
    fileDownloadType: download.fileDownloadType,
    doneMessage: download.doneMessage,
    async fill(spool) {
      const out = createWriteStream(spool);
      try {
        // A byte-order mark so Excel opens the UTF-8 file with the right characters.
        await write(out, '\uFEFF' + download.header);
        await context.chunks({ total: download.total, source: download.source, handle: async (rows) => write(out, download.lines(rows)) });
      } finally {
        out.end();
        await once(out, 'finish');
      }
    },
  });
}
