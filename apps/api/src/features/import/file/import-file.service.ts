import { randomUUID } from 'node:crypto';
import { columnNameKey, ImportMessages, suggestImportMappings, ZImportMapping, type TImportColumn, type TImportFileInfo, type TImportMapping } from '@riskatlas/domain';
import type { Db } from '../../../db/client';
import type { ImportFileRow } from '../../../db/schema/index';
import type { AuthContext, Caller } from '../../../access/caller';
import { auditActor } from '../../../access/audit-actor';
import { assertMayCreateSites } from '../../../access/site-policy';
import { AppError } from '../../../lib/app-error';
import { recordAudit } from '../../../platform/audit/audit.repository';
import type { FileStore } from '../../../platform/files/file-store';
import type { UploadedFile } from '../../../platform/files/multipart-upload';
import { readRowsFile, writeRowsFile } from '../rows-file';
import { refusal } from './file-kind';
import { FIRST_ROWS_KEPT } from './file-intake';
import { findImportFile, findImportMapping, lockImportFile, replaceImportFile, upsertImportMapping } from './import-file.repository';
import { readImportUpload } from './read-upload';
import { assertQueueHasRoom } from '../queue-limit';

/** What the import file services need. */
export interface ImportFileDeps {
  db: Db;
  fileStore: FileStore;
  now: () => Date;
}

/** Examples shown per column (the example review shows the first rows). */
const EXAMPLES_PER_COLUMN = 5;

/**
 * Where an upload's rows are kept. Each upload gets its own key, so a failed upload leaves the
 * previous file whole, and a processing job that is reading the previous file never reads the rows
 * of the next one under the same name.
 */
function rowsKeyOf(accountId: number, userId: number): string {
  return `accounts/${accountId}/import/${userId}/rows-${randomUUID()}.jsonl`;
}

/**
 * POST sites/import/file/upload: reads the file (CSV/TXT in any usual encoding and delimiter, or
 * XLSX), keeps its rows in the file store and makes it the caller's current file, replacing the
 * previous one; refused while the caller's import queue is full. `readUpload` reads the request's file and is called only once the caller may create
 * sites, so a refused caller's body is never read.
 */
export async function uploadImportFile(deps: ImportFileDeps, auth: AuthContext, ip: string | null, readUpload: () => Promise<UploadedFile | undefined>): Promise<TImportFileInfo> {
  assertMayCreateSites(auth);
  // A full queue takes no more rows: say so before the file is read.
  await assertQueueHasRoom(deps.db, auth, 0);
  const upload = await readUpload();
  if (!upload) throw refusal(ImportMessages.uploadFailed);
  const read = readImportUpload(upload.bytes, upload.filename);
  const rowsKey = rowsKeyOf(auth.accountId, auth.userId);
  let row: ImportFileRow;
  let previous: ImportFileRow | undefined;
  try {
    await writeRowsFile(deps.fileStore, rowsKey, read.rows);
    const summary = read.summary();
    row = {
      accountId: auth.accountId,
      userId: auth.userId,
      filename: upload.filename,
      format: read.format,
      encoding: read.encoding,
      delimiter: read.delimiter,
      byteSize: upload.bytes.length,
      rowCount: summary.rowCount,
      headerDetected: summary.headerDetected,
      columns: columnsOf(summary.firstRows, summary.columnCount, summary.headerDetected),
      warnings: summary.warnings,
      headerKey: layoutKey(summary.firstRows[0] ?? [], summary.columnCount, summary.headerDetected),
      rowsKey,
      uploadedAt: deps.now(),
    };
    previous = await makeCurrent(deps.db, auth, ip, row);
  } catch (error) {
    // Refused while reading, or not recorded: the new rows file is nobody's.
    await deps.fileStore.delete(rowsKey);
    throw error;
  }
  if (previous) await deps.fileStore.delete(previous.rowsKey);
  return fileInfo(deps, auth, row, row.headerDetected);
}

/** Makes `row` the user's current file, audited; answers the file it replaced. */
async function makeCurrent(db: Db, auth: AuthContext, ip: string | null, row: ImportFileRow): Promise<ImportFileRow | undefined> {
  return db.transaction(async (tx) => {
    const replaced = await lockImportFile(tx, auth.accountId, auth.userId);
    await replaceImportFile(tx, row);
    const { filename, format, encoding, delimiter, byteSize, rowCount, headerDetected } = row;
    await recordAudit(tx, {
      ...auditActor(auth, ip),
      action: 'import.file_uploaded',
      targetType: 'import_file',
      targetId: String(auth.userId),
      detail: { filename, format, encoding, delimiter, byteSize, rowCount, columnCount: row.columns.length, headerDetected },
    });
    return replaced;
  });
}

