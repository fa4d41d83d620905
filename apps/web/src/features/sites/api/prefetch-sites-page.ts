import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@riskatlas/domain';
import { prefQueryOptions } from '../../../lib/api/get-pref';
import { siteCacheOwner, sitesQueryOptions } from './get-sites';
import { siteListCache } from './browser-site-lists';

/**
 * What the Sites page waits for before it shows the grid — the site list of the release year
 * (from the client cache or GET m/sites) and the saved columns — requested as soon as the user is
 * known. The page's own queries then find them loaded or on their way, under the same keys.
 */
export function prefetchSitesPage(queryClient: QueryClient, user: TCurrentUser, releaseYear: number): void {
  void queryClient.prefetchQuery(prefQueryOptions('libraryColumns'));
  void queryClient.prefetchQuery(sitesQueryOptions(releaseYear, siteCacheOwner(user), user.account.dataLastUpdated, siteListCache(queryClient)));
}
