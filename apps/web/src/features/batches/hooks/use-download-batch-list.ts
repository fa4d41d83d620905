import { useState } from 'react';
import { batchReportsCsv, type TBatch } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { useLoadSites } from '../../sites';
import { getBatch } from '../api/get-batch';

/** Hands the browser a file to save. */
function saveFile(filename: string, text: string): void {
  // The byte-order mark makes Excel read the file as UTF-8 (accented site names stay intact).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download list (CSV)": reads the batch with its reports and the sites of its release, and saves
 * the list with each report's site name and address. `busyId` is the batch being prepared.
 */
export function useDownloadBatchList() {
  const notify = useNotify();
  const loadSites = useLoadSites();
  const [busyId, setBusyId] = useState<number | null>(null);
  const download = async (batch: Pick<TBatch, 'batchId' | 'summary'>) => {
    setBusyId(batch.batchId);
    try {
      const [full, sites] = await Promise.all([getBatch(batch.batchId), loadSites(batch.summary.releaseYear)]);
      const byId = new Map(sites.map((site) => [site.siteId, site]));
      saveFile(`batch-${batch.batchId}-reports.csv`, batchReportsCsv(full, (siteId) => byId.get(siteId)));
    } catch (error) {
      notify({ message: errorMessage(error), severity: 'error' });
    } finally {
      setBusyId(null);
    }
  };
  return { download, busyId };
}
