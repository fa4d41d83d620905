/**
 * The one rule for text that ends up in a spreadsheet cell, whether the file is CSV or xlsx: a
 * cell a user typed that begins with = + - @ (or a tab or carriage return, which some spreadsheets
 * skip before reading a formula) would otherwise run as a formula when the file is opened in Excel
 * or Sheets (OWASP "CSV injection"). Such text is prefixed with a single quote, which spreadsheets
 * read as "this is text". Numbers never go through it: they come from typed data and a negative
 * number must stay a number.
 */

/** The characters that make a spreadsheet treat a cell as a formula when they lead it. */
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/** Prefixes text that a spreadsheet would read as a formula with a single quote. */
export function defuseFormula(text: string): string {
  return FORMULA_LEAD.test(text) ? `'${text}` : text;
}

/** A value an xlsx cell can be made from. null and undefined are empty cells. */
export type SheetValue = string | number | boolean | Date | null | undefined;

/**
 * A cell value for an xlsx writer: text is defused, everything else (numbers, booleans, dates,
 * empty) passes unchanged so the spreadsheet keeps its type.
 */
export function sheetCell(value: SheetValue): Exclude<SheetValue, undefined> {
  if (value === undefined) return null;
  return typeof value === 'string' ? defuseFormula(value) : value;
}
