import { z } from 'zod';
import { labelled, zIdList, zWholeNumber } from './fields';
import { MAX_DOWNLOAD_REPORTS, ZMethodologyTypeIds, ZReleaseYearRequest, ZReportSections } from './reports';

/**
 * The report-download contract: which reports a download covers (POST reports/counts and
 * reports/bulkdownload take the same selection), the report archive job and the download
 * wizard's choices. The archive is a zip of PDFs and/or Excel workbooks, made by a job into File
 * Downloads (type 2, Report Archive) and announced by e-mail.
 */

/** Above this many reports an archive leaves out the proximity and demographics sections. */
export const MAX_ARCHIVE_REPORTS_WITH_CONTEXT = 50_000;

/** What the download wizard and the archive say. */
export const DownloadMessages = {
  /** Nothing selected resolves to a report. */
  noReports: 'There are no reports for the selected site(s) in the currently selected release year.',
  /** Admin data mode is for administrators and provider staff. */
  adminOnly: 'Only account administrators can download the data of the whole account.',
  /** The confirmation once an archive is requested: it may take up to 24 hours, and an e-mail follows. */
  confirm: 'Your download has been requested. It may take up to 24 hours or more to prepare; an e-mail with a link will follow when it is ready, and the file will appear in File Downloads.',
  /** Said when proximity and demographics were switched off for the size. */
  contextOff: `Proximity and demographics are not included in downloads of more than ${MAX_ARCHIVE_REPORTS_WITH_CONTEXT.toLocaleString('en-US')} reports.`,
  /** The task's title. */
  taskTitle: 'Report archive',
  /** What the finished task says. */
  ready: 'Your report archive is ready in File Downloads.',
  /** Subject of the e-mail sent when the archive is ready. */
  emailSubject: 'Your RiskAtlas report archive is ready',
  /** This product's words: the send-to-me option outside impersonation. */
  notImpersonating: 'Only provider staff acting in a customer account can have a download sent to themselves.',
  /** What the task says when the archive could not be made (no internal detail). */
  failed: 'The report archive could not be made. Please try again, or contact support if it happens again.',
} as const;

/** What an archive holds: PDFs, Excel workbooks, or both (one of each per report). */
export const ARCHIVE_CONTENTS = ['pdf', 'excel', 'pdfExcel'] as const;
export type ArchiveContent = (typeof ARCHIVE_CONTENTS)[number];

/** Whether an archive of this content carries PDFs. */
export function archiveHasPdf(content: ArchiveContent): boolean {
  return content !== 'excel';
}

/** Whether an archive of this content carries Excel workbooks. */
export function archiveHasExcel(content: ArchiveContent): boolean {
  return content !== 'pdf';
}

/**
 * The download wizard's reportType step: 0 and 4 make one file and wait for it
 * (waitForDownload); 1–3 make a report archive. pdfType is offered for the non-zero types that
 * carry PDFs, to provider staff and impersonating users.
 */
export const DownloadReportType = { ExcelSummary: 0, Pdf: 1, PdfAndExcel: 2, Excel: 3, Csv: 4 } as const;
export type DownloadReportType = (typeof DownloadReportType)[keyof typeof DownloadReportType];

/** The archive content of an archive report type; null for the single-file types (Excel summary, CSV). */
export function archiveContentOf(type: DownloadReportType): ArchiveContent | null {
  switch (type) {
    case DownloadReportType.Pdf:
      return 'pdf';
    case DownloadReportType.PdfAndExcel:
      return 'pdfExcel';
    case DownloadReportType.Excel:
      return 'excel';
    default:
      return null;
  }
}

/**
 * Admin data mode: every report of the account in a release and country, rather than a
 * selection. Administrators and provider staff only.
 */
export const ZAccountDataSelection = z.object({
  releaseYear: zWholeNumber('Release year', -1, 2100).nullable().describe('-1 the current release of each country, a year, or null for every release'),
  countryId: zWholeNumber('Country', 1, 6).nullable().describe('A country id, or null for every country'),
});
export type TAccountDataSelection = z.infer<typeof ZAccountDataSelection>;

/** The reports of a download: named reports, sites with a release, the whole account's data (admins), or a union. */
export const ZDownloadSelection = z.object({
  accountProductReportIds: zIdList('Report id', { max: 1_000_000 }).optional().describe(`Reports named (a batch, a list); at most ${MAX_DOWNLOAD_REPORTS} in all`),
  siteIds: zIdList('Site id', { max: 1_000_000 }).optional().describe("Sites whose report of releaseYear is included (the Site Library's selection)"),
  releaseYear: ZReleaseYearRequest.optional().describe("With siteIds: -1 the current release, a year, or absent for each site's latest report"),
  accountData: ZAccountDataSelection.optional().describe('Admin data mode: every report of the account in a release and country'),
});
export type TDownloadSelection = z.infer<typeof ZDownloadSelection>;

/** Whether a selection names anything at all. */
export function selectionIsEmpty(selection: TDownloadSelection): boolean {
  return (selection.accountProductReportIds?.length ?? 0) + (selection.siteIds?.length ?? 0) === 0 && selection.accountData === undefined;
}

/** Body of POST reports/counts: the selection whose reports are counted. */
export const ZReportCountsRequest = ZDownloadSelection.refine((body) => !selectionIsEmpty(body), { error: DownloadMessages.noReports, path: ['accountProductReportIds'] });
export type TReportCountsRequest = z.infer<typeof ZReportCountsRequest>;

/** Body of POST reports/bulkdownload. */
export const ZBulkDownloadRequest = ZDownloadSelection.extend({
  content: z.enum(ARCHIVE_CONTENTS, labelled('Content')).describe("'pdf' one PDF per report, 'excel' one workbook per report, 'pdfExcel' both"),
  sections: ZReportSections.optional().describe('Section value of the PDFs (default 233223); proximity and demographics are removed above 50,000 reports'),
  methodologies: ZMethodologyTypeIds.optional().describe("Methodologies of the documents; absent or empty = each report's own"),
  supplements: z.number(labelled('Supplements')).int().min(0).optional().describe('Supplements bit field (the documents carry each report\'s own supplemental scores)'),
  sendToImpersonatingUser: z.boolean().optional().describe('Provider staff acting in a customer account: the file and e-mail go to them rather than the account'),
}).refine((body) => !selectionIsEmpty(body), { error: DownloadMessages.noReports, path: ['accountProductReportIds'] });
export type TBulkDownloadRequest = z.infer<typeof ZBulkDownloadRequest>;

/** Answer of POST reports/bulkdownload: the task to follow. */
export const ZBulkDownloadStarted = z.object({
  taskStatusId: z.number().int().positive().describe('Poll users/taskstatuses/{taskStatusId}; when currentStatus is 2, objectID is the file id'),
  count: z.number().int().min(0).describe('Reports in the archive'),
  contextSectionsRemoved: z.boolean().describe('true when proximity and demographics were switched off (more than 50,000 reports)'),
});
export type TBulkDownloadStarted = z.infer<typeof ZBulkDownloadStarted>;
