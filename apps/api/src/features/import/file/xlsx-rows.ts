import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ImportMessages } from '@riskatlas/domain';
import { refusal } from './file-kind';
import type { FileRow, ReadLimits } from './file-rows';
import { StallGuard } from './stall-guard';

/**
 * The rows of an XLSX file's first worksheet, read with exceljs's streaming reader (no formula is
 * ever evaluated, no macro run), each cell as the text a user sees: dates as ISO yyyy-mm-dd (with
 * the time when there is one), numbers as JavaScript writes them (zero-padded when their format
 * pads them, as zip codes are), a formula as its cached result,
 * or as its text when the file holds no result, rich text joined, hyperlinks as their text.
 */
export async function* xlsxRows(bytes: Buffer, limits: ReadLimits): AsyncGenerator<FileRow, void, undefined> {
  const guard = new StallGuard(limits.stallMs);
  try {
    yield* guard.guard(worksheetRows(inputOf(bytes, guard), limits));
  } catch (error) {
    // A damaged or hostile workbook fails somewhere inside exceljs: the user hears that the file could not be read.
    throw refusal(ImportMessages.uploadFailed, { cause: error });
  }
}

/** Input slices given to the zip reader. */
const INPUT_SLICE_BYTES = 64 * 1024;

/** The bytes as a stream, a slice at a time, each slice taken counting as progress. */
function inputOf(bytes: Buffer, guard: StallGuard): Readable {
  function* slices() {
    for (let offset = 0; offset < bytes.length; offset += INPUT_SLICE_BYTES) {
      guard.progress();
      yield bytes.subarray(offset, offset + INPUT_SLICE_BYTES);
    }
  }
  return Readable.from(slices());
}

async function* worksheetRows(input: Readable, { maxCellChars, maxCells }: ReadLimits): AsyncGenerator<FileRow, void, undefined> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      // row.values is 1-based and sparse: index 0 and empty cells are holes.
      const values = row.values as unknown[];
      const cells: string[] = [];
      const width = Math.min(values.length - 1, maxCells + 1);
      for (let column = 1; column <= width; column += 1) {
        const value = values[column];
        // A number's format matters when it pads with zeros: zip codes such as 02139 are stored as 2139.
        const text = typeof value === 'number' ? numberText(value, row.getCell(column).numFmt) : cellText(value);
        cells.push(text.slice(0, maxCellChars + 1));
      }
      yield { rowNumber: row.number, cells };
    }
    // Only the first worksheet is imported.
    break;
  }
}

/** The text of one cell value as exceljs reads it. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    const cell = value as { formula?: string; sharedFormula?: string; result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if (cell.formula !== undefined || cell.sharedFormula !== undefined) {
      return cell.result !== undefined && cell.result !== null ? cellText(cell.result) : `=${cell.formula ?? cell.sharedFormula}`;
    }
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return cellText(cell.text);
    if (typeof cell.error === 'string') return cell.error;
  }
  return '';
}

/**
 * A number as the sheet shows it when its format only pads with zeros ('00000', or '00000-0000' for
 * ZIP+4), else as JavaScript writes it (the shortest text that reads back as the same number).
 */
export function numberText(value: number, numFmt: string | undefined): string {
  const padded = numFmt !== undefined && Number.isInteger(value) && value >= 0 ? /^(0+)(?:-(0+))?$/.exec(numFmt) : null;
  if (!padded) return String(value);
  const [, head = '', tail = ''] = padded;
  const digits = String(value).padStart(head.length + tail.length, '0');
  return tail ? `${digits.slice(0, digits.length - tail.length)}-${digits.slice(-tail.length)}` : digits;
}

/** yyyy-mm-dd, with the time when it is not midnight (spreadsheet dates carry no zone: they are read as UTC). */
function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}
