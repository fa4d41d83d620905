import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_ROWS, ImportMessages, looksLikeHeader } from '@riskatlas/domain';
import { refusal } from './file-kind';
import type { FileRow, OpenedImportFile, ReadLimits } from './file-rows';

/**
 * Takes the rows of an opened file as the import keeps them: blank rows skipped, cells longer than
 * IMPORT_MAX_CELL_CHARS cut, rows wider than IMPORT_MAX_COLUMNS cut, empty cells trailing past the
 * first row's width dropped; every such change counted and told in the warnings. A row with more
 * cells than the first keeps them all (they become extra columns), so nothing a user typed is lost
 * silently. Nothing is kept in memory but the first rows and counters.
 */

/** Most columns a file may have: the mapping addresses columns 0 to 999. */
export const IMPORT_MAX_COLUMNS = 1000;
/** The reading limits of an import file. */
export const IMPORT_READ_LIMITS: ReadLimits = { maxCellChars: IMPORT_MAX_CELL_CHARS, maxCells: IMPORT_MAX_COLUMNS, stallMs: 10_000 };
/** Rows kept in memory for header detection and the columns' examples. */
export const FIRST_ROWS_KEPT = 12;
/** Rows a warning names before '…'. */
const NAMED_ROWS = 5;
/** A spreadsheet stops being read this far past the row limit (a zip can unpack to far more rows than its size suggests). */
const XLSX_ROWS_COUNTED = IMPORT_MAX_ROWS + 2;

/** What the intake learnt from the rows, once they are all read. */
export interface FileIntakeSummary {
  /** Rows kept, the header row included. */
  rowCount: number;
  columnCount: number;
  /** Whether the first row looks like a header. */
  headerDetected: boolean;
  /** The first rows kept (FIRST_ROWS_KEPT at most). */
  firstRows: string[][];
  warnings: string[];
}

/** Rows noticed for one warning: how many, and the first few row numbers. */
class NoticedRows {
  count = 0;
  readonly first: string[] = [];

  note(label: string): void {
    this.count += 1;
    if (this.first.length < NAMED_ROWS) this.first.push(label);
  }

  /** The named rows in words: '4, 9, 12' or '4, 9, 12, 15, 20 …'. */
  get named(): string {
    return this.first.join(', ') + (this.count > this.first.length ? ' …' : '');
  }
}

/**
 * Reads an opened file's rows; yields them as they are to be stored. When they are all read,
 * `summary()` tells what was found. Throws (400, a message for the user) when the file has no data
 * rows or more than IMPORT_MAX_ROWS of them: thrown from the generator, so a store writing the rows
 * gives up and keeps what it had.
 */
export class FileIntake {
  private rowCount = 0;
  private columnCount = 0;
  private width = 0;
  private readonly firstRows: string[][] = [];
  private readonly longer = new NoticedRows();
  private readonly shorter = new NoticedRows();
  private readonly wide = new NoticedRows();
  private readonly cutCells = new NoticedRows();
  private blankRows = 0;
  /** Blank rows not yet followed by a row: blank rows at the end of a file are not worth a warning. */
  private trailingBlankRows = 0;
  private lastRowNumber = 0;
  private result: FileIntakeSummary | undefined;

  constructor(private readonly file: OpenedImportFile) {}

