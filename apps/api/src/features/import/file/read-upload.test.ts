import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_ROWS, ImportMessages } from '@riskatlas/domain';
import { AppError } from '../../../lib/app-error';
import { XLSX_MAX_UNPACKED_BYTES } from './file-kind';
import { readImportUpload } from './read-upload';
import { numberText } from './xlsx-rows';

/** Reads a file to its end: how it was read, its stored rows and the summary. */
async function readAll(bytes: Buffer, filename = 'sites.csv') {
  const upload = readImportUpload(bytes, filename);
  const rows: string[][] = [];
  for await (const row of upload.rows) rows.push(row);
  return { format: upload.format, encoding: upload.encoding, delimiter: upload.delimiter, rows, ...upload.summary() };
}

/** The message a file is refused with. */
async function refusalOf(bytes: Buffer, filename = 'sites.csv'): Promise<string> {
  try {
    await readAll(bytes, filename);
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('The file was not refused.');
}

const utf16le = (text: string) => Buffer.from(text, 'utf16le');
const utf16be = (text: string) => utf16le(text).swap16();

describe('reading CSV and TXT files', () => {
  it('reads UTF-8 with a byte order mark, which is dropped', async () => {
    const file = await readAll(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name,City\r\nCafé Nord,Montréal\r\n')]));
    expect(file).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ',', rowCount: 2, columnCount: 2, headerDetected: true, warnings: [] });
    expect(file.rows).toEqual([['Name', 'City'], ['Café Nord', 'Montréal']]);
  });

  it('reads UTF-16 little-endian with and without a byte order mark, and big-endian', async () => {
    const text = 'Name\tCity\r\nCafé Nord\tMontréal\r\n';
    for (const bytes of [Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(text)]), utf16le(text), Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), utf16be(text)]) {
      const file = await readAll(bytes, 'export.txt');
      expect(file.encoding).toMatch(/^utf-16/);
      expect(file.delimiter).toBe('\t');
      expect(file.rows).toEqual([['Name', 'City'], ['Café Nord', 'Montréal']]);
    }
  });

  it('reads bytes that are not UTF-8 as Windows-1252, and says so', async () => {
    const file = await readAll(Buffer.from('Name;City\nCaf\xe9 \x80 Nord;Qu\xe9bec\n', 'latin1'));
    expect(file.encoding).toBe('windows-1252');
    expect(file.delimiter).toBe(';');
    expect(file.rows[1]).toEqual(['Café € Nord', 'Québec']);
    expect(file.warnings.join(' ')).toContain('Windows-1252');
  });

  it('finds the delimiter among , ; TAB and |, quotes respected', async () => {
    expect((await readAll(Buffer.from('Name;Address;City\n"Acme, Inc";"1 Main St, Suite 2";Paris\nBeta;2 Rue;Lyon\n'))).delimiter).toBe(';');
    expect((await readAll(Buffer.from('Name|City\nA|B\nC|D\n'))).delimiter).toBe('|');
    expect((await readAll(Buffer.from('Name\tCity\tNotes\nA\tB\t"x, y; z"\n'))).delimiter).toBe('\t');
    const commas = await readAll(Buffer.from('Name,Notes\nA,"semi; colon; here"\nB,"more; more"\n'));
    expect(commas.delimiter).toBe(',');
    expect(commas.rows[1]).toEqual(['A', 'semi; colon; here']);
  });

  it('reads quoted cells with doubled quotes, delimiters and line breaks, and CRLF, LF and CR line ends', async () => {
    const file = await readAll(Buffer.from('Name,Notes\r\n"Acme ""Main""","line one\r\nline two, still notes"\rBeta,plain\nGamma,"x"\n'));
    expect(file.rows).toEqual([['Name', 'Notes'], ['Acme "Main"', 'line one\r\nline two, still notes'], ['Beta', 'plain'], ['Gamma', 'x']]);
  });

  it('keeps a CRLF split between two decoded slices as one line end', async () => {
    // The decoder works in 1 MiB slices: put the CR as the last byte of the first one.
    const head = 'Name,Notes\n';
    const filler = 'A,' + 'x'.repeat((1 << 20) - head.length - 3) + '\r\nB,y\n';
    const file = await readAll(Buffer.from(head + filler));
    expect(file.rows.map((row) => row[0])).toEqual(['Name', 'A', 'B']);
    expect(file.warnings.some((warning) => warning.includes('cut'))).toBe(true);
  });

  it('keeps formula-looking cells as text, exactly', async () => {
    const file = await readAll(Buffer.from('Name,Link\n"=HYPERLINK(""http://evil"",""x"")",+1\n@SUM(A1),-2\n'));
    expect(file.rows.slice(1)).toEqual([['=HYPERLINK("http://evil","x")', '+1'], ['@SUM(A1)', '-2']]);
  });

  it('keeps rows with too many cells as extra columns and names the rows with too few', async () => {
    const file = await readAll(Buffer.from('Name,City\nA,B,extra,more\nC\nD,E,\nF,G,,\n\n\n'));
    expect(file.columnCount).toBe(4);
    expect(file.rows).toEqual([['Name', 'City'], ['A', 'B', 'extra', 'more'], ['C'], ['D', 'E'], ['F', 'G']]);
    expect(file.warnings).toContain('1 row(s) have more cells than the first row (rows 2); the extra cells are kept as extra columns named "Column N".');
    expect(file.warnings).toContain('1 row(s) have fewer cells than the first row (rows 3); their missing cells are read as empty.');
  });

  it('cuts a 10 MB cell to the cell limit and names its row and column', async () => {
    const file = await readAll(Buffer.from(`Name,Notes\nA,${'n'.repeat(10 * 1024 * 1024)}\nB,short\n`));
    expect(file.rows[1]![1]).toHaveLength(IMPORT_MAX_CELL_CHARS);
    expect(file.rows[2]).toEqual(['B', 'short']);
    expect(file.warnings).toContain(`1 cell(s) hold more than 4,000 characters and were cut to that length (row 2 column 2).`);
  });

  it('says when a quoted cell is never closed', async () => {
    const file = await readAll(Buffer.from('Name,Notes\nA,"open\nB,c\n'));
    expect(file.rows).toEqual([['Name', 'Notes'], ['A', 'open\nB,c\n']]);
    expect(file.warnings.join(' ')).toContain('never closed');
  });

  it('tells blank rows in the middle, not at the end', async () => {
    const file = await readAll(Buffer.from('Name,City\nA,B\n,\n\nC,D\n\n,,\n'));
    expect(file.rows).toHaveLength(3);
    expect(file.warnings).toEqual(['2 empty row(s) were skipped.']);
  });

  it('finds no header in a file of data rows', async () => {
    const file = await readAll(Buffer.from('Acme 1,12 Main St,Springfield,IL,62701\nAcme 2,9 Oak Ave,Chicago,IL,60601\n'));
    expect(file.headerDetected).toBe(false);
    expect(file.rowCount).toBe(2);
  });
});

