/** The documents feature (reports as files: PDF, server-drawn report maps, e-mailed report, Excel and the Excel summary) as the app sees it. */
export { documentsRoutes } from './documents.routes';
export { excelRoutes, excelSummaryJob } from './excel/index';
export { pdfsInOrder } from './pdf/pdfs-in-order';