  /** The rows to store, each an array of cell strings. */
  async *rows(): AsyncGenerator<string[], void, undefined> {
    let countedOnly = false;
    for await (const row of this.file.rows) {
      this.lastRowNumber = row.rowNumber;
      const cells = this.kept(row);
      if (!cells) continue;
      this.rowCount += 1;
      if (this.rowCount > IMPORT_MAX_ROWS + 1) {
        // Past the limit rows are only counted, to say how many there are; a spreadsheet not even that.
        countedOnly = true;
        if (this.file.format === 'xlsx' && this.rowCount >= XLSX_ROWS_COUNTED) break;
        continue;
      }
      if (this.firstRows.length < FIRST_ROWS_KEPT) this.firstRows.push(cells);
      yield cells;
    }
    const summary = this.summarise();
    const dataRows = summary.rowCount - (summary.headerDetected ? 1 : 0);
    if (dataRows <= 0) throw refusal(ImportMessages.emptyFile);
    if (countedOnly || dataRows > IMPORT_MAX_ROWS) {
      throw refusal(this.file.format === 'xlsx' && this.rowCount >= XLSX_ROWS_COUNTED ? ImportMessages.tooManyRowsUncounted(IMPORT_MAX_ROWS) : ImportMessages.tooManyRows(IMPORT_MAX_ROWS, dataRows));
    }
    this.result = summary;
  }

  /** What was found; only once every row has been read. */
  summary(): FileIntakeSummary {
    if (!this.result) throw new Error('The file intake has not read every row yet.');
    return this.result;
  }

  /** A row's cells as kept, or undefined for a blank row. */
  private kept(row: FileRow): string[] | undefined {
    let cells = row.cells;
    if (cells.every((cell) => cell.trim() === '')) {
      this.trailingBlankRows += 1;
      return undefined;
    }
    if (this.rowCount > 0) this.blankRows += this.trailingBlankRows;
    this.trailingBlankRows = 0;
    if (this.rowCount === 0) this.width = cells.length;
    if (cells.length > IMPORT_MAX_COLUMNS) {
      this.wide.note(String(row.rowNumber));
      cells = cells.slice(0, IMPORT_MAX_COLUMNS);
    }
    // Empty cells past the first row's width are trailing delimiters, not data.
    let end = cells.length;
    while (end > this.width && cells[end - 1]!.trim() === '') end -= 1;
    if (end < cells.length) cells = cells.slice(0, end);
    if (cells.length > this.width) this.longer.note(String(row.rowNumber));
    else if (cells.length < this.width) this.shorter.note(String(row.rowNumber));
    for (let column = 0; column < cells.length; column += 1) {
      if (cells[column]!.length > IMPORT_MAX_CELL_CHARS) {
        this.cutCells.note(`row ${row.rowNumber} column ${column + 1}`);
        cells[column] = cells[column]!.slice(0, IMPORT_MAX_CELL_CHARS);
      }
    }
    this.columnCount = Math.max(this.columnCount, cells.length);
    return cells;
  }

  private summarise(): FileIntakeSummary {
    const warnings = [...this.file.warnings];
    if (this.file.endedInsideQuotes()) {
      warnings.push(`A quoted cell is never closed: everything from its opening quote to the end of the file (row ${this.lastRowNumber}) was read as one cell. Please check the quotes in the file.`);
    }
    if (this.longer.count > 0) {
      warnings.push(`${this.longer.count} row(s) have more cells than the first row (rows ${this.longer.named}); the extra cells are kept as extra columns named "Column N".`);
    }
    if (this.shorter.count > 0) warnings.push(`${this.shorter.count} row(s) have fewer cells than the first row (rows ${this.shorter.named}); their missing cells are read as empty.`);
    if (this.wide.count > 0) {
      warnings.push(`${this.wide.count} row(s) have more than ${IMPORT_MAX_COLUMNS.toLocaleString('en-US')} cells (rows ${this.wide.named}); the cells after the ${IMPORT_MAX_COLUMNS.toLocaleString('en-US')}th are not imported.`);
    }
    if (this.cutCells.count > 0) {
      warnings.push(`${this.cutCells.count} cell(s) hold more than ${IMPORT_MAX_CELL_CHARS.toLocaleString('en-US')} characters and were cut to that length (${this.cutCells.named}).`);
    }
    if (this.blankRows > 0) warnings.push(`${this.blankRows} empty row(s) were skipped.`);
    const [first = [], ...below] = this.firstRows;
    return { rowCount: this.rowCount, columnCount: this.columnCount, headerDetected: looksLikeHeader(first, below), firstRows: this.firstRows, warnings };
  }
}
