import { useMutation } from '@tanstack/react-query';
import { ZBulkDownloadStarted, type TBulkDownloadRequest, type TBulkDownloadStarted } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST reports/bulkdownload: starts the job that makes a report archive into File Downloads. */
function requestBulkDownload(body: TBulkDownloadRequest): Promise<TBulkDownloadStarted> {
  return apiFetch('reports/bulkdownload', { method: 'POST', body, schema: ZBulkDownloadStarted });
}

/** Starts a report archive (PDFs, Excel workbooks or both); the caller follows its task. */
export function useRequestBulkDownload() {
  return useMutation({ mutationFn: requestBulkDownload });
}
