import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  ExcelMessages,
  MAX_EXCEL_SUMMARY_REPORTS,
  METHODOLOGY_TYPE_IDS,
  ReportMessages,
  TaskObjectType,
  type MethodologyTypeId,
  type TExcelSummaryRequest,
  type TExcelSummaryStarted,
} from '@riskatlas/domain';
import type { AuthContext } from '../../../access/caller';
import { siteScope, type SiteScope } from '../../../access/site-scope';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { FileStore } from '../../../platform/files/file-store';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { putJobInput } from '../../../platform/jobs/job-input-file';
import { createTask } from '../../../platform/tasks/tasks.service';
import { EXCEL_SUMMARY_JOB, type ExcelSummaryPayload } from './excel-summary.job';
import { resolveDownloadSelection } from '../../reports/index';
import { findExcelReport, findMethodologiesOf } from './excel.repository';
import { writeReportWorkbook, type SheetSource } from './report-workbook';
import { createXlsxWriter } from './xlsx-cells';

/** What the Excel services use. */
export interface ExcelDeps {
  db: Db;
  jobs: JobQueue;
  fileStore: FileStore;
  sources: readonly SheetSource[];
  now: () => Date;
}

/** A report's workbook, with its file name. */
export interface ReportWorkbookDownload {
  filename: string;
  body: Buffer;
}

/** A file name made of a site name: characters file systems refuse become spaces. */
function safeName(text: string): string {
  return text.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim().slice(0, 100) || 'Report';
}

/**
 * GET reports/{id}/excel: one report of the caller's as a workbook.
 * A report that is not theirs to see answers 404.
 */
export async function reportWorkbook(deps: ExcelDeps, auth: AuthContext, id: number): Promise<ReportWorkbookDownload> {
  const found = await findExcelReport(deps.db, await siteScope(deps.db, auth), id);
  if (!found) throw AppError.notFound(ReportMessages.reportNotFound);
  // One report is a few hundred rows: the workbook is made whole before the answer starts, so a
  // failure answers a plain error rather than a truncated file.
  const stream = new PassThrough();
  const body = buffer(stream);
  await writeReportWorkbook(createXlsxWriter({ stream }), { ...found, externalIdName: auth.account.externalIdName, sources: deps.sources });
  return { filename: `${safeName(found.site.siteName)} ${found.report.releaseYear} (${id}).xlsx`, body: await body };
}

/** The reports a summary covers: at most 20,000, every one the caller's; none at all is refused. */
async function summaryReportIds(db: Db, auth: AuthContext, scope: SiteScope, body: TExcelSummaryRequest): Promise<number[]> {
  const { ids } = await resolveDownloadSelection(db, auth, scope, body, { max: MAX_EXCEL_SUMMARY_REPORTS, tooLarge: () => ExcelMessages.tooLarge, unseen: 'refuse' });
  if (ids.length === 0) throw AppError.badRequest(ExcelMessages.noReports, 'siteIds');
  return ids;
}

/** Every methodology the reports have, in id order. */
async function methodologiesOfReports(db: Db, scope: SiteScope, ids: readonly number[]): Promise<MethodologyTypeId[]> {
  const present = await findMethodologiesOf(db, scope, ids);
  return METHODOLOGY_TYPE_IDS.filter((id) => present.has(id));
}

/**
 * POST reports/excelsummary: starts the job that writes an Excel summary of up to 20,000 reports
 * into the caller's File Downloads. Reading changes nothing, so read-only callers may ask too. The
 * score columns are the methodologies asked for, or every methodology the reports have.
 */
export async function requestExcelSummary(deps: ExcelDeps, auth: AuthContext, body: TExcelSummaryRequest): Promise<TExcelSummaryStarted> {
  const scope = await siteScope(deps.db, auth);
  const ids = await summaryReportIds(deps.db, auth, scope, body);
  const asked = [...new Set(body.methodologies ?? [])] as MethodologyTypeId[];
  const methodologies = asked.length > 0 ? asked : await methodologiesOfReports(deps.db, scope, ids);
  const reportIdsKey = await putJobInput(deps.fileStore, auth.accountId, 'excel-summary', ids);
  try {
    const taskStatusId = await deps.jobs.transaction(async (tx, enqueue) => {
      const task = await createTask(
        tx,
        { accountId: auth.accountId, userId: auth.userId, message: ExcelMessages.taskTitle, objectType: TaskObjectType.FileDownload, countTotal: ids.length, jobName: EXCEL_SUMMARY_JOB },
        deps.now(),
      );
      const payload: ExcelSummaryPayload = {
        accountId: auth.accountId,
        userId: auth.userId,
        taskStatusId: task.id,
        impersonating: auth.impersonating,
        reportIdsKey,
        count: ids.length,
        methodologies,
      };
      await enqueue(EXCEL_SUMMARY_JOB, payload, { key: `task-${task.id}` });
      return task.id;
    });
    return { taskStatusId, count: ids.length };
  } catch (error) {
    await deps.fileStore.delete(reportIdsKey).catch(() => undefined);
    throw error;
  }
}
