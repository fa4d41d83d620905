import { IMPORT_FIELDS, IMPORT_MAX_CELL_CHARS, type TImportField, type TImportMapping } from '@riskatlas/domain';
import { normalizePlaceName, normalizeStreet } from '@riskatlas/geo';

/**
 * A file row read through the user's column mapping: each field's cell, trimmed. Cells are kept as
 * the text they are — a cell that looks like a formula ('=HYPERLINK(…)') is a name or a note like
 * any other, never evaluated; exports escape it.
 */
export type ImportRowFields = Record<TImportField, string>;

/** One row to check: where it came from and its fields. */
export interface ImportRowInput {
  /** 1 = the first data row of the file. */
  rowNumber: number;
  fields: ImportRowFields;
}

/** Reads a row's cells into fields: the mapped column's cell trimmed, '' for fields not mapped or cells missing. */
export function fieldsOfCells(cells: readonly string[], mapping: TImportMapping): ImportRowFields {
  const fields = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, ''])) as ImportRowFields;
  for (const { columnIndex, field } of mapping) {
    if (field === null) continue;
    const cell = cells[columnIndex];
    if (typeof cell === 'string') fields[field] = cell.trim().slice(0, IMPORT_MAX_CELL_CHARS);
  }
  return fields;
}

/** The key a site name is matched by in the account and the queue: trimmed, lower case (the sites' own name key). */
export function importNameKey(siteName: string): string {
  return siteName.trim().toLowerCase();
}

const MARKS = /\p{M}+/gu;
const NOT_ALPHANUMERIC = /[^a-z0-9]+/g;

/** A name as fuzzy matching compares it: accents, punctuation and case folded, words single-spaced. */
export function fuzzyNameKey(siteName: string): string {
  const lower = siteName.toLowerCase();
  // Most names are plain ASCII: decomposing accents only when there are any keeps 100,000 names cheap.
  const folded = /[^ -~]/.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
  return folded.replace(NOT_ALPHANUMERIC, ' ').trim();
}

/** The postal code as matching compares it: letters and digits only, upper case. */
export function zipKey(zipCode: string | null | undefined): string {
  const key = (zipCode ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
  // A US ZIP+4 is matched by its five-digit ZIP: files write both forms of one place.
  return /^\d{9}$/.test(key) ? key.slice(0, 5) : key;
}

/** Cities already normalised: a portfolio names the same few thousand cities over and over. */
const cityKeys = new Map<string, string>();
const MAX_CITY_KEYS = 100_000;

/** The city as matching compares it ('St. Louis' and 'Saint Louis' alike). */
function cityKey(city: string | null | undefined): string {
  if (!city) return '';
  let key = cityKeys.get(city);
  if (key === undefined) {
    if (cityKeys.size >= MAX_CITY_KEYS) cityKeys.clear();
    key = normalizePlaceName(city);
    cityKeys.set(city, key);
  }
  return key;
}

/** The street as matching compares it: USPS abbreviations, lower case ('100 North Main Street' → '100 n main st'). */
export function streetKey(street: string | null | undefined): string {
  return normalizeStreet(street ?? '').toLowerCase();
}

/**
 * The normalised address a row or a site is matched by: street, city and zip. '' without a street —
 * a city or a zip alone names an area, not a site.
 */
export function importAddressKey(address: { street?: string | null; city?: string | null; zipCode?: string | null }, street = streetKey(address.street)): string {
  if (!street) return '';
  return `${street}|${cityKey(address.city)}|${zipKey(address.zipCode)}`;
}

/**
 * The block a row or site is compared within for fuzzy matching: its zip, else its city and state;
 * '' when it has neither. Comparing only inside a block keeps a 100,000-row file against 100,000
 * sites fast.
 */
export function matchBlockKey(address: { city?: string | null; state?: string | null; zipCode?: string | null }): string {
  const zip = zipKey(address.zipCode);
  if (zip) return `z:${zip}`;
  const city = cityKey(address.city);
  return city ? `c:${city}|${(address.state ?? '').trim().toLowerCase()}` : '';
}
