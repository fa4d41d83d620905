import ExcelJS from 'exceljs';
import { defaultScoreFormat, scoreBand, sheetCell, type CountryId, type SheetValue } from '@riskatlas/domain';

/** The MIME type of an .xlsx workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A streaming workbook (rows are written out as they are committed, so memory stays flat). */
export type XlsxWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;
/** A sheet of a streaming workbook. */
export type XlsxSheet = ExcelJS.Worksheet;

/**
 * A streaming workbook writing to a file path or a stream. Shared strings stay off (they would
 * keep every distinct string in memory until the end); styles are on for the header and band fills.
 */
export function createXlsxWriter(target: { filename: string } | { stream: NodeJS.WritableStream }): XlsxWorkbook {
  return new ExcelJS.stream.xlsx.WorkbookWriter({ ...target, useStyles: true, useSharedStrings: false } as Partial<ExcelJS.stream.xlsx.WorkbookWriterOptions>);
}

/** Cell values of a row: every text goes through the shared formula rule; numbers stay numbers. */
export function sheetRow(values: readonly SheetValue[]): ExcelJS.CellValue[] {
  return values.map((value) => sheetCell(value) as ExcelJS.CellValue);
}

/** Adds a bold header row and commits it; answers its row number. */
export function addHeaderRow(sheet: XlsxSheet, values: readonly SheetValue[]): number {
  const row = sheet.addRow(sheetRow(values));
  row.font = { bold: true };
  row.commit();
  return row.number;
}

/** ExcelJS's ARGB of a '#rrggbb' colour. */
function argbOf(hex: string): string {
  return `FF${hex.slice(1).toUpperCase()}`;
}

/**
 * The solid fill of a score's severity band: the country's bands (countries 3 and 5 have their
 * own) in the report's colour scheme (5 colours before the 2018 release, 25 from it).
 */
export function bandFill(score: number, countryId: CountryId, releaseYear: number): ExcelJS.Fill {
  const band = scoreBand(score, countryId, defaultScoreFormat(releaseYear));
  return { type: 'pattern', pattern: 'solid', fgColor: { argb: argbOf(band.color) } };
}
