import { describe, expect, it } from 'vitest';
import { parseSiteSearch, siteSearchPredicate, type SiteSearchOptions, type TSite } from '@riskatlas/domain';
import { makeSite } from '../testing/make-site';
import { buildSiteTextIndex, requiredNeedles, siteSearchFilter, siteText } from './site-text-index';

const SITES: TSite[] = [
  makeSite({ siteId: 1, siteName: 'Acme Market #1042', city: 'Chicago', tags: ['VIP', 'Retail'], eid: 'ST-1042', notes: 'Loading dock at rear' }),
  makeSite({ siteId: 2, siteName: 'CHICAGO DEPOT', city: 'Denver', state: 'CO', zipCode: '80202', street2: 'Suite 400' }),
  makeSite({ siteId: 3, siteName: 'İstanbul Office', city: 'Austin', tags: ['north'], classificationView: 'Flagship store' }),
  // Characters that lower-case to ASCII letters (Kelvin sign, dotted capital I) or upper-case to
  // them (long s): the RegExp `i` flag does not fold them with ASCII, lower-casing does.
  makeSite({ siteId: 4, siteName: '\u212Aelvin Hall', city: 'Boſton', countryCode: 'CAN', countryDisplay: 'Canada', zipCode: 'M5V 2T6' }),
  makeSite({ siteId: 5, siteName: 'Montréal Yard', street: '10 Rue Sainte-Catherine', tags: [], notes: null }),
  makeSite({ siteId: 6, siteName: 'Plain', street: null, city: null, state: null, zipCode: null }),
];

const SEARCHES = [
  'chicago',
  'CHICAGO depot',
  '"main st"',
  'kelvin',
  'boston',
  'istanbul',
  'i',
  'montréal',
  'city:denver;austin',
  'name:acme zip:802',
  'street:suite',
  'tags:vi',
  'eid:st-10',
  '#VIP market',
  'OR chicago plain',
  'zipCode:80200-80299',
  'eid:null',
  'canada',
  'usa',
  '1042',
  'rear',
  'qqqq',
];

async function indexOf(sites: readonly TSite[]) {
  const index = await buildSiteTextIndex(sites, new AbortController().signal);
  if (!index) throw new Error('the index was not built');
  return index;
}

describe('site search pre-filter', () => {
  it('finds exactly what the domain predicate finds', async () => {
    const index = await indexOf(SITES);
    const options: SiteSearchOptions = { externalIdName: 'Store Number' };
    for (const text of SEARCHES) {
      const expected = SITES.filter(siteSearchPredicate(text, options)).map((site) => site.siteId);
      const actual = SITES.filter(siteSearchFilter(text, options, SITES, index)).map((site) => site.siteId);
      expect(actual, text).toEqual(expected);
    }
  });

  it('holds every text of a site, list items included, so a field searched later is covered too', () => {
    const site = makeSite({ siteId: 9, siteName: 'Name', notes: 'Notes', tags: ['TagOne', 'TagTwo'], street2: 'Unit 2', eid: 'E-9', classificationView: 'Clinic' });
    const text = siteText(site);
    for (const value of Object.values(site)) {
      const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
      for (const item of items) expect(text).toContain(item.toLowerCase());
    }
  });

  it('asks for needles only where every match must contain them', () => {
    const needles = (text: string) => requiredNeedles(parseSiteSearch(text));
    expect(needles('Chicago "Main St"')).toEqual([['chicago'], ['main st']]);
    expect(needles('city:Denver;Austin')).toEqual([['denver', 'austin']]);
    expect(needles('OR chicago denver')).toEqual([]);
    expect(needles('montréal #VIP @Retail zipCode:60600-60699 eid:null lrr:2024 ct:urban')).toEqual([]);
  });

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
