import { useMutation } from '@tanstack/react-query';
import { ZReportCountsResponse, type TReportCountsRequest, type TReportCountsResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST reports/counts: what a download of the selection holds (per type, country, release). */
function getReportCounts(body: TReportCountsRequest): Promise<TReportCountsResponse> {
  return apiFetch('reports/counts', { method: 'POST', body, schema: ZReportCountsResponse });
}

/**
 * Counts the reports of a selection for the gettingCounts step. A mutation rather than a query:
 * the step asks once each time it is entered, and a refusal (more than 100,000 reports) is the
 * server's final word, never retried.
 */
export function useReportCounts() {
  return useMutation({ mutationFn: getReportCounts });
}
