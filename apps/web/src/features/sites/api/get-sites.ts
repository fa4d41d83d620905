import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { PACKED_SITES_MEDIA_TYPE, SITE_CACHE_TTL_MS, type SiteCache, type SiteCacheOwner, type TCurrentUser, type TSite } from '@riskatlas/domain';
import { apiFetchBytes } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/current-user';
import { decodeSites } from './decode-sites';
import { rememberPacked, siteListCache } from './browser-site-lists';

/** Every site list query starts with this key; invalidating it reloads every release's list. */
export const sitesKey = ['sites', 'list'] as const;

/** The key of one user's list of one release year. */
const sitesListKey = (owner: SiteCacheOwner, releaseYear: number) => [...sitesKey, owner.accountId ?? null, owner.userId, releaseYear] as const;

/**
 * GET m/sites?releaseYear: every site the user may see, with the report summary of the release,
 * in the packed format (decoded by packages/domain; the browser undoes the HTTP compression).
 */
async function getSites(releaseYear: number, signal?: AbortSignal): Promise<TSite[]> {
  const bytes = await apiFetchBytes('m/sites', { query: { releaseYear }, signal, accept: `${PACKED_SITES_MEDIA_TYPE}, application/octet-stream` });
  const sites = decodeSites(bytes);
  rememberPacked(sites, bytes);
  return sites;
}

/** Who a site list belongs to. */
export function siteCacheOwner(user: Pick<TCurrentUser, 'userId' | 'accountID'>): SiteCacheOwner {
  return { userId: user.userId, accountId: user.accountID };
}

/**
 * The list query: the client cache first, else the server. It reloads every 10 minutes
 * while the page is open.
 */
export const sitesQueryOptions = (releaseYear: number, owner: SiteCacheOwner, dataLastUpdated: string | null, cache: SiteCache<TSite[]>) =>
  queryOptions({
    queryKey: sitesListKey(owner, releaseYear),
    queryFn: async ({ signal }) => {
      const cached = await cache.get(releaseYear, owner, dataLastUpdated);
      if (cached) return cached;
      const sites = await getSites(releaseYear, signal);
      // Kept in memory at once (a page that mounts next finds it there); the storage copy waits
      // for the browser to be idle (browser-site-lists.ts), so it does not delay the first screen.
      void cache.set(releaseYear, owner, sites);
      return sites;
    },
    // Freshness is the cache's rule; a remount asks it again (a memory hit costs nothing).
    staleTime: 0,
    // A reload is a new list: comparing 100,000 sites field by field to keep unchanged ones costs more than it saves.
    structuralSharing: false,
    refetchInterval: SITE_CACHE_TTL_MS,
  });

/** The site list of a release year for the signed-in user. */
export function useSites(releaseYear: number) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  return useQuery(sitesQueryOptions(releaseYear, siteCacheOwner(user), user.account.dataLastUpdated, siteListCache(queryClient)));
}
