import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, toCsv } from './csv';
import { defuseFormula, sheetCell } from './spreadsheet-text';

describe('CSV cells defuse spreadsheet formulas', () => {
  it.each(['=SUM(A1:A2)', '+1+2', '-2+3', '@cmd', '\tleading tab', '\rleading return'])('prefixes %j with a single quote', (text) => {
    expect(defuseFormula(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text alone, including formula characters that do not lead', () => {
    expect(defuseFormula('a=b')).toBe('a=b');
    expect(defuseFormula('user@example.com')).toBe('user@example.com');
    expect(defuseFormula(' =1')).toBe(' =1');
    expect(defuseFormula('')).toBe('');
  });

  it('xlsx cells share the rule: text is defused, numbers, dates and empties keep their type', () => {
    expect(sheetCell('=1+1')).toBe("'=1+1");
    expect(sheetCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(sheetCell(-5)).toBe(-5);
    expect(sheetCell(undefined)).toBeNull();
    const when = new Date(0);
    expect(sheetCell(when)).toBe(when);
  });

  it('quotes after defusing, so the quote prefix sits inside the quotes', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('-1,2')).toBe(`"'-1,2"`);
    expect(csvCell('\rnext')).toBe(`"'\rnext"`);
  });

  it('writes numbers as numbers (a negative number stays a number) and empties for null', () => {
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('joins rows with commas and ends every line with CRLF', () => {
    expect(csvRow(['a', 1, null, '=x'])).toBe("a,1,,'=x");
    expect(toCsv([['h1', 'h2'], ['v', '+v']])).toBe("h1,h2\r\nv,'+v\r\n");
  });
});
