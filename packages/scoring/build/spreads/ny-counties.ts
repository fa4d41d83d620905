// New York's counties (DCJS index crimes, 2014–2018 pooled) around the state: a US check of how far
// county rates stray from their state, on data the US model does not use.
import type { AreaRecord } from '../../src/pack/read-tables';
import { integerField, readCsv } from '../intl/raw-files';
import { withMeasuredAggregates, type SmallArea } from './small-areas';

const FILE = 'ucr/ny_county_series/Index_Crimes_by_County_and_Agency__Beginning_1990.csv';
const YEARS = [2014, 2015, 2016, 2017, 2018];
const OFFENCE_COLUMNS = ['Murder', 'Rape', 'Robbery', 'Aggravated Assault', 'Burglary', 'Larceny', 'Motor Vehicle Theft'];

/** The raw files read. */
export const NY_INPUTS = [FILE];

const normalised = (name: string) => name.toLowerCase().replace(/ county$/, '').replace(/[^a-z]/g, '');

/** Each New York county's offence counts per year (DCJS "County Total" rows), keyed by the pack's county key, with its ACS population. */
export function newYorkCountyYears(sharedDir: string, packAreas: readonly AreaRecord[], years: readonly number[]): Array<{ key: string; population: number; counts: Map<number, number[]> }> {
  const population = new Map<string, { key: string; population: number }>();
  for (const area of packAreas) {
    if (area.parentKey === 'US-NY' && area.population) population.set(normalised(area.name), { key: area.areaKey, population: area.population });
  }
  const table = readCsv(sharedDir, FILE);
  const [county, agency, year] = ['County', 'Agency', 'Year'].map((name) => table.column(name)) as [number, number, number];
  const offences = OFFENCE_COLUMNS.map((name) => table.column(name));
  const byKey = new Map<string, { key: string; population: number; counts: Map<number, number[]> }>();
  for (const row of table.rows) {
    if (row[agency] !== 'County Total' || !years.includes(Number(row[year]))) continue;
    const match = population.get(normalised(row[county]!));
    if (!match) continue;
    const entry = byKey.get(match.key) ?? { ...match, counts: new Map<number, number[]>() };
    entry.counts.set(Number(row[year]), offences.map((column) => integerField(row[column]!, FILE)));
    byKey.set(match.key, entry);
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** New York's counties with their offences pooled over 2014–2018 and the pack's ACS county populations. */
export function newYorkSmallAreas(sharedDir: string, packAreas: readonly AreaRecord[]): SmallArea[] {
  return newYorkCountyYears(sharedDir, packAreas, YEARS).map((entry) => {
    const pooled = new Array<number>(OFFENCE_COLUMNS.length).fill(0);
    for (const counts of entry.counts.values()) counts.forEach((count, index) => (pooled[index]! += count));
    return { code: entry.key, parent: 'US-NY', counts: withMeasuredAggregates(pooled), exposure: entry.population * entry.counts.size };
  });
}
