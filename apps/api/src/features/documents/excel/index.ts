/** The Excel documents feature as the app sees it: its routes and its job. */
export { excelRoutes } from './excel.routes';
export { excelSummaryJob } from './excel-summary.job';
export { addHeaderRow, createXlsxWriter, sheetRow, XLSX_CONTENT_TYPE } from './xlsx-cells';
