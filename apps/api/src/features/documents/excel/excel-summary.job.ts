import { z } from 'zod';
import { ExcelMessages, FileDownloadType, METHODOLOGY_TYPE_IDS, type MethodologyTypeId } from '@riskatlas/domain';
import { loadJobCaller } from '../../../access/job-caller';
import { siteScope, type SiteScope } from '../../../access/site-scope';
import type { DatabaseHandle } from '../../../db/client';
import { fileDate, writeSpooledDownload } from '../../../platform/files/spooled-download';
import { defineJob, ZJobPayloadBase } from '../../../platform/jobs/job-definition';
import { downloadFileKey, readDownloadReportIds } from '../download-job';
import { readSummaryRows, type SummaryRow } from './excel.repository';
import { summaryCells, summaryHeader } from './excel-summary-sheet';
import { addHeaderRow, createXlsxWriter, sheetRow, XLSX_CONTENT_TYPE } from './xlsx-cells';

/** The job's name (queue excel-summary/v1). */
export const EXCEL_SUMMARY_JOB = 'excel-summary';
/**
 * Reports read per query. A row of a Premium Plus report carries 360 scores: a thousand rows is a
 * few megabytes in flight, and each chunk's rows are written out before the next is read.
 */
const CHUNK_REPORTS = 1000;

/** Payload: who asked, and where the report ids are. */
const ZExcelSummaryPayload = ZJobPayloadBase.extend({
  userId: z.number().int().positive(),
  taskStatusId: z.number().int().positive(),
  impersonating: z.boolean().describe('The request came from provider staff acting in the account'),
  reportIdsKey: z.string().describe('File-store key of the report ids (sorted)'),
  count: z.number().int().min(0).describe('Reports expected (the progress total)'),
  methodologies: z.array(z.number().int().min(1).max(4)).describe('Methodologies whose scores become columns, in order'),
});
export type ExcelSummaryPayload = z.infer<typeof ZExcelSummaryPayload>;

/** Summary rows a chunk at a time, read through the caller's scope (reports deleted since the request are absent). */
async function* rowChunks(database: DatabaseHandle, scope: SiteScope, ids: readonly number[]): AsyncGenerator<SummaryRow[]> {
  for (let start = 0; start < ids.length; start += CHUNK_REPORTS) {
    const rows = await readSummaryRows(database.db, scope, ids.slice(start, start + CHUNK_REPORTS));
    if (rows.length > 0) yield rows;
  }
}

/**
 * Writes an Excel summary into File Downloads (type 0, Excel Summary): one row per report with its
 * site's fields and every score of the chosen methodologies. Rows are streamed to a spool file a
 * chunk at a time (exceljs's streaming writer flushes each committed row), so memory stays flat
 * however many reports there are; progress goes to the task after each chunk.
 */
export const excelSummaryJob = defineJob({
  name: EXCEL_SUMMARY_JOB,
  version: 1,
  schema: ZExcelSummaryPayload,
  retryLimit: 2,
  async handler(context) {
    const { payload, deps, db } = context;
    if (await context.previousResult()) return;
    const caller = await loadJobCaller(db, payload);
    const scope = await siteScope(db, caller);
    const ids = await readDownloadReportIds(deps.fileStore, payload.reportIdsKey);
    const methodologies = payload.methodologies.filter((id): id is MethodologyTypeId => METHODOLOGY_TYPE_IDS.includes(id as MethodologyTypeId));
    await writeSpooledDownload(context, {
      spoolName: 'excel-summary',
      contentType: XLSX_CONTENT_TYPE,
      storageKey: downloadFileKey(payload.accountId, payload.taskStatusId, 'excel-summary', 'xlsx'),
      filename: (now) => `Excel Summary ${fileDate(now)}.xlsx`,
      fileDownloadType: FileDownloadType.ExcelSummary,
      doneMessage: ExcelMessages.ready,
      async fill(spool) {
        const workbook = createXlsxWriter({ filename: spool });
        const sheet = workbook.addWorksheet('Summary', { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
        addHeaderRow(sheet, summaryHeader(caller.account.externalIdName, methodologies));
        await context.chunks({
          total: payload.count,
          source: rowChunks(deps.database, scope, ids),
          handle: async (rows) => {
            for (const row of rows) sheet.addRow(sheetRow(summaryCells(row, methodologies))).commit();
          },
        });
        sheet.commit();
        await workbook.commit();
      },
    });
    await deps.fileStore.delete(payload.reportIdsKey).catch(() => undefined);
  },
});
