import { CsvTokenizer, detectDelimiter } from './csv-tokenizer';
import { importFileKind } from './file-kind';
import { assertLooksLikeText, decodedSlices, detectEncoding, type DetectedEncoding } from './text-encoding';
import { xlsxRows } from './xlsx-rows';

/** One row as read from a file: its number as the user sees it (1 = the file's first row) and its cells. */
export interface FileRow {
  rowNumber: number;
  cells: string[];
}

/** Limits every reader keeps to, so no file makes it hold more than a bounded amount. */
export interface ReadLimits {
  /** A cell keeps at most this many characters plus one (the extra one tells it was longer). */
  maxCellChars: number;
  /** A row keeps at most this many cells plus one. */
  maxCells: number;
  /** A spreadsheet reader that makes no progress for this long has stalled on a damaged file. */
  stallMs: number;
}

/** An uploaded file opened for reading: how it was read, and its rows. */
export interface OpenedImportFile {
  format: 'csv' | 'xlsx';
  /** The text encoding read; null for a spreadsheet. */
  encoding: string | null;
  /** The CSV delimiter found; null for a spreadsheet. */
  delimiter: string | null;
  /** What reading it noticed before the rows (an encoding guess). */
  warnings: string[];
  rows: AsyncIterable<FileRow>;
  /** Once the rows are read: the last row's cell is missing its closing quote. */
  endedInsideQuotes(): boolean;
}

/** Characters of text looked at to choose the delimiter. */
const DELIMITER_SAMPLE_CHARS = 64 * 1024;

/**
 * Opens an uploaded file by its bytes (not its name): XLSX, or text in any of the encodings and
 * delimiters the import reads. Refuses (AppError 400, message for the user) legacy XLS, other
 * binary files and files without a byte.
 */
export function openImportFile(bytes: Buffer, filename: string, limits: ReadLimits): OpenedImportFile {
  if (importFileKind(bytes, filename) === 'xlsx') {
    return { format: 'xlsx', encoding: null, delimiter: null, warnings: [], rows: xlsxRows(bytes, limits), endedInsideQuotes: () => false };
  }
  const detected = detectEncoding(bytes);
  assertLooksLikeText(bytes, detected, filename);
  const delimiter = detectDelimiter(...sampleOf(bytes, detected));
  const tokenizer = new CsvTokenizer(delimiter, limits.maxCellChars, limits.maxCells);
  return {
    format: 'csv',
    encoding: detected.encoding,
    delimiter,
    warnings: detected.warning ? [detected.warning] : [],
    rows: csvRows(bytes, detected, tokenizer),
    endedInsideQuotes: () => tokenizer.unclosedQuote,
  };
}

/** The first characters of the text, and whether they are all of it. */
function sampleOf(bytes: Buffer, detected: DetectedEncoding): [string, boolean] {
  let sample = '';
  for (const slice of decodedSlices(bytes, detected)) {
    sample += slice;
    if (sample.length > DELIMITER_SAMPLE_CHARS) return [sample.slice(0, DELIMITER_SAMPLE_CHARS), false];
  }
  return [sample, true];
}

async function* csvRows(bytes: Buffer, detected: DetectedEncoding, tokenizer: CsvTokenizer): AsyncGenerator<FileRow, void, undefined> {
  let rowNumber = 0;
  for (const slice of decodedSlices(bytes, detected)) {
    for (const cells of tokenizer.push(slice)) yield { rowNumber: ++rowNumber, cells };
  }
  for (const cells of tokenizer.end()) yield { rowNumber: ++rowNumber, cells };
}
