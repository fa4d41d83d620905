import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { CSV_NEWLINE, csvRow, ReportDocumentMessages } from '@riskatlas/domain';

/** Why a report, or one of its files, is not in the archive: said in index.csv's Note column. */
export const ArchiveNotes = {
  /** The report was deleted (or hidden from the requester) after the download was requested. */
  gone: 'Left out: the report was deleted after the download was requested, or you may no longer see it.',
  /** A release of 2006 or earlier: no PDF exists for it. */
  noPdf: `No PDF: ${ReportDocumentMessages.noPdfForRelease}`,
  /** None of the methodologies asked for is the report's. */
  ownMethodologies: "None of the chosen methodologies is in this report: the PDF shows the report's own.",
} as const;

/** One line of index.csv: a report, the files it has in the archive, and what was left out. */
interface ArchiveIndexRow {
  accountProductReportId: number;
  siteName: string | null;
  externalId: string | null;
  releaseYear: number | null;
  files: readonly string[];
  notes: readonly string[];
}

/**
 * index.csv of an archive, written to a spool file a line at a time as the reports are added (an
 * archive of 100,000 reports would otherwise hold its whole index in memory until the end). Cells
 * go through the one CSV rule, which defuses text a spreadsheet would run as a formula.
 */
export interface ArchiveIndex {
  add(row: ArchiveIndexRow): Promise<void>;
  close(): Promise<void>;
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Opens index.csv at `path` with its header; the external id column carries the account's label. */
export async function openArchiveIndex(path: string, externalIdName: string): Promise<ArchiveIndex> {
  const out = createWriteStream(path);
  // A byte-order mark so Excel opens the UTF-8 file with the right characters.
  await write(out, '\uFEFF' + csvRow(['Report ID', 'Site Name', externalIdName, 'Release', 'Files', 'Note']) + CSV_NEWLINE);
  return {
    add: (row) => write(out, csvRow([row.accountProductReportId, row.siteName, row.externalId, row.releaseYear, row.files.join('; '), row.notes.join(' ')]) + CSV_NEWLINE),
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}
