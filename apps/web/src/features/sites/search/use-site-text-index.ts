import { useEffect, useRef, useState } from 'react';
import type { SiteTextIndex, TSite } from '@riskatlas/domain';
import { buildSiteTextIndex } from './site-text-index';

/** Below this many sites the search is quick without a pre-filter: no index is built. */
const INDEX_FROM = 5_000;

/**
 * The search pre-filter's index of the list the grid filters (packages/domain search-prefilter.ts), built in idle
 * time once the list is there; null until then, and for small lists. A new order of the same sites
 * reuses the texts; a new list (reload, another release year) builds them again.
 */
export function useSiteTextIndex(list: readonly TSite[]): SiteTextIndex<TSite> | null {
  const [index, setIndex] = useState<SiteTextIndex<TSite> | null>(null);
  const latest = useRef<SiteTextIndex<TSite> | null>(null);
  useEffect(() => {
    if (list.length < INDEX_FROM) return;
    const controller = new AbortController();
    void buildSiteTextIndex(list, controller.signal, latest.current).then((built) => {
      if (!built) return;
      latest.current = built;
      setIndex(built);
    });
    return () => controller.abort();
  }, [list]);
  return index && index.list === list ? index : null;
}
