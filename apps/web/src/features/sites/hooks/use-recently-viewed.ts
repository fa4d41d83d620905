import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { addRecentlyViewed, normalizeRecentlyViewed, removeRecentlyViewed } from '@riskatlas/domain';
import { prefKey, usePref } from '../../../lib/api/get-pref';
import { useSavePref } from '../../../lib/api/save-pref';

/**
 * The recently viewed sites: the recentlyViewedSites preference, kept by packages/domain's
 * rules (20 at most, newest first, no repeats, 0 and null ignored). `ready` is false until the saved
 * list has been read, so a view is never recorded over a list not yet loaded.
 */
export function useRecentlyViewed() {
  const queryClient = useQueryClient();
  const pref = usePref('recentlyViewedSites');
  const { mutate } = useSavePref('recentlyViewedSites');
  const current = useCallback(() => normalizeRecentlyViewed(queryClient.getQueryData(prefKey('recentlyViewedSites')) ?? []), [queryClient]);

  /** Records that the user viewed a site. */
  const record = useCallback(
    (siteId: number | null | undefined) => {
      const list = current();
      const next = addRecentlyViewed(list, siteId);
      if (next !== list) mutate([...next]);
    },
    [current, mutate],
  );

  /** Drops deleted sites from the list. */
  const forget = useCallback(
    (siteIds: Iterable<number>) => {
      const list = current();
      const next = removeRecentlyViewed(list, siteIds);
      if (next !== list) mutate([...next]);
    },
    [current, mutate],
  );

  return { ready: pref.isSuccess, list: normalizeRecentlyViewed(pref.data ?? []), record, forget };
}

/** Records a view of the site once per site shown (opening it in the library, or its Detail page), after the saved list has loaded; null records nothing (a site not loaded yet). */
export function useRecordSiteView(siteId: number | null): void {
  const { ready, record } = useRecentlyViewed();
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (!ready || siteId === null || recorded.current === siteId) return;
    recorded.current = siteId;
    record(siteId);
  }, [ready, record, siteId]);
}
