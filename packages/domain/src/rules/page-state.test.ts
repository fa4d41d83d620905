import { describe, expect, it } from 'vitest';
import { canonicalizeSearch, readPageState, writePageState } from './page-state';

describe('page state in query parameters', () => {
  it('rewrites parameter names to their canonical spelling', () => {
    expect(canonicalizeSearch('?CURRENTPAGE=Sites&siteid=12&Release=2024')).toBe('currentPage=Sites&siteId=12&release=2024');
  });

  it('drops numeric parameters that are not numbers and keeps unknown ones', () => {
    expect(canonicalizeSearch('siteId=abc&reportMode=2&foo=Bar')).toBe('reportMode=2&foo=Bar');
  });

  it('falls back methodology to the saved setting, then 2, when missing, not numeric or not above 0', () => {
    expect(readPageState('methodology=3').methodology).toBe(3);
    expect(readPageState('methodology=0', { methodology: 4 }).methodology).toBe(4);
    expect(readPageState('methodology=x', {}).methodology).toBe(2);
    expect(readPageState('', { methodology: 0 }).methodology).toBe(2);
  });

  it('falls back countryId to the saved setting, then 1; release defaults to -1 (current)', () => {
    expect(readPageState('countryId=5').countryId).toBe(5);
    expect(readPageState('', { countryId: 2 }).countryId).toBe(2);
    expect(readPageState('countryid=zz').countryId).toBe(1);
    expect(readPageState('').release).toBe(-1);
    expect(readPageState('release=2022').release).toBe(2022);
  });

  it('writes updates canonically and removes cleared parameters', () => {
    expect(writePageState('currentpage=Sites&siteId=4', { siteId: null, currentPage: 'Detail', reportMode: 0 })).toBe(
      'currentPage=Detail&reportMode=0',
    );
  });
});
