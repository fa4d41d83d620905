import { describe, expect, it } from 'vitest';
import { csvFields, parseCsv, parseNumber } from './csv';

describe('csvFields', () => {
  it('splits plain and quoted fields, with commas and doubled quotes inside quotes', () => {
    expect(csvFields('2022,AL,     Alabama,"5,074,296","22,232",588,,')).toEqual(['2022', 'AL', '     Alabama', '5,074,296', '22,232', '588', '', '']);
    expect(csvFields('"a ""b"", c",d')).toEqual(['a "b", c', 'd']);
    expect(csvFields('')).toEqual(['']);
  });

  it('refuses an unterminated quote', () => {
    expect(() => csvFields('1,"open')).toThrow(/unterminated/);
  });
});

describe('parseCsv', () => {
  it('reads by column name and refuses rows of another width or a missing column', () => {
    const table = parseCsv('\uFEFFa,b\r\n1,2\n\n3,4\n', 'x.csv');
    expect(table.rows).toEqual([['1', '2'], ['3', '4']]);
    expect(table.column('b')).toBe(1);
    expect(() => table.column('c')).toThrow(/x\.csv: no column c/);
    expect(() => parseCsv('a,b\n1\n', 'x.csv')).toThrow(/x\.csv:2/);
  });
});

describe('parseNumber', () => {
  it('accepts thousands separators and padding; blank is undefined', () => {
    expect(parseNumber('"1,067,522"'.replace(/"/g, ''), 'n')).toBe(1067522);
    expect(parseNumber(' 524 ', 'n')).toBe(524);
    expect(parseNumber('99.8313', 'n')).toBe(99.8313);
    expect(parseNumber('', 'n')).toBeUndefined();
    expect(() => parseNumber('n/a', 'n')).toThrow();
  });
});
