// Mexican municipalities' homicides (INEGI death records, 2015–2019 pooled): the spread of
// municipalities around their state, which is the area a Mexican location's score starts from.
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RATE_COUNT } from '../../src/model/years';
import type { SmallArea } from './small-areas';

const FILE = 'intl/mexico_homicides_municipal/mexico-muni-month-homicide-rates-2000-2019.csv.gz';
const FIRST_YEAR = 2015;
const LAST_YEAR = 2019;

/** The raw files read. */
export const MEXICO_INPUTS = [FILE];

/** One municipality's homicides and population in a year. */
export interface MunicipalYear {
  homicides: number;
  population: number;
}

/**
 * Each municipality's yearly homicides and population (the mean of its monthly pop_est) for the
 * years asked; municipalities without a population are left out.
 */
export function mexicoMunicipalYears(sharedDir: string, firstYear: number, lastYear: number): Map<string, Map<number, MunicipalYear>> {
  const lines = gunzipSync(readFileSync(join(sharedDir, FILE))).toString('utf8').split('\n');
  if (lines[0] !== 'ent_mun|year|month|homicides|pop_est|homicide_rate') throw new Error(`${FILE}: unexpected header ${lines[0]}`);
  const result = new Map<string, Map<number, MunicipalYear>>();
  for (let index = 1; index < lines.length; index++) {
    const fields = lines[index]!.split('|');
    if (fields.length < 6) continue;
    const year = Number(fields[1]);
    if (year < firstYear || year > lastYear || fields[4] === 'NA') continue;
    const years = result.get(fields[0]!) ?? new Map<number, MunicipalYear>();
    const entry = years.get(year) ?? { homicides: 0, population: 0 };
    entry.homicides += Number(fields[3]);
    // One twelfth of a year's population per month row.
    entry.population += Number(fields[4]) / 12;
    years.set(year, entry);
    result.set(fields[0]!, years);
  }
  return result;
}

/**
 * Municipalities with homicides pooled over 2015–2019 and their population × years as exposure.
 * pop_est is ≈ the 2010 census for these years (SOURCES.md: not a real interpolation), good enough
 * as a denominator over five years.
 */
export function mexicoSmallAreas(sharedDir: string): SmallArea[] {
  const areas: SmallArea[] = [];
  for (const [code, years] of [...mexicoMunicipalYears(sharedDir, FIRST_YEAR, LAST_YEAR)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const counts = new Float64Array(RATE_COUNT).fill(Number.NaN);
    counts[0] = [...years.values()].reduce((sum, entry) => sum + entry.homicides, 0);
    areas.push({ code, parent: code.slice(0, 2), counts, exposure: [...years.values()].reduce((sum, entry) => sum + entry.population, 0) });
  }
  return areas;
}
