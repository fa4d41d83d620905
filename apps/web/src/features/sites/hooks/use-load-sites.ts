import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TSite } from '@riskatlas/domain';
import { useSignedInUser } from '../../../lib/api/current-user';
import { siteListCache } from '../api/browser-site-lists';
import { siteCacheOwner, sitesQueryOptions } from '../api/get-sites';

/**
 * Loads the user's site list of a release year the way the library does (the browser's copy while
 * it is fresh, else the server), for pages outside the library that name sites, e.g. a batch's
 * report list.
 */
export function useLoadSites(): (releaseYear: number) => Promise<TSite[]> {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  return useCallback(
    (releaseYear: number) =>
      queryClient.fetchQuery(sitesQueryOptions(releaseYear, siteCacheOwner(user), user.account.dataLastUpdated, siteListCache(queryClient))),
    [queryClient, user],
  );
}
