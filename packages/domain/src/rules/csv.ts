/**
 * CSV writing shared by every export: RFC 4180 quoting, CRLF line ends, and the spreadsheet
 * formula defusing every spreadsheet writer shares (spreadsheet-text.ts).
 */

import { defuseFormula } from './spreadsheet-text';

/** A value a CSV cell can be made from. null and undefined are empty cells. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * One cell, ready to join with commas: text is defused, then quoted when it holds a comma, a quote
 * or a line break. Finite numbers are written as they are: they come from typed data, never from
 * free text, and a negative number must stay a number. Dates are written as ISO 8601 UTC.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return String(value);
    text = String(value);
  } else if (typeof value === 'boolean') {
    return value ? 'true' : 'false';
  } else if (value instanceof Date) {
    return value.toISOString();
  } else {
    text = value;
  }
  text = defuseFormula(text);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (without its line end). */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** The CSV line end (RFC 4180). */
export const CSV_NEWLINE = '\r\n';

/** A whole CSV document: each row followed by CRLF. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => csvRow(row) + CSV_NEWLINE).join('');
}
