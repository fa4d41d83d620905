import { describe, expect, it } from 'vitest';
import type { PackedSite } from './packed-sites';
import { parseSiteSearch, siteSearchPredicate, type SiteSearchOptions } from './search';
import { requiredNeedles, siteSearchFilter, siteText } from './search-prefilter';
import { blankSite } from './synthetic-sites.fixture';

const SITES: PackedSite[] = [
  blankSite({ siteId: 1, siteName: 'Acme Market #1042', street: '100 Main St', city: 'Chicago', tags: ['VIP', 'Retail'], eid: 'ST-1042', notes: 'Loading dock at rear' }),
  blankSite({ siteId: 2, siteName: 'CHICAGO DEPOT', city: 'Denver', state: 'CO', zipCode: '80202', street2: 'Suite 400' }),
  blankSite({ siteId: 3, siteName: 'İstanbul Office', city: 'Austin', tags: ['north'], classificationView: 'Flagship store' }),
  // Characters that lower-case to ASCII letters (Kelvin sign, dotted capital I) or upper-case to
  // them (long s): the RegExp `i` flag does not fold them with ASCII, lower-casing does.
  blankSite({ siteId: 4, siteName: '\u212Aelvin Hall', city: 'Boſton', countryCode: 'CAN', countryDisplay: 'Canada', zipCode: 'M5V 2T6' }),
  blankSite({ siteId: 5, siteName: 'Montréal Yard', street: '10 Rue Sainte-Catherine', tags: [], notes: null }),
  blankSite({ siteId: 6, siteName: 'Plain', street: null, city: null, state: null, zipCode: null }),
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
  'country:ca',
  'country:"united states"',
  '1042',
  'rear',
  'qqqq',
];

describe('site search pre-filter', () => {
  it('finds exactly what the search predicate finds', () => {
    const index = { list: SITES, texts: SITES.map(siteText) };
    const options: SiteSearchOptions = { externalIdName: 'Store Number' };
    for (const text of SEARCHES) {
      const expected = SITES.filter(siteSearchPredicate(text, options)).map((site) => site.siteId);
      const actual = SITES.filter(siteSearchFilter(text, options, SITES, index)).map((site) => site.siteId);
      expect(actual, text).toEqual(expected);
    }
  });

  it('holds every text of a site, list items included, so a field searched later is covered too', () => {
    const site = blankSite({ siteId: 9, siteName: 'Name', notes: 'Notes', tags: ['TagOne', 'TagTwo'], street2: 'Unit 2', eid: 'E-9', classificationView: 'Clinic' });
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
    // A country's name or code need not be in its texts ('uk' is GBR, United Kingdom).
    expect(needles('country:uk country:canada')).toEqual([]);
  });
});
