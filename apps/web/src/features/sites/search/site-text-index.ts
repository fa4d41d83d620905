import { siteText, type SiteTextIndex, type TSite } from '@riskatlas/domain';

/*
 * The texts of the search pre-filter (packages/domain search-prefilter.ts), built in the browser's
 * idle time.
 */

const CHUNK = 5_000;

function nextIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * Builds the texts of a list in idle time, a few thousand sites at a time, so the page stays
 * responsive meanwhile. The same sites in another order (a new sort) reuse the texts of the
 * previous index. Resolves null when aborted.
 */
export async function buildSiteTextIndex(list: readonly TSite[], signal: AbortSignal, previous: SiteTextIndex<TSite> | null = null): Promise<SiteTextIndex<TSite> | null> {
  const known = new Map<TSite, string>();
  if (previous && previous.list.length === list.length) {
    await nextIdle();
    if (signal.aborted) return null;
    for (let i = 0; i < previous.list.length; i += 1) known.set(previous.list[i]!, previous.texts[i]!);
  }
  const texts = new Array<string>(list.length);
  for (let start = 0; start < list.length; start += CHUNK) {
    await nextIdle();
    if (signal.aborted) return null;
    const end = Math.min(list.length, start + CHUNK);
    for (let i = start; i < end; i += 1) texts[i] = known.get(list[i]!) ?? siteText(list[i]!);
  }
  return { list, texts };
}
