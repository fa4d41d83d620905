import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { siteListCache } from '../api/browser-site-lists';

/** Forgets every cached site list, in memory and in storage; used whenever sites change. */
export function useClearSiteCache(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => siteListCache(queryClient).clear(), [queryClient]);
}
