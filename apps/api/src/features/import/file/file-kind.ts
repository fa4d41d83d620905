import { ErrorCode, IMPORT_FILE_MAX_BYTES, ImportMessages } from '@riskatlas/domain';
import { AppError } from '../../../lib/app-error';
import { declaredUnpackedBytes } from './zip-size';

/**
 * What an uploaded file is, by its first bytes: the name and the browser's content type are the
 * user's claims and decide nothing. Spreadsheets are XLSX (a zip holding a workbook); legacy XLS
 * (OLE2) is refused, since the only npm reader for it has unfixed prototype-pollution and ReDoS advisories; anything
 * else with a known binary signature is refused; the rest is read as text.
 */
export type ImportFileKind = 'xlsx' | 'text';

/** The OLE2 compound file signature of Excel 97–2003 workbooks (and old Word documents). */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Most bytes a workbook may unpack to: ten times the largest upload, far above a real 100,000-row sheet. */
export const XLSX_MAX_UNPACKED_BYTES = 10 * IMPORT_FILE_MAX_BYTES;

/**
 * Signatures of files that are certainly not a table (documents, images, archives, executables),
 * each with a byte no text starts with. Other binaries are caught by the text reader's check for
 * control characters.
 */
const BINARY_SIGNATURES: readonly Buffer[] = [
  Buffer.from('%PDF-'),
  Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from('GIF87a'),
  Buffer.from('GIF89a'),
  Buffer.from([0x1f, 0x8b]),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from('Rar!\x1a'),
  Buffer.from([0x50, 0x4b, 0x05, 0x06]),
];

/** A refusal of the upload, shown next to the file input. */
export function refusal(message: string, options: { cause?: unknown } = {}): AppError {
  return new AppError(ErrorCode.BadRequest, message, { field: 'file', ...options });
}

/** The kind of an uploaded file, or a refusal naming it. */
export function importFileKind(bytes: Buffer, filename: string): ImportFileKind {
  if (bytes.length === 0) throw refusal(ImportMessages.emptyFile);
  if (startsWith(bytes, OLE2)) throw refusal(ImportMessages.legacyExcel(filename));
  if (startsWith(bytes, ZIP)) {
    // Entry names are stored in plain text in a zip: a workbook has xl/workbook.xml.
    if (!bytes.includes('xl/workbook.xml')) throw refusal(ImportMessages.wrongType(filename));
    const unpacked = declaredUnpackedBytes(bytes);
    if (unpacked === undefined) throw refusal(ImportMessages.uploadFailed);
    if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw refusal(ImportMessages.workbookTooLarge(XLSX_MAX_UNPACKED_BYTES));
    return 'xlsx';
  }
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature))) throw refusal(ImportMessages.wrongType(filename));
  return 'text';
}

function startsWith(bytes: Buffer, signature: Buffer): boolean {
  return bytes.length >= signature.length && bytes.subarray(0, signature.length).equals(signature);
}
