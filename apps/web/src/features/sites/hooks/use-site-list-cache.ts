import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { siteListCache } from '../api/site-list-cache';

/** Forgets every cached site list, in memory and in storage (spec 1 §4 "Cleared when sites change"). */
export function useClearSiteCache(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => siteListCache(queryClient).clear(), [queryClient]);
}
