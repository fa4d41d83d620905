/*
 * The RFC 4180 reader of the raw CSV files (quoted fields with commas, doubled quotes and line
 * breaks; LF, CRLF or bare-CR line ends; a UTF-8 BOM). The scoring build reads its files with it
 * too, through this package's "./build/csv" export.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A parsed CSV file: its header and data rows. */
export interface CsvTable {
  /** Where it came from, for error messages. */
  label: string;
  header: string[];
  rows: string[][];
  /** The index of a column; throws naming the file when it is missing (a renamed header). */
  column(name: string): number;
}

/** All records of a CSV text; blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endRecord = () => {
    record.push(field);
    field = '';
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (source[index + 1] === '"') {
        field += '"';
        index++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n') endRecord();
    else if (char === '\r') {
      if (source[index + 1] === '\n') index++;
      endRecord();
    } else field += char;
  }
  if (quoted) throw new Error('CSV: unterminated quoted field at end of file');
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** A CSV table from text; every row must have the header's width. */
export function csvTable(text: string, label: string): CsvTable {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error(`${label}: empty file`);
  rows.forEach((row, index) => {
    if (row.length !== header.length) throw new Error(`${label}: row ${index + 2} has ${row.length} fields, the header ${header.length}`);
  });
  return {
    label,
    header,
    rows,
    column(name: string): number {
      const index = header.indexOf(name);
      if (index < 0) throw new Error(`${label}: no column ${JSON.stringify(name)} (header: ${header.join(',')})`);
      return index;
    },
  };
}

/** Reads a CSV file under sharedDir (path relative to it). */
export function readCsv(sharedDir: string, path: string): CsvTable {
  return csvTable(readFileSync(join(sharedDir, path), 'utf8'), path);
}
