// London's LSOAs (about 1,500 residents each) from the Metropolitan Police's annual counts: the
// spread of small areas around their borough and around the whole force, which is the area a
// London location's score starts from.
import { RATE_COUNT } from '../../src/model/years';
import { integerField, numberField, readCsv } from '../intl/raw-files';
import type { SmallArea } from './small-areas';

const FOLDER = 'uk/london_lsoa_crime_annual';
const POPULATION_FILE = 'uk/lsoa_context/mid-19 population estimates.csv';
/** Years pooled: the three before the pandemic, closest to the mid-2019 populations. */
const YEARS = ['2017', '2018', '2019'];

/**
 * MPS categories standing for the pack's rate keys, as the pack maps the UK force data's categories: violence
 * against the person for aggravated assault, theft for larceny, vehicle offences for motor vehicle
 * theft. Homicide and rape have no LSOA counts (sexual offences are all 0 in this source).
 */
const CATEGORY_OF_RATE: ReadonlyArray<[number, string]> = [
  [2, 'major-robbery'],
  [3, 'major-violence'],
  [4, 'major-burglary'],
  [5, 'major-theft-all'],
  [6, 'major-vehicle-offences'],
];

/** The raw files read. */
export const LONDON_INPUTS = [POPULATION_FILE, ...CATEGORY_OF_RATE.map(([, category]) => `${FOLDER}/london-lsoa-2011-2019-${category}.csv`)];

/** London's LSOAs with their borough as parent, or the whole force when `aroundForce`. */
export function londonSmallAreas(sharedDir: string, aroundForce: boolean): SmallArea[] {
  const populationTable = readCsv(sharedDir, POPULATION_FILE);
  const codeColumn = populationTable.column('LSOA Code');
  const allAges = populationTable.column('All Ages');
  const population = new Map(populationTable.rows.map((row) => [row[codeColumn]!, integerField(row[allAges]!, POPULATION_FILE)]));
  const areas = new Map<string, SmallArea>();
  for (const [rateIndex, category] of CATEGORY_OF_RATE) {
    const path = `${FOLDER}/london-lsoa-2011-2019-${category}.csv`;
    const table = readCsv(sharedDir, path);
    const lsoa = table.column('LSOA11CD');
    const borough = table.column('LAD11CD');
    const years = YEARS.map((year) => table.column(year));
    for (const row of table.rows) {
      const code = row[lsoa]!;
      const residents = population.get(code);
      if (!residents) continue;
      const counts = years.map((column) => numberField(row[column]!, path));
      let area = areas.get(code);
      if (!area) {
        area = { code, parent: aroundForce ? 'metropolitan' : row[borough]!, counts: new Float64Array(RATE_COUNT).fill(Number.NaN), exposure: residents * YEARS.length };
        areas.set(code, area);
      }
      // An LSOA with no record in all three years is more likely missing from the source than crime-free (SOURCES.md).
      area.counts[rateIndex] = counts.every((count) => count === 0) && rateIndex !== 3 ? Number.NaN : counts.reduce((sum, count) => sum + count, 0);
    }
  }
  for (const area of areas.values()) {
    const c = area.counts;
    c[7] = c[2]! + c[3]!;
    c[8] = c[4]! + c[5]! + c[6]!;
    c[9] = c[7]! + c[8]!;
  }
  return [...areas.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
}
