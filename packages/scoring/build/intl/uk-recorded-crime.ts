/*
 * England and Wales: police recorded crime by police force area, rolling 12-month totals from
 * the year ending March 2003 to the year ending December 2018 (ONS / Home Office,
 * uk/SOURCES.md). One row per force, ONS region and England and Wales per calendar year
 * 2003–2018: the 12 months ending in December. The file has quarterly windows only from 2007;
 * for 2003–2006 the nearest window is used (the year ending the following March) and every
 * column of that row is marked 'i'. "30-12-2017" is the December 2017 window.
 *
 * Rates divide by the mid-2019 population for every year (the only population at hand), so rates
 * of earlier years are understated by the population growth since (about 12 % for 2003).
 *
 * Offence mapping (ONS offence group → UCR offence):
 *
 * | offence            | ONS groups                                                               | coverage |
 * |--------------------|--------------------------------------------------------------------------|----------|
 * | homicide           | Homicide                                                                 | r        |
 * | rape               | Sexual offences (rape plus other sexual offences: broader)               | i        |
 * | robbery            | Robbery                                                                  | r        |
 * | aggravatedAssault  | Violence with injury                                                     | r        |
 * | burglary           | Domestic + Non-domestic burglary + Residential + Non-residential burglary | r        |
 * | larceny            | All other theft offences + Bicycle theft + Shoplifting + Theft from the person | r   |
 * | motorVehicleTheft  | Vehicle offences (includes theft from and interference with vehicles)    | i        |
 *
 * Burglary: in April 2017 the Home Office replaced domestic / non-domestic with residential /
 * non-residential. Each crime is recorded under exactly one pair, so the four are summed: windows
 * up to December 2014 lack the new pair, later ones carry zeros in whichever pair is unused, and
 * the windows spanning April 2017 hold part of the year in each (the sum runs on smoothly).
 * Excluded areas: British Transport Police (no resident population) and the national fraud
 * bodies (Action Fraud, CIFAS, UK Finance: not places).
 */
import type { CountryId } from '@riskatlas/domain';
import { areaSlug, type OffenceKey } from '../../src/pack/format';
import type { PackRow } from '../types';
import { areaRateRow, areaRow, per100k, withAggregates, type OffenceCells } from './area-rows';
import { integerField, readCsv } from './raw-files';
import { forceAreaKey, type LocalAuthority } from './uk-local-authorities';

const UK: CountryId = 3;
export const PFA_CRIME_FILE = 'uk/pfa_recorded_crime/rec-crime-pfa.csv';
const UK_FIRST_YEAR = 2003;
const UK_LAST_YEAR = 2018;

interface OffenceSource {
  groups: readonly string[];
  /** Groups that may be absent from a window (counted as 0 there). */
  optional?: readonly string[];
  coverage: 'r' | 'i';
}

/** The mapping table above, as data. */
const UK_OFFENCE_SOURCES: Readonly<Record<OffenceKey, OffenceSource>> = {
  homicide: { groups: ['Homicide'], coverage: 'r' },
  rape: { groups: ['Sexual offences'], coverage: 'i' },
  robbery: { groups: ['Robbery'], coverage: 'r' },
  aggravatedAssault: { groups: ['Violence with injury'], coverage: 'r' },
  burglary: { groups: ['Domestic burglary', 'Non-domestic burglary'], optional: ['Residential burglary', 'Non-residential burglary'], coverage: 'r' },
  larceny: { groups: ['All other theft offences', 'Bicycle theft', 'Shoplifting', 'Theft from the person'], coverage: 'r' },
  motorVehicleTheft: { groups: ['Vehicle offences'], coverage: 'i' },
};

/** Rows of the file that are not a territorial force. */
function isExcludedArea(force: string, region: string): boolean {
  return force === 'British Transport Police' || region.startsWith('Fraud:');
}

/** Window key: months since year 0 of the month the 12 months end in ("31-03-2003" → 2003·12 + 2). */
function windowMonth(date: string): number {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date);
  if (!match) throw new Error(`${PFA_CRIME_FILE}: bad date ${date}`);
  return Number(match[3]) * 12 + Number(match[2]) - 1;
}

/** The window used for a calendar year: December, else the nearest (later on a tie), and whether it is December. */
export function windowForYear(windows: readonly number[], year: number): { month: number; december: boolean } | undefined {
  const december = year * 12 + 11;
  let best: number | undefined;
  for (const month of windows) {
    if (best === undefined || Math.abs(month - december) < Math.abs(best - december) || (Math.abs(month - december) === Math.abs(best - december) && month > best)) best = month;
  }
  return best === undefined ? undefined : { month: best, december: best === december };
}

/** Counts by force, then window month, then offence group. */
export interface ForceCounts {
  regions: Map<string, string>;
  counts: Map<string, Map<number, Map<string, number>>>;
}

