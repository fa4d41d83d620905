import { describe, expect, it } from 'vitest';
import { csvTable, integerField, parseCsv } from './raw-files';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\nlines"\n')).toEqual([['a', 'b,c', 'say "hi"', 'two\nlines']]);
  });

  it('takes LF, CRLF and bare CR line ends, drops a BOM and blank lines', () => {
    expect(parseCsv('\uFEFFx,y\r\n1,2\r3,4\n\n\n5,6')).toEqual([['x', 'y'], ['1', '2'], ['3', '4'], ['5', '6']]);
  });

  it('keeps empty fields', () => {
    expect(parseCsv(',a,\n')).toEqual([['', 'a', '']]);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('"open,1\n')).toThrow(/unterminated/);
  });
});

describe('csvTable', () => {
  it('finds columns by name and names the file when one is missing', () => {
    const table = csvTable('A,B\n1,2\n', 'test.csv');
    expect(table.rows[0]![table.column('B')]).toBe('2');
    expect(() => table.column('C')).toThrow(/test.csv: no column "C"/);
  });

  it('refuses a row of the wrong width', () => {
    expect(() => csvTable('A,B\n1\n', 'test.csv')).toThrow(/row 2 has 1 fields/);
  });
});

describe('integerField', () => {
  it('reads thousands separators and refuses negatives and text', () => {
    expect(integerField('1,954', 'f')).toBe(1954);
    expect(() => integerField('-3', 'f')).toThrow();
    expect(() => integerField('NA', 'f')).toThrow();
  });
});
