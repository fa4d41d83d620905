import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSiteFull, type TSiteFull } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { siteFullKey } from './site-comments';

/** GET sites/full/{id}: the site, its reports, comment count and what the caller may do with it. */
function getSiteFull(siteId: number, signal?: AbortSignal): Promise<TSiteFull> {
  return apiFetch(`sites/full/${siteId}`, { schema: ZSiteFull, signal });
}

export const siteFullQueryOptions = (siteId: number) =>
  queryOptions({ queryKey: siteFullKey(siteId), queryFn: ({ signal }) => getSiteFull(siteId, signal) });

export function useSiteFull(siteId: number) {
  return useQuery(siteFullQueryOptions(siteId));
}
