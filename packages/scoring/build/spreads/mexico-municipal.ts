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

/**
 * Municipalities with homicides pooled over 2015–2019 and their population × years as exposure.
 * pop_est is ≈ the 2010 census for these years (SOURCES.md: not a real interpolation), good enough
 * as a denominator over five years; municipalities without a population are left out.
 */
export function mexicoSmallAreas(sharedDir: string): SmallArea[] {
  const lines = gunzipSync(readFileSync(join(sharedDir, FILE))).toString('utf8').split('\n');
  if (lines[0] !== 'ent_mun|year|month|homicides|pop_est|homicide_rate') throw new Error(`${FILE}: unexpected header ${lines[0]}`);
  const areas = new Map<string, SmallArea>();
  for (let index = 1; index < lines.length; index++) {
    const fields = lines[index]!.split('|');
    if (fields.length < 6) continue;
    const year = Number(fields[1]);
    if (year < FIRST_YEAR || year > LAST_YEAR || fields[4] === 'NA') continue;
    const code = fields[0]!;
    let area = areas.get(code);
    if (!area) {
      area = { code, parent: code.slice(0, 2), counts: new Float64Array(RATE_COUNT).fill(Number.NaN), exposure: 0 };
      area.counts[0] = 0;
      areas.set(code, area);
    }
    area.counts[0]! += Number(fields[3]);
    // One twelfth of a year's population per month row.
    area.exposure += Number(fields[4]) / 12;
  }
  return [...areas.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
}
