import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sitesKey } from '../api/get-sites';
import { useClearSiteCache } from './use-site-list-cache';

/**
 * What to do when sites change (edited, deleted, uncached): every cached site list is dropped and
 * the lists on screen reload (spec 1 §4 "Cleared when sites change").
 */
export function useSitesChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  const clearCache = useClearSiteCache();
  return useCallback(async () => {
    clearCache();
    await queryClient.invalidateQueries({ queryKey: sitesKey });
  }, [queryClient, clearCache]);
}
