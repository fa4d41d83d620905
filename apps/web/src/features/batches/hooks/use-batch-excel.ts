import { useState } from 'react';
import { ExcelMessages, MAX_EXCEL_SUMMARY_REPORTS, type TBatch } from '@riskatlas/domain';
import { useExcelSummary } from '../../../components/excel-summary';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { getBatch } from '../api/get-batch';

/**
 * A batch's "Excel download": reads the batch for its reports and starts an Excel summary of them
 * (a job; the file arrives in File Downloads). `busyId` is the batch being read.
 */
export function useBatchExcel() {
  const notify = useNotify();
  const excel = useExcelSummary();
  const [busyId, setBusyId] = useState<number | null>(null);
  const start = async (batch: Pick<TBatch, 'batchId'>) => {
    setBusyId(batch.batchId);
    try {
      const full = await getBatch(batch.batchId);
      const ids = full.batchReports.map((report) => report.accountProductReportId);
      if (ids.length > MAX_EXCEL_SUMMARY_REPORTS) notify({ message: ExcelMessages.tooLarge, severity: 'warning' });
      else excel.start({ accountProductReportIds: ids });
    } catch (error) {
      notify({ message: errorMessage(error), severity: 'error' });
    } finally {
      setBusyId(null);
    }
  };
  return { start, busyId, run: excel.run, starting: excel.starting };
}
