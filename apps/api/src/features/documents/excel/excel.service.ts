import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  ExcelMessages,
  MAX_EXCEL_SUMMARY_REPORTS,
  METHODOLOGY_TYPE_IDS,
  ReportMessages,
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
import { EXCEL_SUMMARY_JOB, type ExcelSummaryPayload } from './excel-summary.job';
import { resolveDownloadSelection } from '../../reports/index';
import { findExcelReport, findMethodologiesOf } from './excel.repository';
import { writeReportWorkbook, type SheetSource } from './report-workbook';
import { createXlsxWriter } from './xlsx-cells';
import { safeName } from '../file-names';
import { startDownloadJob } from '../download-job';

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

/**
 * GET reports/{id}/excel: one report of the caller's as a workbook.
 * A report that is not theirs to see answers 404.
 */
export async function reportWorkbook(deps: ExcelDeps, auth: AuthContext, id: number): Promise<ReportWorkbookDownload> {
  const found = await reportWorkbookFile(deps.db, await siteScope(deps.db, auth), { externalIdName: auth.account.externalIdName, sources: deps.sources }, id);
  if (!found) throw AppError.notFound(ReportMessages.reportNotFound);
  return found;
}

/**
 * One report's workbook as bytes with its file name ('<site> <release> (<id>).xlsx'), read through
 * the caller's scope; undefined when the report is not theirs to see (or no longer exists). Shared
 * by the single download and the report archive.
 */
export async function reportWorkbookFile(db: Db, scope: SiteScope, options: { externalIdName: string; sources: readonly SheetSource[] }, id: number): Promise<ReportWorkbookDownload | undefined> {
  const found = await findExcelReport(db, scope, id);
  if (!found) return undefined;
  // One report is a few hundred rows: the workbook is made whole before it is handed on, so a
  // failure answers a plain error rather than a truncated file.
  const stream = new PassThrough();
  const body = buffer(stream);
  await writeReportWorkbook(createXlsxWriter({ stream }), { ...found, ...options });
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
  const taskStatusId = await startDownloadJob(deps, auth, {
    jobName: EXCEL_SUMMARY_JOB,
    taskTitle: ExcelMessages.taskTitle,
    ids,
    payload: (base): ExcelSummaryPayload => ({ ...base, methodologies }),
  });
  return { taskStatusId, count: ids.length };
}
