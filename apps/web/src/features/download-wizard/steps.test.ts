import { describe, expect, it } from 'vitest';
import { DownloadReportType } from '@riskatlas/domain';
import { stepsOf, type StepPath } from './steps';

const standard: StepPath = { adminMode: false, provider: false, accountData: false, reportType: null, customPdf: false };

describe('download wizard steps', () => {
  it('standard users: start, counts, report type, summary; waitForDownload only for the Excel summary and the CSV', () => {
    expect(stepsOf(standard)).toEqual(['start', 'gettingCounts', 'reportType', 'summary']);
    expect(stepsOf({ ...standard, reportType: DownloadReportType.Pdf, customPdf: true })).toEqual(['start', 'gettingCounts', 'reportType', 'summary']);
    expect(stepsOf({ ...standard, reportType: DownloadReportType.ExcelSummary })).toEqual(['start', 'gettingCounts', 'reportType', 'summary', 'waitForDownload']);
    expect(stepsOf({ ...standard, reportType: DownloadReportType.Csv })).toEqual(['start', 'gettingCounts', 'reportType', 'summary', 'waitForDownload']);
  });

  it('provider staff and impersonators choose the PDF type for types with PDFs, and customise a custom PDF', () => {
    const provider = { ...standard, provider: true };
    expect(stepsOf({ ...provider, reportType: DownloadReportType.Pdf })).toEqual(['start', 'gettingCounts', 'reportType', 'pdfType', 'summary']);
    expect(stepsOf({ ...provider, reportType: DownloadReportType.PdfAndExcel, customPdf: true })).toEqual(['start', 'gettingCounts', 'reportType', 'pdfType', 'pdfCustomize', 'summary']);
    expect(stepsOf({ ...provider, reportType: DownloadReportType.Excel })).toEqual(['start', 'gettingCounts', 'reportType', 'summary']);
    expect(stepsOf({ ...provider, reportType: DownloadReportType.ExcelSummary })).toEqual(['start', 'gettingCounts', 'reportType', 'summary', 'waitForDownload']);
  });

  it("admin data mode: startAdmin, dataAdmin, countryAdmin, counts, report type, summary; an admin keeping the selection skips release and country", () => {
    const admin = { ...standard, adminMode: true };
    expect(stepsOf({ ...admin, accountData: true, reportType: DownloadReportType.Pdf })).toEqual(['startAdmin', 'dataAdmin', 'countryAdmin', 'gettingCounts', 'reportType', 'summary']);
    expect(stepsOf({ ...admin, accountData: true, provider: true, reportType: DownloadReportType.Pdf })).toEqual(['startAdmin', 'dataAdmin', 'countryAdmin', 'gettingCounts', 'reportType', 'summary']);
    expect(stepsOf({ ...admin, reportType: DownloadReportType.Csv })).toEqual(['startAdmin', 'gettingCounts', 'reportType', 'summary', 'waitForDownload']);
  });
});
