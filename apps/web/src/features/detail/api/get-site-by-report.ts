import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSite, type TSite } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET sites/byaprid/{id}: the site of a report the caller may see. */
function getSiteByReport(accountProductReportId: number, signal?: AbortSignal): Promise<TSite> {
  return apiFetch(`sites/byaprid/${accountProductReportId}`, { schema: ZSite, signal });
}

const siteByReportQueryOptions = (accountProductReportId: number) =>
  queryOptions({ queryKey: ['sites', 'byaprid', accountProductReportId] as const, queryFn: ({ signal }) => getSiteByReport(accountProductReportId, signal) });

/** The site a report link (accountProductReportId) names; disabled without an id. */
export function useSiteByReport(accountProductReportId: number | undefined) {
  return useQuery({ ...siteByReportQueryOptions(accountProductReportId ?? 0), enabled: accountProductReportId !== undefined });
}