/** Reads the force-level counts, territorial forces only. */
export function readForceCounts(sharedDir: string): ForceCounts {
  const table = readCsv(sharedDir, PFA_CRIME_FILE);
  const [dateColumn, forceColumn, regionColumn, offenceColumn, countColumn] = ['12 months ending', 'PFA', 'Region', 'Offence', 'Rolling year total number of offences'].map((name) => table.column(name)) as [number, number, number, number, number];
  const regions = new Map<string, string>();
  const counts = new Map<string, Map<number, Map<string, number>>>();
  for (const row of table.rows) {
    const [force, region] = [row[forceColumn]!, row[regionColumn]!];
    if (isExcludedArea(force, region)) continue;
    if ((regions.get(force) ?? region) !== region) throw new Error(`${PFA_CRIME_FILE}: ${force} in two regions`);
    regions.set(force, region);
    const byWindow = counts.get(force) ?? new Map<number, Map<string, number>>();
    counts.set(force, byWindow);
    const month = windowMonth(row[dateColumn]!);
    const byGroup = byWindow.get(month) ?? new Map<string, number>();
    byWindow.set(month, byGroup);
    const group = row[offenceColumn]!;
    if (byGroup.has(group)) throw new Error(`${PFA_CRIME_FILE}: ${force} ${row[dateColumn]} ${group} twice`);
    // Only groups used below must be whole numbers; others hold a few negative revisions (fraud).
    const mapped = Object.values(UK_OFFENCE_SOURCES).some((source) => source.groups.includes(group) || source.optional?.includes(group));
    if (mapped) byGroup.set(group, integerField(row[countColumn]!, PFA_CRIME_FILE));
  }
  return { regions, counts };
}

/** The seven offence counts of one window (undefined where a required group is missing). */
export function offenceCounts(groups: ReadonlyMap<string, number>): Partial<Record<OffenceKey, number>> {
  const counts: Partial<Record<OffenceKey, number>> = {};
  for (const [offence, source] of Object.entries(UK_OFFENCE_SOURCES) as Array<[OffenceKey, OffenceSource]>) {
    if (!source.groups.every((group) => groups.has(group))) continue;
    counts[offence] = [...source.groups, ...(source.optional ?? [])].reduce((sum, group) => sum + (groups.get(group) ?? 0), 0);
  }
  return counts;
}

/** The UK areas and rates: England and Wales, regions, the 43 forces. */
export function buildUkRates(sharedDir: string, authorities: readonly LocalAuthority[], log: (line: string) => void): { areas: PackRow[]; areaRates: PackRow[]; nonDecemberYears: number } {
  const { regions, counts } = readForceCounts(sharedDir);
  const forcePopulation = new Map<string, number>();
  for (const authority of authorities) forcePopulation.set(authority.force, (forcePopulation.get(authority.force) ?? 0) + authority.population);
  const forces = [...regions.keys()].sort();
  const missing = forces.filter((force) => !forcePopulation.has(force));
  const extra = [...forcePopulation.keys()].filter((force) => !regions.has(force));
  if (missing.length > 0 || extra.length > 0) throw new Error(`Forces of ${PFA_CRIME_FILE} and of the local-authority table differ: ${[...missing, ...extra].join(', ')}`);

  // Groups of forces that get a row: each force, its region, England and Wales.
  const groups: Array<{ areaKey: string; level: 'N' | 'S' | 'C'; name: string; parentKey?: string; forces: string[] }> = [
    { areaKey: 'GB', level: 'N', name: 'England and Wales', forces },
  ];
  for (const region of [...new Set(regions.values())].sort()) {
    groups.push({ areaKey: `GB-R-${areaSlug(region)}`, level: 'S', name: region, parentKey: 'GB', forces: forces.filter((force) => regions.get(force) === region) });
  }
  for (const force of forces) groups.push({ areaKey: forceAreaKey(force), level: 'C', name: force, parentKey: `GB-R-${areaSlug(regions.get(force)!)}`, forces: [force] });

  const windows = [...new Set(forces.flatMap((force) => [...counts.get(force)!.keys()]))];
  const areas: PackRow[] = [];
  const areaRates: PackRow[] = [];
  let nonDecemberYears = 0;
  for (let year = UK_FIRST_YEAR; year <= UK_LAST_YEAR; year++) {
    const window = windowForYear(windows, year)!;
    if (!window.december) nonDecemberYears++;
    for (const group of groups) {
      const population = group.forces.reduce((sum, force) => sum + forcePopulation.get(force)!, 0);
      const totals: Partial<Record<OffenceKey, number>> = {};
      const present = new Map<OffenceKey, number>();
      for (const force of group.forces) {
        for (const [offence, count] of Object.entries(offenceCounts(counts.get(force)!.get(window.month) ?? new Map())) as Array<[OffenceKey, number]>) {
          totals[offence] = (totals[offence] ?? 0) + count;
          present.set(offence, (present.get(offence) ?? 0) + 1);
        }
      }
      const cells: OffenceCells = {};
      for (const [offence, count] of Object.entries(totals) as Array<[OffenceKey, number]>) {
        // An aggregate of forces only when every force has the offence that window.
        if (present.get(offence) !== group.forces.length) continue;
        const proxy = window.december && UK_OFFENCE_SOURCES[offence].coverage === 'i';
        cells[offence] = { value: per100k(count, population), coverage: window.december ? UK_OFFENCE_SOURCES[offence].coverage : 'i', proxy };
      }
      areaRates.push(areaRateRow(group.areaKey, year, withAggregates(cells)));
      if (year === UK_FIRST_YEAR) areas.push(areaRow({ areaKey: group.areaKey, countryId: UK, level: group.level, name: group.name, parentKey: group.parentKey, population }));
    }
  }
  log(`UK: ${forces.length} forces, ${groups.length - forces.length - 1} regions, ${areaRates.length} rate rows (${nonDecemberYears} years from a non-December window)`);
  return { areas, areaRates, nonDecemberYears };
}