describe('refusing what is not a table', () => {
  it('refuses an empty file, blank lines, and a header without rows', async () => {
    for (const text of ['', '\r\n\r\n', ',,,\n', 'Name,Address,City\n']) expect(await refusalOf(Buffer.from(text))).toBe(ImportMessages.emptyFile);
  });

  it('refuses legacy XLS by its signature, asking for XLSX or CSV', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect(await refusalOf(xls, 'old.xls')).toBe(ImportMessages.legacyExcel('old.xls'));
    // The name decides nothing: the same bytes called .csv are refused the same way.
    expect(await refusalOf(xls, 'renamed.csv')).toBe(ImportMessages.legacyExcel('renamed.csv'));
  });

  it('refuses a PNG, a PDF, a zip that is not a workbook, and binary garbage', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect(await refusalOf(png, 'logo.png')).toBe(ImportMessages.wrongType('logo.png'));
    expect(await refusalOf(Buffer.from('%PDF-1.7\n1 0 obj'), 'a.pdf')).toBe(ImportMessages.wrongType('a.pdf'));
    expect(await refusalOf(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('word/document.xml')]), 'a.docx')).toBe(ImportMessages.wrongType('a.docx'));
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
    expect(await refusalOf(garbage, 'data.csv')).toBe(ImportMessages.wrongType('data.csv'));
    expect(await refusalOf(Buffer.from('Name,City\nA\u0000B,C\n'), 'nul.csv')).toBe(ImportMessages.wrongType('nul.csv'));
  });

  it('refuses more rows than the limit, saying how many', async () => {
    const lines = ['Name,City', ...Array.from({ length: IMPORT_MAX_ROWS + 3 }, (_, index) => `Site ${index},Town`)];
    expect(await refusalOf(Buffer.from(lines.join('\n')))).toBe(ImportMessages.tooManyRows(IMPORT_MAX_ROWS, IMPORT_MAX_ROWS + 3));
  });
});

