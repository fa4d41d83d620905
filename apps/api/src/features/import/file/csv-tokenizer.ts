/**
 * An RFC 4180 reader fed text a slice at a time: quoted cells may hold the delimiter, line breaks
 * and doubled quotes (""); lines end with CRLF, LF or CR, even when a CRLF is split between two
 * slices. Lenient where spreadsheets are: a quote inside an unquoted cell is text, and text after a
 * closing quote continues the cell. Bounded: a cell keeps at most `maxCellChars + 1` characters (so
 * the caller can tell it was longer and say so) and a row at most `maxCells + 1` cells.
 */
export class CsvTokenizer {
  private readonly delimiter: number;
  private row: string[] = [];
  private field = '';
  private state: 'start' | 'unquoted' | 'quoted' | 'afterQuote' = 'start';
  /** A CR ended the last slice: a LF opening the next one belongs to it. */
  private pendingCr = false;
  private endedInQuotes = false;

  constructor(
    delimiter: string,
    private readonly maxCellChars: number,
    private readonly maxCells: number,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Whether the text ended inside a quoted cell (its closing quote is missing). */
  get unclosedQuote(): boolean {
    return this.endedInQuotes;
  }

  /** Reads a slice of text; answers the rows it completed. */
  push(text: string): string[][] {
    const rows: string[][] = [];
    const length = text.length;
    let at = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.charCodeAt(0) === LF) at = 1;
    }
    while (at < length) {
      if (this.state === 'quoted') {
        const quote = text.indexOf('"', at);
        const end = quote === -1 ? length : quote;
        this.append(text, at, end);
        if (quote !== -1) this.state = 'afterQuote';
        at = end + 1;
        continue;
      }
      const code = text.charCodeAt(at);
      if (this.state === 'afterQuote') {
        if (code === QUOTE) {
          this.append('"', 0, 1);
          this.state = 'quoted';
          at += 1;
          continue;
        }
        if (code !== this.delimiter && code !== CR && code !== LF) this.state = 'unquoted';
      }
      if (this.state === 'start' && code === QUOTE) {
        this.state = 'quoted';
        at += 1;
        continue;
      }
      let end = at;
      while (end < length) {
        const next = text.charCodeAt(end);
        if (next === this.delimiter || next === CR || next === LF) break;
        end += 1;
      }
      this.append(text, at, end);
      if (end === length) {
        this.state = 'unquoted';
        break;
      }
      this.endField();
      const stop = text.charCodeAt(end);
      at = end + 1;
      if (stop !== this.delimiter) {
        rows.push(this.endRow());
        if (stop === CR) {
          if (at === length) this.pendingCr = true;
          else if (text.charCodeAt(at) === LF) at += 1;
        }
      }
    }
    return rows;
  }

  /** Ends the text: answers the last row when it had no line break after it. */
  end(): string[][] {
    this.endedInQuotes = this.state === 'quoted';
    if (this.state === 'start' && this.row.length === 0) return [];
    this.endField();
    return [this.endRow()];
  }

  private append(text: string, from: number, to: number): void {
    const room = this.maxCellChars + 1 - this.field.length;
    if (room > 0 && to > from) this.field += text.slice(from, Math.min(to, from + room));
  }

  private endField(): void {
    if (this.row.length <= this.maxCells) this.row.push(this.field);
    this.field = '';
    this.state = 'start';
  }

  private endRow(): string[] {
    const row = this.row;
    this.row = [];
    this.state = 'start';
    return row;
  }
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** The delimiters a CSV or TXT file may use, the most usual first (it wins a tie). */
const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

/** Rows of the sample compared to choose the delimiter. */
const SAMPLE_ROWS = 30;

/**
 * The delimiter of a text, from its first rows (quotes respected): the one that splits them into
 * the same number of cells, more than one, most consistently; then the one giving more cells.
 * A text no delimiter splits is one column (',').
 */
export function detectDelimiter(sample: string, sampleIsWholeText: boolean): string {
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of CSV_DELIMITERS) {
    const tokenizer = new CsvTokenizer(delimiter, 200, 1000);
    const rows = tokenizer.push(sample);
    // The last row of a cut sample may be cut too: only whole rows count.
    if (sampleIsWholeText) rows.push(...tokenizer.end());
    const counts = rows
      .filter((row) => row.some((cell) => cell.trim() !== ''))
      .slice(0, SAMPLE_ROWS)
      .map((row) => row.length);
    const first = counts[0] ?? 1;
    if (first < 2) continue;
    const consistent = counts.filter((count) => count === first).length / counts.length;
    const score = consistent * 10_000 + Math.min(first, 999);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}
