import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  IMPORT_ERROR_TEXT,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_WARNING_TEXT,
  importErrorsOf,
  importWarningsOf,
  type SheetValue,
  type TImportField,
  type TQueuedImportSite,
} from '@riskatlas/domain';
import { addHeaderRow, createXlsxWriter, sheetRow } from '../../documents/index';

/**
 * The queue as a workbook: the grid's rows (asExcel), or 'Download rows with issues' — the rows
 * with an error or warning in the layout of an import file (the field columns under their import
 * labels, so the mapping step recognises them) with a last column 'Issues' saying what is wrong,
 * to be corrected and uploaded again. Every text cell goes through the shared formula rule.
 */

/** The label of a field column; the external id column carries the account's name for it. */
function fieldLabel(field: TImportField, externalIdName: string): string {
  return field === 'externalId' ? externalIdName : IMPORT_FIELD_LABELS[field];
}

/** A field's value as a cell: coordinates stay numbers. */
function fieldCell(row: TQueuedImportSite, field: TImportField): SheetValue {
  return row[field];
}

/** The reasons a row has an issue, in words, one per line. */
function issuesInWords(row: Pick<TQueuedImportSite, 'errorFlags' | 'warningFlags'>): string {
  return [...importErrorsOf(row.errorFlags).map((name) => IMPORT_ERROR_TEXT[name]), ...importWarningsOf(row.warningFlags).map((name) => IMPORT_WARNING_TEXT[name])].join('\n');
}

/** Writes the sheet rows and answers the finished file. */
async function workbookOf(sheetName: string, header: readonly SheetValue[], rows: Iterable<readonly SheetValue[]>): Promise<Buffer> {
  const stream = new PassThrough();
  const body = buffer(stream);
  const workbook = createXlsxWriter({ stream });
  const sheet = workbook.addWorksheet(sheetName);
  addHeaderRow(sheet, header);
  for (const values of rows) sheet.addRow(sheetRow(values)).commit();
  sheet.commit();
  await workbook.commit();
  return body;
}

/** The queue grid as a workbook: status, the fields, the matching site and the geocode source. */
export function queueWorkbook(rows: readonly TQueuedImportSite[], externalIdName: string): Promise<Buffer> {
  const header = ['Row', 'Status', ...IMPORT_FIELDS.map((field) => fieldLabel(field, externalIdName)), 'SiteID', 'Geocode Source'];
  const cells = rows.map((row) => [row.rowNumber, row.statusDescription, ...IMPORT_FIELDS.map((field) => fieldCell(row, field)), row.siteId, row.geocodeSource]);
  return workbookOf('Import queue', header, cells);
}

/** 'Download rows with issues': the field columns as an import file has them, then 'Issues'. */
export function issuesWorkbook(rows: readonly TQueuedImportSite[], externalIdName: string): Promise<Buffer> {
  const header = [...IMPORT_FIELDS.map((field) => fieldLabel(field, externalIdName)), 'Issues'];
  const cells = rows.map((row) => [...IMPORT_FIELDS.map((field) => fieldCell(row, field)), issuesInWords(row)]);
  return workbookOf('Rows with issues', header, cells);
}
