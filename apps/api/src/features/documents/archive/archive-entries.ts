import { archiveHasExcel, archiveHasPdf, releaseHasMapAndPdf, type ArchiveContent } from '@riskatlas/domain';
import type { Caller } from '../../../access/caller';
import type { SiteScope } from '../../../access/site-scope';
import { AppError } from '../../../lib/app-error';
import type { DocumentDeps } from '../documents-deps';
import { reportWorkbookFile } from '../excel/excel.service';
import { safeName } from '../file-names';
import type { PdfOutcome } from '../pdf/pdfs-in-order';
import type { PdfRequest } from '../pdf/report-pdf.service';
import { ArchiveNotes, type ArchiveIndex } from './archive-index';
import type { ArchiveReport } from './archive.repository';
import type { ZipSpool } from './archive-zip';

/*
 * One report's files in the archive: its PDF and/or workbook, made by the same functions as the
 * single downloads, and its line of index.csv saying what is in the zip and what was left out.
 */

/** What the archive's content asks of every report. */
export interface ArchiveChoices {
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

/** What a report's PDF in the archive is: the request to make it, or why there is none; and a note for index.csv. */
export interface PdfPlan {
  request?: PdfRequest;
  notes: string[];
}

/**
 * A report's PDF in the archive: none when the content has no PDFs or the release has none (≤ 2006);
 * else the sections asked and the methodologies asked that the report has (its own when it has none
 * of them, noted).
 */
export function planPdf(choices: ArchiveChoices, report: ArchiveReport): PdfPlan {
  if (!archiveHasPdf(choices.content)) return { notes: [] };
  if (!releaseHasMapAndPdf(report.releaseYear)) return { notes: [ArchiveNotes.noPdf] };
  const request = { id: report.accountProductReportId, sections: choices.sections };
  if (choices.methodologies.length === 0) return { request, notes: [] };
  const mine = choices.methodologies.filter((id) => report.methodologyTypeIds.includes(id));
  return mine.length > 0 ? { request: { ...request, methodologies: mine }, notes: [] } : { request, notes: [ArchiveNotes.ownMethodologies] };
}

/** A report's PDF, made by pdfsInOrder, into the zip; its entry name, or undefined when the report is gone since. */
async function addPdf(writer: ArchiveWriter, report: ArchiveReport, pdf: PdfOutcome): Promise<string | undefined> {
  if (!pdf.ok) {
    // Deleted between the chunk's read and its PDF: left out like the reports deleted before.
    if (pdf.error instanceof AppError && pdf.error.statusCode === 404) return undefined;
    throw pdf.error;
  }
  // The report id makes every name unique within the zip, whatever the site names are.
  const name = `${safeName(report.siteName)} ${report.releaseYear} (${report.accountProductReportId}).pdf`;
  await writer.zip.addBuffer(name, pdf.buffer, { compress: false });
  return name;
}

/** A report's workbook into the zip; its entry name, or undefined when the report is gone since. */
async function addWorkbook(writer: ArchiveWriter, id: number): Promise<string | undefined> {
  const workbook = await reportWorkbookFile(writer.documents.db, writer.scope, { externalIdName: writer.caller.account.externalIdName, sources: writer.sources }, id);
  if (!workbook) return undefined;
  await writer.zip.addBuffer(workbook.filename, workbook.body, { compress: false });
  return workbook.filename;
}

/**
 * One report's files into the zip, in order (PDF, then workbook), and its line of index.csv.
 * `pdf` is the outcome of the plan's request (made ahead by pdfsInOrder), absent when the plan has none.
 */
export async function addReport(writer: ArchiveWriter, id: number, found: { report: ArchiveReport; plan: PdfPlan; pdf?: PdfOutcome } | undefined): Promise<void> {
  if (!found) {
    await writer.index.add({ accountProductReportId: id, siteName: null, externalId: null, releaseYear: null, files: [], notes: [ArchiveNotes.gone] });
    return;
  }
  const { report, plan, pdf } = found;
  const files: string[] = [];
  const notes = [...plan.notes];
  let gone = false;
  if (pdf) {
    const name = await addPdf(writer, report, pdf);
    if (name) files.push(name);
    else gone = true;
  }
  if (!gone && archiveHasExcel(writer.choices.content)) {
    const name = await addWorkbook(writer, id);
    if (name) files.push(name);
    else gone = true;
  }
  if (gone) notes.push(ArchiveNotes.gone);
  await writer.index.add({ accountProductReportId: id, siteName: report.siteName, externalId: report.externalId, releaseYear: report.releaseYear, files, notes });
}
