/** The reports feature as the rest of the API sees it: what other features and the app may use. */
export { locationScoresOf, pointScoreNotesOf } from './report-data';
export { scorePoint, type ScoringDeps } from './report-scoring';
export { reportsRoutes } from './reports.routes';
export { createReportsForSites, type ReportServiceDeps } from './reports.service';
export { batchJob } from './batch.job';
export { addOnsToReports } from './report-upgrade.service';
export { findReports as findScopedReports, latestSiteReport } from './reports.repository';
export { presentReport } from './report.presenter';
export { resolveDownloadSelection } from './download-selection';
export { resolveReportOrder } from './report-order';
export { startBatch } from './batch.service';
