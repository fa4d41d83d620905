import { describe, expect, it } from 'vitest';
import { invalidSiteIdsMessage, joinTags, normalizeTags, parseSiteIds, splitTags } from './tags';

describe('tags are split and joined with semicolons', () => {
  it('trims, drops empties and duplicates ignoring case, keeping the first spelling', () => {
    expect(splitTags(' VIP ; north;;vip; North ;  ;south')).toEqual(['VIP', 'north', 'south']);
  });

  it('gives an empty list for nothing', () => {
    expect(splitTags('')).toEqual([]);
    expect(splitTags(null)).toEqual([]);
    expect(splitTags(undefined)).toEqual([]);
    expect(splitTags(' ; ;')).toEqual([]);
  });

  it('cleans a list, splitting elements that hold a semicolon', () => {
    expect(normalizeTags(['a', ' b ', null, '', 'c;d', 'A'])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins a cleaned list with ";" and round-trips', () => {
    expect(joinTags(['  a', 'b ', 'B', ''])).toBe('a;b');
    expect(joinTags([])).toBe('');
    expect(joinTags(null)).toBe('');
    const tags = ['Retail', 'Night shift', 'Zone 4'];
    expect(splitTags(joinTags(tags))).toEqual(tags);
  });

  it('keeps unicode tags and compares them ignoring case', () => {
    expect(splitTags('Café;CAFÉ;Ünïcode')).toEqual(['Café', 'Ünïcode']);
  });
});

describe('delete by ids', () => {
  it('splits on commas and any whitespace, dropping repeats', () => {
    expect(parseSiteIds('1, 2,3\n4\t5  6,,7 1')).toEqual({ ids: [1, 2, 3, 4, 5, 6, 7], invalid: [] });
  });

  it('reports malformed tokens by name, each once, in input order', () => {
    expect(parseSiteIds('12 abc 12x 7 abc -3 1.5 0 1;2')).toEqual({ ids: [12, 7], invalid: ['abc', '12x', '-3', '1.5', '0', '1;2'] });
  });

  it('accepts leading zeros and rejects ids beyond the integer range', () => {
    expect(parseSiteIds('007 2147483647 2147483648')).toEqual({ ids: [7, 2147483647], invalid: ['2147483648'] });
  });

  it('gives nothing for empty text', () => {
    expect(parseSiteIds('  ,\n ')).toEqual({ ids: [], invalid: [] });
    expect(parseSiteIds(null)).toEqual({ ids: [], invalid: [] });
  });

  it('names the bad tokens in its message and summarises long lists', () => {
    expect(invalidSiteIdsMessage(['abc'])).toBe("Nothing was deleted. This is not a valid site id: 'abc'.");
    expect(invalidSiteIdsMessage(['abc', '12x'])).toBe("Nothing was deleted. These are not valid site ids: 'abc', '12x'.");
    const many = Array.from({ length: 13 }, (_, index) => `x${index}`);
    expect(invalidSiteIdsMessage(many)).toMatch(/'x9'\sand 3 more\.$/);
  });
});
