import { archiveHasExcel, archiveHasPdf, releaseHasMapAndPdf, type ArchiveContent } from '@riskatlas/domain';
import type { Caller } from '../../../access/caller';
import type { SiteScope } from '../../../access/site-scope';
import { AppError } from '../../../lib/app-error';
import type { DocumentDeps } from '../documents-deps';
import { reportWorkbookFile } from '../excel/excel.service';
import { safeName } from '../file-names';
import { pdfBuffer, reportPdf } from '../pdf/report-pdf.service';
import { ArchiveNotes, type ArchiveIndex } from './archive-index';
import type { ArchiveReport } from './archive.repository';
import type { ZipSpool } from './archive-zip';

/*
 * One report's files in the archive: its PDF and/or workbook, made by the same functions as the
 * single downloads, and its line of index.csv saying what is in the zip and what was left out.
 */

/** What the archive's content asks of every report. */
interface ArchiveChoices {
  content: ArchiveContent;
  sections: number;
  /** Methodologies of the PDFs; empty = each report's own. */
  methodologies: readonly number[];
}

/** What writing one report into the archive needs. */
export interface ArchiveWriter {
  documents: DocumentDeps;
  caller: Caller;
  scope: SiteScope;
  choices: ArchiveChoices;
  sources: DocumentDeps['gazetteer']['sources'];
  zip: ZipSpool;
  index: ArchiveIndex;
}

/** The methodologies of one report's PDF: those asked that the report has; the report's own when none is (or none was asked). */
function pdfMethodologies(asked: readonly number[], report: ArchiveReport): { methodologies: number[] | undefined; note?: string } {
  if (asked.length === 0) return { methodologies: undefined };
  const mine = asked.filter((id) => report.methodologyTypeIds.includes(id));
  return mine.length > 0 ? { methodologies: mine } : { methodologies: undefined, note: ArchiveNotes.ownMethodologies };
}

/** A report's PDF into the zip; its entry name, or undefined when the report is gone since. */
async function addPdf(writer: ArchiveWriter, report: ArchiveReport, methodologies: number[] | undefined): Promise<string | undefined> {
  const id = report.accountProductReportId;
  let body: Buffer;
  try {
    const { doc } = await reportPdf(writer.documents, writer.caller, { id, sections: writer.choices.sections, methodologies });
    body = await pdfBuffer(doc);
  } catch (error) {
    // Deleted between the chunk's read and its PDF: left out like the reports deleted before.
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
  // The report id makes every name unique within the zip, whatever the site names are.
  const name = `${safeName(report.siteName)} ${report.releaseYear} (${id}).pdf`;
  await writer.zip.addBuffer(name, body, { compress: false });
  return name;
}

/** A report's workbook into the zip; its entry name, or undefined when the report is gone since. */
async function addWorkbook(writer: ArchiveWriter, id: number): Promise<string | undefined> {
  const workbook = await reportWorkbookFile(writer.documents.db, writer.scope, { externalIdName: writer.caller.account.externalIdName, sources: writer.sources }, id);
  if (!workbook) return undefined;
  await writer.zip.addBuffer(workbook.filename, workbook.body, { compress: false });
  return workbook.filename;
}

/** One report's files into the zip, in order (PDF, then workbook), and its line of index.csv. */
export async function addReport(writer: ArchiveWriter, id: number, report: ArchiveReport | undefined): Promise<void> {
  if (!report) {
    await writer.index.add({ accountProductReportId: id, siteName: null, externalId: null, releaseYear: null, files: [], notes: [ArchiveNotes.gone] });
    return;
  }
  const files: string[] = [];
  const notes: string[] = [];
  let gone = false;
  if (archiveHasPdf(writer.choices.content)) {
    if (!releaseHasMapAndPdf(report.releaseYear)) {
      notes.push(ArchiveNotes.noPdf);
    } else {
      const { methodologies, note } = pdfMethodologies(writer.choices.methodologies, report);
      if (note) notes.push(note);
      const name = await addPdf(writer, report, methodologies);
      if (name) files.push(name);
      else gone = true;
    }
  }
  if (!gone && archiveHasExcel(writer.choices.content)) {
    const name = await addWorkbook(writer, id);
    if (name) files.push(name);
    else gone = true;
  }
  if (gone) notes.push(ArchiveNotes.gone);
  await writer.index.add({ accountProductReportId: id, siteName: report.siteName, externalId: report.externalId, releaseYear: report.releaseYear, files, notes });
}
