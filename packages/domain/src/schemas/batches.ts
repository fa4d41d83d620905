import { z } from 'zod';
import { ZTimestamp } from './common';
import { labelled, zIdList, zIdParam, zQueryBool, zWholeNumber, zWholeNumberParam } from './fields';
import { ZAddOnProductId, ZMethodologyTypeIds, ZReleaseYearRequest, ZReportType } from './reports';

/**
 * The batch contract: report creation for many sites at once (POST reports/batch, a preview with
 * isSimulation and a durable job otherwise), the batch list of the Batches page and the library's
 * progress (GET reports/batch/status), the batches a site is in (GET reports/inbatches/{siteId}) and
 * the backdate chart of the Create Report wizard (GET account/backdatechart).
 */

/** Most sites one batch may name. */
export const MAX_BATCH_SITES = 100_000;

/** How long the Batches page looks back, in days. */
export const BATCH_HISTORY_DAYS = 365;

/**
 * What a batch does with a site that already has a report for the release it would get:
 * 0 Skip — the site gets no new report (what the 'Proceed' confirmation does);
 * 1 Replace — its existing report for that release is deleted and a new one created
 * (administrators and provider staff, as for deleting reports).
 * Sites named in siteIdsToDeleteExistingReport are replaced whatever the mode.
 */
export const DuplicateReportHandling = { Skip: 0, Replace: 1 } as const;
export type DuplicateReportHandling = (typeof DuplicateReportHandling)[keyof typeof DuplicateReportHandling];

/** Query of POST reports/batch. */
export const ZBatchQuery = z.object({
  isSimulation: zQueryBool('Is simulation').optional().describe('true: only preview the batch (counts, duplicates, licences); nothing is created'),
  ignoreCounts: zQueryBool('Ignore counts')
    .optional()
    .describe('true: create without asking again about duplicates counted by a preview — they are handled by duplicateReportHandlingMode; without it a batch whose sites include duplicates is refused with the preview'),
});
export type TBatchQuery = z.infer<typeof ZBatchQuery>;

/** Body of POST reports/batch: the batch creation payload. */
export const ZBatchRequest = z.object({
  siteIds: zIdList('Site id', { min: 1, max: MAX_BATCH_SITES }).describe('Sites to create reports for (the caller’s, as the site scope shows them)'),
  reportType: ZReportType,
  methodologyTypeIds: ZMethodologyTypeIds.nullish().describe('Methodology ids; absent or empty = the account defaults for the report type'),
  sendEmailNotification: z.boolean(labelled('Send e-mail notification')).optional().describe('true: e-mail the submitter when the batch completes'),
  duplicateReportHandlingMode: z
    .union([z.literal(0), z.literal(1)], labelled('Duplicate report handling mode'))
    .optional()
    .describe('0 (default) skip sites that already have a report for the release; 1 replace those reports'),
  siteIdsToDeleteExistingReport: zIdList('Site id', { max: MAX_BATCH_SITES }).optional().describe('Sites whose existing report for the release is deleted and replaced, whatever the mode'),
  backdateYears: z
    .array(zWholeNumber('Backdate year', 1990, 2100), labelled('Backdate years'))
    .max(11)
    .optional()
    .describe('Earlier release years to create reports for as well as the release asked (provider staff; end users backdate only single reports)'),
  addOnProducts: z.array(ZAddOnProductId, labelled('Add-on products')).max(5).nullish().describe('Add-on products bought with every report'),
  releases: z
    .record(z.string().regex(/^[0-9]+$/), ZReleaseYearRequest)
    .optional()
    .describe('Release year per country id ("1": 2023 …); a country not named gets its current release'),
});
export type TBatchRequest = z.infer<typeof ZBatchRequest>;

/** Licences a batch needs, as the preview counts them. */
export const ZBatchLicenseCounts = z.object({
  total: z.number().int().describe('Licences of every product the batch consumes'),
  nonSupplementalCount: z.number().int().describe('Report licences (the report type), without add-ons and fees'),
});

/** One product the account holds too few licences of. */
export const ZBatchShortfall = z.object({
  productId: z.number().int(),
  name: z.string().describe('The product’s name'),
  needed: z.number().int(),
  remaining: z.number().int(),
  shortBy: z.number().int(),
});
export type TBatchShortfall = z.infer<typeof ZBatchShortfall>;

/** Answer of POST reports/batch?isSimulation=true: what the batch would do. */
export const ZBatchPreview = z.object({
  count: z.number().int().describe('Reports the batch would create (eligible sites, duplicates handled by the mode, times releases)'),
  duplicateReports: z.number().int().describe('Sites that already have a report for the release they would get'),
  duplicateSiteIds: z.array(z.number().int()).describe('Those sites (the first 1,000)'),
  notScorableSiteIds: z.array(z.number().int()).describe('Sites that cannot be scored: no report, no licence'),
  notFoundSiteIds: z.array(z.number().int()).describe('Ids that are not sites the caller can see (another account’s, deleted, hidden)'),
  licenseCounts: ZBatchLicenseCounts,
  licensesByProduct: z.record(z.string(), z.number().int()).describe('Licences consumed per product id'),
  shortfalls: z.array(ZBatchShortfall).describe('Products the account holds too few licences of (empty: enough)'),
  message: z.string().nullable().describe('Why nothing can be created, in the product’s words (e.g. every site already has a report for the current release); null when the batch can run'),
});
export type TBatchPreview = z.infer<typeof ZBatchPreview>;

