/** The documents feature (reports as files: PDF, server-drawn report maps, e-mailed report, Excel, the Excel summary and the report archive) as the app sees it. */
export { documentsRoutes } from './documents.routes';
export { addHeaderRow, createXlsxWriter, excelRoutes, excelSummaryJob, sheetRow, XLSX_CONTENT_TYPE } from './excel/index';
export { archiveRoutes, reportArchiveJob } from './archive/index';
