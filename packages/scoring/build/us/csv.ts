/*
 * A small RFC 4180 reader for the raw CSV files: quoted fields may hold commas ("5,108,468" in
 * the 2022–2023 state rows, the caveats column) and doubled quotes. No file here holds a line
 * break inside quotes, so the reader works line by line and refuses one that does.
 */

/** The fields of one CSV line. Throws on an unterminated quote. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let index = 0;
  for (;;) {
    if (line[index] === '"') {
      let value = '';
      index++;
      for (;;) {
        const quote = line.indexOf('"', index);
        if (quote < 0) throw new Error(`CSV: unterminated quote in ${JSON.stringify(line.slice(0, 80))}`);
        value += line.slice(index, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
      fields.push(value);
      if (index >= line.length) return fields;
      if (line[index] !== ',') throw new Error(`CSV: text after a closing quote in ${JSON.stringify(line.slice(0, 80))}`);
      index++;
    } else {
      const comma = line.indexOf(',', index);
      if (comma < 0) {
        fields.push(line.slice(index));
        return fields;
      }
      fields.push(line.slice(index, comma));
      index = comma + 1;
    }
  }
}

/** A parsed CSV file: its header and rows, each row read by column name. */
export interface CsvTable {
  header: string[];
  rows: string[][];
  /** The index of a column; throws naming the file when it is missing (a renamed header). */
  column(name: string): number;
}

/** Parses a whole CSV text (BOM and CR tolerated, empty lines skipped); every row must have the header's width. */
export function parseCsv(text: string, fileName: string): CsvTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) throw new Error(`${fileName}: empty file`);
  const header = csvFields(lines[0]!).map((name) => name.trim());
  const rows = lines.slice(1).map((line, i) => {
    const fields = csvFields(line);
    if (fields.length !== header.length) throw new Error(`${fileName}:${i + 2}: ${fields.length} fields, expected ${header.length}`);
    return fields;
  });
  return {
    header,
    rows,
    column(name: string): number {
      const index = header.indexOf(name);
      if (index < 0) throw new Error(`${fileName}: no column ${name} (header: ${header.join(',')})`);
      return index;
    },
  };
}

/**
 * A count or amount as written in these files: thousands separators and padding allowed
 * ("1,067,522", " 524 "); '' → undefined (not reported). Throws on anything else.
 */
export function parseNumber(text: string, what: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || !/^-?\d+(\.\d+)?$/.test(trimmed)) throw new Error(`${what}: not a number: ${JSON.stringify(text)}`);
  return value;
}