/**
 * GET sites/import/file/columns?hasHeader: the caller's current file as the mapping step shows it,
 * with the first row as the header (hasHeader true), as data (false) or as detected (absent).
 * 404 with ImportMessages.noFile when the caller has no file.
 */
export async function importFileColumns(deps: ImportFileDeps, auth: Caller, hasHeader: boolean | undefined): Promise<TImportFileInfo> {
  const file = await currentImportFile(deps.db, auth);
  if (!file) throw AppError.notFound(ImportMessages.noFile);
  return fileInfo(deps, auth, file, hasHeader ?? file.headerDetected);
}

/** The caller's current uploaded file (the processing reads its rows at rowsKey), or undefined. */
export async function currentImportFile(db: Db, auth: Pick<Caller, 'accountId' | 'userId'>): Promise<ImportFileRow | undefined> {
  return findImportFile(db, auth.accountId, auth.userId);
}

/** Keeps the mapping a file of this header layout (its headerKey) was processed with: offered again as `mapping` for the next such file. */
export async function saveImportMapping(db: Db, auth: Pick<Caller, 'accountId' | 'userId'>, headerKey: string, mapping: TImportMapping, now: Date = new Date()): Promise<void> {
  await upsertImportMapping(db, auth.accountId, auth.userId, headerKey, mapping, now);
}

/** The uploaded file info of a file, its first row taken as the header or not. */
async function fileInfo(deps: ImportFileDeps, auth: Caller, file: ImportFileRow, hasHeader: boolean): Promise<TImportFileInfo> {
  const columnCount = file.columns.length;
  const columns = hasHeader === file.headerDetected ? file.columns : columnsOf(await firstStoredRows(deps.fileStore, file.rowsKey), columnCount, hasHeader);
  const warnings = [...file.warnings];
  const unnamed = hasHeader ? columns.filter((column) => column.name === placeholderName(column.columnIndex)) : [];
  if (unnamed.length > 0) {
    warnings.push(`${unnamed.length} column(s) have no header (${unnamed.map((column) => column.name).join(', ')}); they are named by their position.`);
  }
  return {
    warnings,
    rowCount: file.rowCount - (hasHeader ? 1 : 0),
    filename: file.filename,
    hasHeader,
    columns,
    suggestedMappings: hasHeader ? suggestImportMappings(columns.map((column) => (column.name === placeholderName(column.columnIndex) ? '' : column.name))) : [],
    mapping: await rememberedMapping(deps.db, auth, file.headerKey, columnCount),
  };
}

/** The mapping remembered for this layout, when it still fits the file's columns; else null. */
async function rememberedMapping(db: Db, auth: Caller, headerKey: string, columnCount: number): Promise<TImportMapping | null> {
  const stored = await findImportMapping(db, auth.accountId, auth.userId, headerKey);
  const parsed = ZImportMapping.safeParse(stored);
  if (!parsed.success) return null;
  const fitting = parsed.data.filter((entry) => entry.columnIndex < columnCount);
  return fitting.length > 0 ? fitting : null;
}

/** The first rows of a stored file, as many as the columns' examples need. */
async function firstStoredRows(fileStore: FileStore, rowsKey: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readRowsFile(fileStore, rowsKey)) {
    rows.push(row.cells);
    if (rows.length >= Math.min(FIRST_ROWS_KEPT, EXAMPLES_PER_COLUMN + 1)) break;
  }
  return rows;
}

/** The name of a column without a header cell. */
function placeholderName(columnIndex: number): string {
  return `Column ${columnIndex + 1}`;
}

/** The columns of a file from its first rows: named by the header row (or "Column N"), with the first values below it as examples. */
function columnsOf(firstRows: readonly string[][], columnCount: number, hasHeader: boolean): TImportColumn[] {
  const header = hasHeader ? (firstRows[0] ?? []) : [];
  const examples = firstRows.slice(hasHeader ? 1 : 0, (hasHeader ? 1 : 0) + EXAMPLES_PER_COLUMN);
  return Array.from({ length: columnCount }, (_, columnIndex) => ({
    columnIndex,
    name: header[columnIndex]?.trim() || placeholderName(columnIndex),
    examples: examples.map((row) => row[columnIndex] ?? ''),
  }));
}

/**
 * The key of a file's layout, to find the mapping last used for files like it: the header cells'
 * match keys joined, or the column count for a file without a header.
 */
function layoutKey(firstRow: readonly string[], columnCount: number, hasHeader: boolean): string {
  if (!hasHeader) return `no header: ${columnCount} columns`;
  return Array.from({ length: columnCount }, (_, index) => columnNameKey(firstRow[index] ?? '')).join('|');
}
