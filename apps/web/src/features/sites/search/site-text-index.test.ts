import { describe, expect, it } from 'vitest';
import { siteSearchFilter, type TSite } from '@riskatlas/domain';
import { makeSite } from '../testing/make-site';
import { buildSiteTextIndex } from './site-text-index';

const SITES: TSite[] = [
  makeSite({ siteId: 1, siteName: 'Acme Market #1042', city: 'Chicago' }),
  makeSite({ siteId: 2, siteName: 'CHICAGO DEPOT', city: 'Denver' }),
  makeSite({ siteId: 3, siteName: 'Plain', city: 'Austin' }),
];

async function indexOf(sites: readonly TSite[]) {
  const index = await buildSiteTextIndex(sites, new AbortController().signal);
  if (!index) throw new Error('the index was not built');
  return index;
}

describe('site search pre-filter texts in the browser', () => {
  it('reuses the texts for the same sites in another order, and is used only for the list it indexes', async () => {
    const index = await indexOf(SITES);
    const reversed = [...SITES].reverse();
    const again = await buildSiteTextIndex(reversed, new AbortController().signal, index);
    expect(again?.texts).toEqual([...index.texts].reverse());
    const ids = (list: TSite[], from: typeof index) => list.filter(siteSearchFilter('chicago', {}, list, from)).map((site) => site.siteId);
    expect(ids(reversed, again!)).toEqual([2, 1]);
    // An index of another order is not used (it would read the wrong site's text): same result.
    expect(ids(reversed, index)).toEqual([2, 1]);
  });

  it('stops building when the list is replaced', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await buildSiteTextIndex(SITES, controller.signal)).toBeNull();
  });
});
