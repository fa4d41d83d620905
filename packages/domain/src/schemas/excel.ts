import { z } from 'zod';
import { ZDownloadSelection, selectionIsEmpty } from './downloads';
import { labelled, zIdParam } from './fields';
import { ZMethodologyTypeIds, ZReportSections } from './reports';

/**
 * The Excel contract: POST reports/excelsummary (one row per report, made by a job into File
 * Downloads) and the limits and words around it. GET reports/{id}/excel takes no body.
 */

/** Most reports (or sites) one Excel summary may cover. */
export const MAX_EXCEL_SUMMARY_REPORTS = 20_000;

/** What the Excel summary says and refuses. */
export const ExcelMessages = {
  /** The product's words for a summary above MAX_EXCEL_SUMMARY_REPORTS sites or reports. */
  tooLarge: `The batch contains more than ${MAX_EXCEL_SUMMARY_REPORTS} reports and is too large to download an Excel Summary. Consider creating a Report Archive containing only an Excel Report instead.`,
  /** Nothing to summarise: no ids, or none of the selected sites has a report in the release. */
  noReports: 'There are no reports for the selected site(s) in the currently selected release year.',
  /** The task's title. */
  taskTitle: 'Excel summary',
  /** What the finished task says. */
  ready: 'Your Excel summary is ready in File Downloads.',
} as const;

/**
 * Body of POST reports/excelsummary. The reports are named directly (a batch, the download
 * wizard), or as sites with a release (the Site Library's selection in its filter's release: each
 * site's report of that release), or both. Sections and supplements are the download payload's
 * shared fields: a summary has one row per report, so only the methodologies choose its columns.
 */
export const ZExcelSummaryRequest = ZDownloadSelection.extend({
  methodologies: ZMethodologyTypeIds.optional().describe('Methodologies whose scores become columns; absent or empty = every methodology the reports have'),
  sections: ZReportSections.optional().describe('Report sections of the download (shared download field; the summary shows scores)'),
  supplements: z.number(labelled('Supplements')).int().min(0).optional().describe('Supplements bit field of the download (shared download field)'),
}).refine((body) => !selectionIsEmpty(body), { error: ExcelMessages.noReports, path: ['accountProductReportIds'] });
export type TExcelSummaryRequest = z.infer<typeof ZExcelSummaryRequest>;

/** Answer of POST reports/excelsummary: the task to follow. */
export const ZExcelSummaryStarted = z.object({
  taskStatusId: z.number().int().positive().describe('Poll users/taskstatuses/{taskStatusId}; when currentStatus is 2, objectID is the file id'),
  count: z.number().int().min(0).describe('Reports in the summary'),
});
export type TExcelSummaryStarted = z.infer<typeof ZExcelSummaryStarted>;

/** Path of GET reports/{id}/excel. */
export const ZReportExcelParams = z.object({ id: zIdParam('Report id').describe('accountProductReportId of the report') });
export type TReportExcelParams = z.infer<typeof ZReportExcelParams>;
