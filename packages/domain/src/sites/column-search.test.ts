import { describe, expect, it } from 'vitest';
import { compileColumnSearch, containsMatcher, equalsMatcher, parseColumnSearch } from './column-search';

describe('column search parsing (map column search)', () => {
  it('splits semicolon-separated terms, trimming and skipping empties', () => {
    expect(parseColumnSearch(' chicago ; ;boston;')).toEqual([
      { type: 'text', text: 'chicago', quoted: false },
      { type: 'text', text: 'boston', quoted: false },
    ]);
    expect(parseColumnSearch('')).toEqual([]);
    expect(parseColumnSearch(null)).toEqual([]);
    expect(parseColumnSearch(' ; ')).toEqual([]);
  });

  it('keeps quoted phrases literal, semicolons and dashes included; an unclosed quote runs to the end', () => {
    expect(parseColumnSearch('"a;b";"10-20";"null"')).toEqual([
      { type: 'text', text: 'a;b', quoted: true },
      { type: 'text', text: '10-20', quoted: true },
      { type: 'text', text: 'null', quoted: true },
    ]);
    expect(parseColumnSearch('"new york')).toEqual([{ type: 'text', text: 'new york', quoted: true }]);
    expect(parseColumnSearch('“smart quotes”')).toEqual([{ type: 'text', text: 'smart quotes', quoted: true }]);
    expect(parseColumnSearch('""')).toEqual([]);
  });

  it('reads null in any case, numbers, dash ranges in either order, open ranges and negatives', () => {
    expect(parseColumnSearch('NULL')).toEqual([{ type: 'null', text: 'NULL' }]);
    expect(parseColumnSearch('250')[0]).toMatchObject({ type: 'range', min: 250, max: 250 });
    expect(parseColumnSearch('100-200')[0]).toMatchObject({ type: 'range', min: 100, max: 200 });
    expect(parseColumnSearch('200 - 100')[0]).toMatchObject({ type: 'range', min: 100, max: 200 });
    expect(parseColumnSearch('400-')[0]).toMatchObject({ type: 'range', min: 400, max: null });
    expect(parseColumnSearch('-1')[0]).toMatchObject({ type: 'range', min: -1, max: -1 });
    expect(parseColumnSearch('-5--1')[0]).toMatchObject({ type: 'range', min: -5, max: -1 });
    expect(parseColumnSearch('1.5-2.5')[0]).toMatchObject({ type: 'range', min: 1.5, max: 2.5 });
  });

  it('reads comparisons: numeric ones as ranges, others kept for dates', () => {
    expect(parseColumnSearch('>300')[0]).toMatchObject({ type: 'range', min: 300, minInclusive: false, max: null });
    expect(parseColumnSearch('<= 50')[0]).toMatchObject({ type: 'range', min: null, max: 50, maxInclusive: true });
    expect(parseColumnSearch('>=2024-03-01')[0]).toEqual({ type: 'compare', text: '>=2024-03-01', op: '>=', operand: '2024-03-01' });
  });
});

describe('column search matching', () => {
  it('matches text case-insensitively anywhere, any term enough', () => {
    const match = compileColumnSearch('MAIN;oak', 'text');
    expect(match('123 Main St')).toBe(true);
    expect(match('Old Oak Rd')).toBe(true);
    expect(match('Elm')).toBe(false);
    expect(match(null)).toBe(false);
  });

  it('matches null only for empty values', () => {
    const match = compileColumnSearch('null', 'text');
    expect(match(null)).toBe(true);
    expect(match('')).toBe(true);
    expect(match(undefined)).toBe(true);
    expect(match('x')).toBe(false);
    expect(compileColumnSearch('null', 'list')([])).toBe(true);
    expect(compileColumnSearch('null', 'number')(Number.NaN)).toBe(true);
    expect(compileColumnSearch('"null"', 'text')('null island')).toBe(true);
    expect(compileColumnSearch('"null"', 'text')(null)).toBe(false);
  });

  it('matches numeric text by range and still as text (ZIP+4)', () => {
    const block = compileColumnSearch('60600-60699', 'text');
    expect(block('60601')).toBe(true);
    expect(block('60700')).toBe(false);
    const zipPlusFour = compileColumnSearch('60601-1234', 'text');
    expect(zipPlusFour('60601-1234')).toBe(true);
  });

  it('matches numbers by range, comparison and equality; text never matches a number column', () => {
    expect(compileColumnSearch('100-200', 'number')(150)).toBe(true);
    expect(compileColumnSearch('100-200', 'number')(201)).toBe(false);
    expect(compileColumnSearch('>200', 'number')(200)).toBe(false);
    expect(compileColumnSearch('>=200', 'number')(200)).toBe(true);
    expect(compileColumnSearch('400-', 'number')(2000)).toBe(true);
    expect(compileColumnSearch('7', 'number')(7)).toBe(true);
    expect(compileColumnSearch('abc', 'number')(7)).toBe(false);
  });

  it('matches dates by year, month, day, year range and comparison (UTC ISO text)', () => {
    const date = '2024-03-05T23:30:00.000Z';
    for (const search of ['2024', '2024-03', '2024-03-05', '2023-2024', '>=2024-03-05', '<2024-03-06', '>2024-03-04', '<=2024-03-05', '>2023', '<=2024']) {
      expect(compileColumnSearch(search, 'date')(date), search).toBe(true);
    }
    for (const search of ['2023', '2024-04', '2024-03-06', '2020-2023', '>2024-03-05', '<2024-03-05', '<2024', 'march']) {
      expect(compileColumnSearch(search, 'date')(date), search).toBe(false);
    }
    expect(compileColumnSearch('2024-12', 'date')('2024-12-31T23:59:59.000Z')).toBe(true);
    expect(compileColumnSearch('<=2024-02-29', 'date')('2024-02-29T12:00:00.000Z')).toBe(true);
    expect(compileColumnSearch('null', 'date')(null)).toBe(true);
  });

  it('matches any element of a list column', () => {
    const match = compileColumnSearch('north', 'list');
    expect(match(['South', 'Northeast'])).toBe(true);
    expect(match(['South'])).toBe(false);
  });

  it('matches everything when empty', () => {
    expect(compileColumnSearch('', 'text')(null)).toBe(true);
  });

  it('treats regular-expression characters literally', () => {
    expect(containsMatcher('a.c')('abc')).toBe(false);
    expect(containsMatcher('(1)')('Unit (1)')).toBe(true);
    expect(containsMatcher('C++')('c++ shop')).toBe(true);
    expect(equalsMatcher('vip')('VIP')).toBe(true);
    expect(equalsMatcher('vip')('VIPs')).toBe(false);
    expect(containsMatcher('ÉTÉ')('été')).toBe(true);
  });
});
