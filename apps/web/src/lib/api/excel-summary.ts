import { useMutation } from '@tanstack/react-query';
import { ZExcelSummaryStarted, type TExcelSummaryRequest, type TExcelSummaryStarted } from '@riskatlas/domain';
import { apiFetch } from '../api-client';

/** POST reports/excelsummary: starts the job that writes the summary into File Downloads. */
function requestExcelSummary(body: TExcelSummaryRequest): Promise<TExcelSummaryStarted> {
  return apiFetch('reports/excelsummary', { method: 'POST', body, schema: ZExcelSummaryStarted });
}

/** Starts an Excel summary (the Site Library's bulk action, a batch's Excel download). */
export function useRequestExcelSummary() {
  return useMutation({ mutationFn: requestExcelSummary });
}
