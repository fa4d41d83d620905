import { useCallback, useMemo, useRef, useState } from 'react';
import type { TSite } from '@riskatlas/domain';

/** The grid's selection. */
export interface SiteSelection {
  /** Selected site ids that still exist in the loaded list. */
  selected: ReadonlySet<number>;
  /** Of those, how many the current search hides. */
  hiddenCount: number;
  /** A row's checkbox; `range` selects every shown row from the last clicked one to this one. */
  toggle: (siteId: number, range: boolean) => void;
  /** The header checkbox: selects every shown row, or clears them when all are selected. */
  toggleAll: () => void;
  clear: () => void;
  /** Selects exactly these sites (e.g. the sites of a batch opened from the Batches page). */
  replace: (siteIds: readonly number[]) => void;
}

/**
 * Selection of the Site Library. It survives searching (select some sites, search again, select
 * more), and bulk actions act on every selected site; the page says how many of them the search
 * hides. Sites that disappear from the list (deleted) drop out of it.
 */
export function useSiteSelection(all: readonly TSite[] | undefined, shown: readonly TSite[]): SiteSelection {
  const [raw, setRaw] = useState<ReadonlySet<number>>(() => new Set());
  const anchor = useRef<number | null>(null);

  const existing = useMemo(() => {
    if (raw.size === 0 || !all) return raw.size === 0 ? raw : new Set<number>();
    const ids = new Set<number>();
    for (const site of all) if (raw.has(site.siteId)) ids.add(site.siteId);
    return ids.size === raw.size ? raw : ids;
  }, [all, raw]);

  const hiddenCount = useMemo(() => {
    if (existing.size === 0) return 0;
    let visible = 0;
    for (const site of shown) if (existing.has(site.siteId)) visible += 1;
    return existing.size - visible;
  }, [existing, shown]);

  const toggle = useCallback(
    (siteId: number, range: boolean) => {
      setRaw((current) => {
        const next = new Set(current);
        const from = range && anchor.current !== null ? shown.findIndex((site) => site.siteId === anchor.current) : -1;
        const to = from >= 0 ? shown.findIndex((site) => site.siteId === siteId) : -1;
        if (from >= 0 && to >= 0) {
          // Shift-click: the range takes the state the anchor row has.
          const select = current.has(anchor.current!);
          for (let i = Math.min(from, to); i <= Math.max(from, to); i += 1) {
            const id = shown[i]!.siteId;
            if (select) next.add(id);
            else next.delete(id);
          }
        } else if (next.has(siteId)) next.delete(siteId);
        else next.add(siteId);
        return next;
      });
      anchor.current = siteId;
    },
    [shown],
  );

  const toggleAll = useCallback(() => {
    setRaw((current) => {
      const allShownSelected = shown.length > 0 && shown.every((site) => current.has(site.siteId));
      const next = new Set(current);
      for (const site of shown) {
        if (allShownSelected) next.delete(site.siteId);
        else next.add(site.siteId);
      }
      return next;
    });
  }, [shown]);

  const clear = useCallback(() => {
    setRaw(new Set());
    anchor.current = null;
  }, []);

  const replace = useCallback((siteIds: readonly number[]) => {
    setRaw(new Set(siteIds));
    anchor.current = null;
  }, []);

  return { selected: existing, hiddenCount, toggle, toggleAll, clear, replace };
}
