import { useMutation } from '@tanstack/react-query';
import { ZDeleteReportsResponse, type TDeleteReportsRequest, type TDeleteReportsResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST reports/delete?reason: deletes reports by id and every report of the sites named (the sites stay). */
function deleteReports(request: TDeleteReportsRequest, reason?: string): Promise<TDeleteReportsResponse> {
  return apiFetch('reports/delete', { method: 'POST', query: { reason: reason?.trim() || undefined }, body: request, schema: ZDeleteReportsResponse });
}

/** Deletes reports; the caller refreshes the library when it succeeds. */
export function useDeleteReports() {
  return useMutation({
    mutationFn: ({ request, reason }: { request: TDeleteReportsRequest; reason?: string | undefined }) => deleteReports(request, reason),
  });
}
