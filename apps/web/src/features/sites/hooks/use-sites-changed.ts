import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sitesKey } from '../api/get-sites';
import { useClearSiteCache } from './use-clear-browser-site-lists';

/**
 * What to do when sites change (edited, deleted, uncached): every cached site list is dropped and
 * the lists on screen reload.
 */
export function useSitesChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  const clearCache = useClearSiteCache();
  return useCallback(async () => {
    clearCache();
    await queryClient.invalidateQueries({ queryKey: sitesKey });
  }, [queryClient, clearCache]);
}
