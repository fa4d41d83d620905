/** The documents feature as other features see it: a report's Download menu (PDF, custom PDF, Excel, e-mail). */
export { ReportDownloadMenu } from './components/report-download-menu';
