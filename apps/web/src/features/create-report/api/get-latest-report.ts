import { useQuery } from '@tanstack/react-query';
import { ZReport, type TReport } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET reports/{siteId}/latest: the site's latest report, or null. */
function getLatestReport(siteId: number): Promise<TReport | null> {
  return apiFetch(`reports/${siteId}/latest`, { schema: ZReport.nullable() });
}

/** The latest report of the site being upgraded. */
export function useLatestReport(siteId: number | null) {
  return useQuery({ queryKey: ['reports', siteId, 'latest'], queryFn: () => getLatestReport(siteId!), enabled: siteId !== null });
}
