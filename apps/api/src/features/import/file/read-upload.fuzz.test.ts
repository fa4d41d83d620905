import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_CELL_CHARS, ImportMessages } from '@riskatlas/domain';
import { AppError } from '../../../lib/app-error';
import { XLSX_MAX_UNPACKED_BYTES } from './file-kind';
import { IMPORT_MAX_COLUMNS, IMPORT_READ_LIMITS } from './file-intake';
import { readImportUpload } from './read-upload';

/**
 * Whatever bytes arrive, reading ends with rows or with one of the import's messages: never another
 * error, never a hang, never a row wider or a cell longer than the limits.
 */

/** A small seeded generator (xorshift32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const MESSAGES = (filename: string) => new Set<string>([ImportMessages.emptyFile, ImportMessages.wrongType(filename), ImportMessages.legacyExcel(filename), ImportMessages.uploadFailed, ImportMessages.workbookTooLarge(XLSX_MAX_UNPACKED_BYTES)]);

/** Reads the bytes to the end; answers 'rows' or the refusal's message, after checking the limits. */
async function outcome(bytes: Buffer, filename: string): Promise<string> {
  try {
    // A stalled spreadsheet reader is given up after 2 s here (10 s in the app).
    const upload = readImportUpload(bytes, filename, { ...IMPORT_READ_LIMITS, stallMs: 2000 });
    for await (const row of upload.rows) {
      expect(row.length).toBeLessThanOrEqual(IMPORT_MAX_COLUMNS);
      for (const cell of row) expect(cell.length).toBeLessThanOrEqual(IMPORT_MAX_CELL_CHARS);
    }
    expect(upload.summary().rowCount).toBeGreaterThan(0);
    return 'rows';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(MESSAGES(filename)).toContain(error.message);
    return error.message;
  }
}

describe('reading hostile uploads', () => {
  it('reads random bytes to rows or a message', async () => {
    const next = random(16);
    for (let round = 0; round < 300; round += 1) {
      const bytes = Buffer.from(Array.from({ length: Math.floor(next() * 2048) }, () => Math.floor(next() * 256)));
      await outcome(bytes, `random-${round}.csv`);
    }
  });

  it('reads random CSV-ish text (quotes, delimiters, line ends, accents, formulas) to rows or a message', async () => {
    const next = random(42);
    const pieces = ['"', '""', ',', ';', '\t', '|', '\r\n', '\n', '\r', 'é', '€', 'Main St', '=HYPERLINK("x")', '+1', '-', '@', ' ', '0', '12.5', '\u00a0', '\uFEFF'];
    let withRows = 0;
    for (let round = 0; round < 300; round += 1) {
      const text = Array.from({ length: Math.floor(next() * 400) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      const encoding = (['utf8', 'utf16le', 'latin1'] as const)[round % 3]!;
      if ((await outcome(Buffer.from(text, encoding), `text-${round}.csv`)) === 'rows') withRows += 1;
    }
    expect(withRows).toBeGreaterThan(100);
  });

  it('reads damaged workbooks to rows or a message', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sites');
    sheet.addRow(['Site Name', 'Street', 'City']);
    for (let index = 0; index < 50; index += 1) sheet.addRow([`Site ${index}`, `${index} Main St`, 'Chicago']);
    const good = Buffer.from(await book.xlsx.writeBuffer());
    expect(await outcome(good, 'good.xlsx')).toBe('rows');
    const next = random(7);
    for (let round = 0; round < 40; round += 1) {
      const damaged = Buffer.from(good);
      if (round % 2 === 0) {
        for (let flip = 0; flip < 20; flip += 1) damaged[Math.floor(next() * damaged.length)] = Math.floor(next() * 256);
        await outcome(damaged, `flipped-${round}.xlsx`);
      } else {
        await outcome(damaged.subarray(0, Math.floor(next() * damaged.length)), `cut-${round}.xlsx`);
      }
    }
  });
});
