import { useState } from 'react';
import { ExcelMessages, MAX_EXCEL_SUMMARY_REPORTS, type TBatch } from '@riskatlas/domain';
import { useExcelSummary } from '../../../components/excel-summary';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { openDownloadWizard } from '../../download-wizard';
import { getBatch } from '../api/get-batch';

/**
 * A batch's downloads, both of which read the batch for its reports first: the "Excel download"
 * (an Excel summary of them, a job whose file arrives in File Downloads) and the download wizard
 * opened with them. `busyId` is the batch being read.
 */
export function useBatchDownloads() {
  const notify = useNotify();
  const excel = useExcelSummary();
  const [busyId, setBusyId] = useState<number | null>(null);
  const withReports = async (batch: Pick<TBatch, 'batchId'>, then: (full: TBatch) => void) => {
    setBusyId(batch.batchId);
    try {
      then(await getBatch(batch.batchId));
    } catch (error) {
      notify({ message: errorMessage(error), severity: 'error' });
    } finally {
      setBusyId(null);
    }
  };
  const startExcel = (batch: Pick<TBatch, 'batchId'>) =>
    withReports(batch, (full) => {
      const ids = full.batchReports.map((report) => report.accountProductReportId);
      if (ids.length > MAX_EXCEL_SUMMARY_REPORTS) notify({ message: ExcelMessages.tooLarge, severity: 'warning' });
      else excel.start({ accountProductReportIds: ids });
    });
  const openWizard = (batch: Pick<TBatch, 'batchId'>) =>
    withReports(batch, (full) => {
      const count = full.batchReports.length;
      openDownloadWizard({
        selection: { accountProductReportIds: full.batchReports.map((report) => report.accountProductReportId) },
        description: `batch ${full.batchId} (${count.toLocaleString()} report${count === 1 ? '' : 's'})`,
        // A CSV of the batch's sites with the report summary of the batch's release.
        csv: { siteIds: [...new Set(full.batchReports.map((report) => report.siteId))], releaseYear: full.summary.releaseYear },
      });
    });
  return { startExcel, openWizard, busyId, run: excel.run, starting: excel.starting };
}
