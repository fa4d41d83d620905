import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lookupRegion } from '@riskatlas/geo';
import { read, utils } from 'xlsx';
import type { OffenceKey } from '../../src/pack/format';
import { parseNumber } from './csv';
import { emptyCounts, type OffenceCounts } from './offences';

/*
 * FBI "Crime in the United States" Table 8 (offences known to law enforcement, by state, by
 * city), one legacy .xls (BIFF8) per year 2014–2019. Header on row 0 (the FBI title rows were
 * removed when the files were re-saved); the state only on the first row of its block; footnote
 * digits glued to names and headers ("ALABAMA3", "Houston4,6", "Rape1"); blank = not reported;
 * footnote text rows at the bottom. See shared/data/ucr/SOURCES.md.
 */

/** The years of Table 8 in the raw data. */
export const TABLE8_YEARS = [2014, 2015, 2016, 2017, 2018, 2019] as const;

/** One city row of Table 8. */
export interface Table8Row {
  year: number;
  /** Two-letter state code ('IL'). */
  state: string;
  /** The FBI's name with footnote marks removed and spaces collapsed ('Houston', 'Abington Township, Montgomery County'). */
  name: string;
  /** Undefined where the cell is blank (agencies reporting for a part of another's population). */
  population: number | undefined;
  counts: OffenceCounts;
}

type Column = OffenceKey | 'state' | 'city' | 'population' | 'rapeRevised' | 'rapeLegacy';

/**
 * Header text (footnote digits and line breaks removed) → column. 2014–2016 have both rape
 * definitions; from 2017 a single "Rape" column holds the revised definition (the 2019 footnote
 * says so; legacy-only agencies are left blank). Violent crime, property crime and arson are not read.
 */
const HEADER_COLUMNS: Readonly<Record<string, Column>> = {
  state: 'state',
  city: 'city',
  population: 'population',
  'murder and nonnegligent manslaughter': 'homicide',
  'rape (revised definition)': 'rapeRevised',
  'rape (legacy definition)': 'rapeLegacy',
  rape: 'rapeRevised',
  robbery: 'robbery',
  'aggravated assault': 'aggravatedAssault',
  burglary: 'burglary',
  'larceny-theft': 'larceny',
  'motor vehicle theft': 'motorVehicleTheft',
};

const REQUIRED: readonly Column[] = ['state', 'city', 'population', 'homicide', 'rapeRevised', 'robbery', 'aggravatedAssault', 'burglary', 'larceny', 'motorVehicleTheft'];

/** Footnote marks glued to the end of a name: "Houston4,6", "Abilene5, 6", "ALABAMA3". */
const TRAILING_FOOTNOTES = /\s*\d+(?:\s*,\s*\d+)*\s*$/;

/** A name or header without its footnote marks, spaces collapsed. */
export function stripFootnotes(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(TRAILING_FOOTNOTES, '').trim();
}

function headerKey(cell: unknown): string {
  // "Larceny-\ntheft" → "larceny-theft"; "Murder and\nnonnegligent\nmanslaughter" → spaces.
  return stripFootnotes(String(cell ?? '').replace(/-\s+/g, '-')).toLowerCase();
}

function cellText(cell: unknown): string {
  return typeof cell === 'string' ? cell.trim() : cell === null || cell === undefined ? '' : String(cell);
}

/** A count or population: a non-negative whole number, or undefined for a blank cell. */
function cellNumber(cell: unknown, what: string): number | undefined {
  const value = typeof cell === 'number' ? cell : parseNumber(cellText(cell), what);
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) throw new Error(`${what}: not a count: ${JSON.stringify(cell)}`);
  return value;
}

/**
 * Parses the rows of one year's sheet (arrays of cell values as SheetJS gives them with
 * header: 1). Pure, for tests. Rows without a city are footnote text or blank and are skipped.
 */
export function parseTable8Sheet(rows: readonly unknown[][], year: number, fileName: string): Table8Row[] {
  const columns = new Map<Column, number>();
  (rows[0] ?? []).forEach((cell, index) => {
    const column = HEADER_COLUMNS[headerKey(cell)];
    if (column) {
      if (columns.has(column)) throw new Error(`${fileName}: two ${column} columns`);
      columns.set(column, index);
    }
  });
  for (const column of REQUIRED) if (!columns.has(column)) throw new Error(`${fileName}: no ${column} column in ${JSON.stringify(rows[0])}`);
  const at = (row: readonly unknown[], column: Column): unknown => {
    const index = columns.get(column);
    return index === undefined ? undefined : row[index];
  };
  const out: Table8Row[] = [];
  let state: string | undefined;
  rows.slice(1).forEach((row, i) => {
    const where = `${fileName} row ${i + 2}`;
    const city = stripFootnotes(cellText(at(row, 'city')));
    if (city === '') return;
    const stateText = stripFootnotes(cellText(at(row, 'state')));
    if (stateText !== '') {
      const region = lookupRegion(1, stateText);
      if (!region) throw new Error(`${where}: unknown state ${JSON.stringify(stateText)}`);
      state = region.code;
    }
    if (!state) throw new Error(`${where}: city before any state`);
    const number = (column: Column) => cellNumber(at(row, column), `${where} ${column}`);
    const counts = emptyCounts();
    counts.homicide = number('homicide');
    // The revised definition (2013 on) where the agency reported it, else the legacy one.
    counts.rape = number('rapeRevised') ?? number('rapeLegacy');
    counts.robbery = number('robbery');
    counts.aggravatedAssault = number('aggravatedAssault');
    counts.burglary = number('burglary');
    counts.larceny = number('larceny');
    counts.motorVehicleTheft = number('motorVehicleTheft');
    out.push({ year, state, name: city, population: number('population'), counts });
  });
  return out;
}

/** The .xls file of one year (each year's folder holds exactly one). */
export function table8File(sharedDir: string, year: number): string {
  const folder = join('ucr/table8_city_by_year', String(year));
  const files = readdirSync(join(sharedDir, folder)).filter((name) => name.toLowerCase().endsWith('.xls'));
  if (files.length !== 1) throw new Error(`${folder}: expected one .xls file, found ${files.length}`);
  return join(folder, files[0]!);
}

/** Reads one year of Table 8 from sharedDir (path relative to it: table8File). */
export function readTable8(sharedDir: string, relativePath: string, year: number): Table8Row[] {
  const book = read(readFileSync(join(sharedDir, relativePath)), { type: 'buffer' });
  const sheetName = book.SheetNames[0];
  if (!sheetName) throw new Error(`${relativePath}: no sheet`);
  const rows = utils.sheet_to_json<unknown[]>(book.Sheets[sheetName]!, { header: 1, raw: true, defval: null, blankrows: false });
  return parseTable8Sheet(rows, year, relativePath);
}
