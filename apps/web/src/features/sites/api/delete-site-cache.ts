import { useMutation } from '@tanstack/react-query';
import { ZDeleteSiteCacheResponse, type TDeleteSiteCacheResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST sites/deletecache (support): marks the account's data changed, so every cached site list reloads. */
function deleteSiteCache(): Promise<TDeleteSiteCacheResponse> {
  return apiFetch('sites/deletecache', { method: 'POST', schema: ZDeleteSiteCacheResponse });
}

export function useDeleteSiteCache() {
  return useMutation({ mutationFn: deleteSiteCache });
}
