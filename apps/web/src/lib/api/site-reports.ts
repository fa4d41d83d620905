import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZReportList, type TReportList } from '@riskatlas/domain';
import { apiFetch } from '../api-client';

/** The key of GET reports/{siteId}. */
const siteReportsKey = (siteId: number) => ['reports', 'site', siteId] as const;

/** GET reports/{siteId}: every report of the site the caller may see, newest first, with all their scores. */
function getSiteReports(siteId: number, signal?: AbortSignal): Promise<TReportList> {
  return apiFetch(`reports/${siteId}`, { schema: ZReportList, signal });
}

/** Query options of a site's reports (also used to prefetch them with the page). */
export const siteReportsQueryOptions = (siteId: number) =>
  queryOptions({ queryKey: siteReportsKey(siteId), queryFn: ({ signal }) => getSiteReports(siteId, signal) });

/**
 * A site's reports. Keyed by the site, so when the user switches sites quickly only the latest
 * site's answer is shown; the release and methodology switch on the loaded list without a request.
 */
export function useSiteReports(siteId: number, enabled = true) {
  return useQuery({ ...siteReportsQueryOptions(siteId), enabled });
}
