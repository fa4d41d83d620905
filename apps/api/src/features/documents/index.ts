/** The documents feature (reports as files) as the app sees it: the Excel routes and the Excel summary job. */
export { excelRoutes, excelSummaryJob } from './excel/index';