/** Answer of POST reports/batch (not a simulation): the batch started as a job. */
export const ZBatchStarted = z.object({
  batchId: z.number().int(),
  taskStatusId: z.number().int().describe('The task that reports the batch’s progress'),
  reportsTotal: z.number().int().describe('Reports the batch will create'),
});
export type TBatchStarted = z.infer<typeof ZBatchStarted>;

/** One report of a batch. */
export const ZBatchReport = z.object({
  accountProductReportId: z.number().int(),
  siteId: z.number().int(),
});

/** A batch: its progress and, once done, its reports. */
export const ZBatch = z.object({
  batchId: z.number().int(),
  userId: z.number().int().describe('The submitter'),
  submittedBy: z.string().describe('The submitter’s full name'),
  createdDate: ZTimestamp,
  completedDate: ZTimestamp.nullable().describe('null while the batch runs'),
  reportsTotal: z.number().int(),
  reportsCompleted: z.number().int(),
  failed: z.boolean().describe('The job stopped for good (detail says why); the reports created so far stand'),
  detail: z.string().nullable().describe('Why the batch failed, or null'),
  taskStatusId: z.number().int().nullable(),
  summary: z.object({
    releaseYear: z.number().int().describe('The release year of its reports (the first country’s when several)'),
    countryCode: z.string().describe('Country code of its reports (the most frequent)'),
    reportType: ZReportType,
  }),
  batchReports: z.array(ZBatchReport).describe('Its reports (empty in lists by days: read one batch by batchProcessId for them)'),
});
export type TBatch = z.infer<typeof ZBatch>;

/** Query of GET reports/batch/status: the batches of the last N days, or one batch. */
export const ZBatchStatusQuery = z.object({
  days: zWholeNumberParam('Days', 1, BATCH_HISTORY_DAYS).optional().describe(`Batches created in the last N days (default ${BATCH_HISTORY_DAYS})`),
  batchProcessId: zIdParam('Batch id').optional().describe('One batch, with its reports'),
});
export type TBatchStatusQuery = z.infer<typeof ZBatchStatusQuery>;

/** Answer of GET reports/batch/status: batches newest first. */
export const ZBatchList = z.array(ZBatch);
export type TBatchList = z.infer<typeof ZBatchList>;

/** Params of GET reports/inbatches/{siteId}. */
export const ZInBatchesParams = z.object({ siteId: zIdParam('Site id') });

/** Answer of GET reports/inbatches/{siteId}: the unfinished batches that will create a report for the site. */
export const ZInBatchesResponse = z.object({
  batchIds: z.array(z.number().int()).describe('Unfinished batches naming the site (empty: none)'),
});
export type TInBatchesResponse = z.infer<typeof ZInBatchesResponse>;

/** One row of the backdate chart: a release a report can be backdated to, and what it costs. */
export const ZBackdateChartEntry = z.object({
  countryId: z.number().int(),
  releaseYear: z.number().int(),
  feeProductId: z.number().int().nullable().describe('150 (Backdate fee) for end users; null for provider staff'),
  feeLicenses: z.number().int().describe('Backdate fee licences one report costs (1, or 0 for provider staff)'),
});

/** Answer of GET account/backdatechart: whether the caller may backdate, and to which releases. */
export const ZBackdateChart = z.object({
  allowed: z.boolean().describe('The caller may backdate single reports'),
  message: z.string().nullable().describe('Why not, in the product’s words'),
  entries: z.array(ZBackdateChartEntry),
});
export type TBackdateChart = z.infer<typeof ZBackdateChart>;

/** Words of batches. */
export const BatchMessages = {
  /** This product's words: every site of a batch already has a report for the current release (spec: the error says so). */
  allSitesHaveReports: 'The selected sites already have a report for the current release year. No reports were created.',
  /** No site of a batch can get a report and none is a duplicate: they cannot be scored or are not the caller's. */
  noEligibleSites: 'None of the selected sites can get a report: they cannot be scored or are not in your site library. No reports were created.',
  /** A standard user whose account does not allow them to create batches (spec: admin, impersonation or allowBatchingByStandardUsers). */
  batchingNotAllowed: 'Only administrators can create reports for several sites at once in this account. Ask an administrator to create the batch or to allow batching by standard users.',
  /** The task title of a batch. */
  taskTitle: 'Report batch',
  /** The confirmation before removing duplicates (its button is 'Proceed'). */
  duplicatesConfirmTitle: 'Sites already have reports',
  batchInProgress: 'Report Batch(es) In Progress',
  batchComplete: 'Report Batch(es) Complete!',
  batchFailed: 'The batch could not be created. ',
  reportFailed: 'The report could not be created. ',
} as const;

/** The task's detail when a batch has finished: "N reports created." */
export function batchCreatedMessage(created: number): string {
  return `${created} report${created === 1 ? '' : 's'} created.`;
}

/** "N of the selected sites already have a report for the current release year. Proceed without them?" */
export function duplicatesConfirmMessage(duplicates: number, total: number): string {
  return `${duplicates} of the ${total} selected site(s) already have a report for the current release year. Proceed to create reports for the other ${total - duplicates} site(s) only.`;
}
