import { archiveContentOf, archiveHasPdf, DownloadReportType } from '@riskatlas/domain';

/** The download wizard's steps, named as the product names them (start, gettingCounts, …, waitForDownload). */
export type DownloadStep =
  | 'start'
  | 'startAdmin'
  | 'dataAdmin'
  | 'countryAdmin'
  | 'gettingCounts'
  | 'reportType'
  | 'pdfType'
  | 'pdfCustomize'
  | 'summary'
  | 'waitForDownload';

/** What a user reads for each step in the stepper. */
export const STEP_LABELS: Record<DownloadStep, string> = {
  start: 'Selection',
  startAdmin: 'Data',
  dataAdmin: 'Release',
  countryAdmin: 'Country',
  gettingCounts: 'Counts',
  reportType: 'Download type',
  pdfType: 'PDF type',
  pdfCustomize: 'Customise PDF',
  summary: 'Summary',
  waitForDownload: 'Download',
};

/** What decides the path through the wizard. */
export interface StepPath {
  /** Administrators and provider staff (TCurrentUser.adminMode) start with the admin data choice. */
  adminMode: boolean;
  /** Provider staff or a provider person acting as a customer (capMode / impersonationMode). */
  provider: boolean;
  /** The admin chose the account's data rather than the selection. */
  accountData: boolean;
  /** The report type chosen, null before the reportType step. */
  reportType: DownloadReportType | null;
  /** pdfType 1: a custom PDF. */
  customPdf: boolean;
}

/** Whether a report type makes an archive carrying PDFs (types 1 and 2). */
export function carriesPdf(type: DownloadReportType | null): boolean {
  const content = type === null ? null : archiveContentOf(type);
  return content !== null && archiveHasPdf(content);
}

/** Excel summary and CSV make one file and wait for it; the other types make an archive. */
export function makesOneFile(type: DownloadReportType | null): boolean {
  return type === DownloadReportType.ExcelSummary || type === DownloadReportType.Csv;
}

/**
 * The steps of one path, in order. Non-admin: start, gettingCounts, reportType, pdfType (provider
 * staff and impersonators, a type with PDFs), pdfCustomize (a custom PDF), summary. Admin data
 * mode: startAdmin, dataAdmin, countryAdmin, gettingCounts, reportType, summary — an admin who
 * keeps the selection goes from startAdmin to the counts. waitForDownload follows the summary for
 * the Excel summary and the CSV.
 */
export function stepsOf(path: StepPath): DownloadStep[] {
  const steps: DownloadStep[] = path.adminMode ? (path.accountData ? ['startAdmin', 'dataAdmin', 'countryAdmin'] : ['startAdmin']) : ['start'];
  steps.push('gettingCounts', 'reportType');
  if (!path.accountData && path.provider && carriesPdf(path.reportType)) {
    steps.push('pdfType');
    if (path.customPdf) steps.push('pdfCustomize');
  }
  steps.push('summary');
  if (makesOneFile(path.reportType)) steps.push('waitForDownload');
  return steps;
}