/** An XLSX file made with exceljs, as Excel would save one. */
async function workbook(fill: (sheet: ExcelJS.Worksheet) => void, extraSheet = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Sites'));
  if (extraSheet) book.addWorksheet('Other').addRow(['Not', 'imported']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('reading XLSX files', () => {
  it('reads the first worksheet as text: dates, numbers, formulas, rich text and hyperlinks', async () => {
    const bytes = await workbook((sheet) => {
      sheet.addRow(['Site Name', 'Opened', 'Lat', 'Total', 'Link', 'Notes', 'Empty formula']);
      const row = sheet.addRow(['Acme', new Date(Date.UTC(2024, 2, 5)), 41.8781, null, null, null, null]);
      row.getCell(4).value = { formula: 'B2+1', result: 42 } as ExcelJS.CellFormulaValue;
      row.getCell(5).value = { text: 'Home page', hyperlink: 'https://example.com' };
      row.getCell(6).value = { richText: [{ text: 'Bold ' }, { text: 'and plain' }] };
      row.getCell(7).value = { formula: 'HYPERLINK("http://evil","x")' } as ExcelJS.CellFormulaValue;
      sheet.addRow(['=not a formula', '', 3, '', '', '', '']);
    }, true);
    const file = await readAll(bytes, 'sites.xlsx');
    expect(file).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null, headerDetected: true, rowCount: 3 });
    expect(file.rows[1]).toEqual(['Acme', '2024-03-05', '41.8781', '42', 'Home page', 'Bold and plain', '=HYPERLINK("http://evil","x")']);
    expect(file.rows[2]).toEqual(['=not a formula', '', '3']);
  });

  it('keeps the leading zeros of numbers formatted to pad them, as zip codes are', async () => {
    const bytes = await workbook((sheet) => {
      sheet.addRow(['Name', 'Zip', 'Zip+4', 'Share']);
      const row = sheet.addRow(['Cambridge', 2139, 21391234, 0.25]);
      row.getCell(2).numFmt = '00000';
      row.getCell(3).numFmt = '00000-0000';
      row.getCell(4).numFmt = '0.00';
    });
    expect((await readAll(bytes, 'zips.xlsx')).rows[1]).toEqual(['Cambridge', '02139', '02139-1234', '0.25']);
    expect(numberText(12345, '000')).toBe('12345');
    expect(numberText(-5, '00000')).toBe('-5');
    expect(numberText(2.5, '00000')).toBe('2.5');
  });

  it('keeps the gaps of sparse rows as empty cells', async () => {
    const bytes = await workbook((sheet) => {
      sheet.addRow(['Name', 'Street', 'City']);
      sheet.getCell('A3').value = 'Gap';
      sheet.getCell('C3').value = 'Town';
    });
    const file = await readAll(bytes, 'sites.xlsx');
    expect(file.rows).toEqual([['Name', 'Street', 'City'], ['Gap', '', 'Town']]);
  });

  it('refuses a workbook that declares it unpacks to more than the limit (a zip bomb)', async () => {
    const bomb = await workbook((sheet) => sheet.addRow(['Name']));
    // Declare the first entry of the central directory to unpack to almost 4 GB.
    const entry = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0xfffffff0, entry + 24);
    expect(await refusalOf(bomb, 'bomb.xlsx')).toBe(ImportMessages.workbookTooLarge(XLSX_MAX_UNPACKED_BYTES));
    expect(ImportMessages.workbookTooLarge(XLSX_MAX_UNPACKED_BYTES)).toContain('500 MB');
  });

  it('refuses a workbook whose first sheet is empty, and a damaged workbook', async () => {
    expect(await refusalOf(await workbook(() => undefined), 'blank.xlsx')).toBe(ImportMessages.emptyFile);
    const good = await workbook((sheet) => sheet.addRow(['Name']));
    const damaged = Buffer.concat([good.subarray(0, good.length / 2), Buffer.alloc(200, 1)]);
    const message = await refusalOf(damaged, 'damaged.xlsx');
    expect([ImportMessages.uploadFailed, ImportMessages.wrongType('damaged.xlsx'), ImportMessages.emptyFile]).toContain(message);
  });
});
