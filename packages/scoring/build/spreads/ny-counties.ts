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

/** New York's counties (the DCJS "County Total" rows) with the pack's ACS county populations. */
export function newYorkSmallAreas(sharedDir: string, packAreas: readonly AreaRecord[]): SmallArea[] {
  const population = new Map<string, { key: string; population: number }>();
  for (const area of packAreas) {
    if (area.parentKey === 'US-NY' && area.population) population.set(normalised(area.name), { key: area.areaKey, population: area.population });
  }
  const table = readCsv(sharedDir, FILE);
  const [county, agency, year] = ['County', 'Agency', 'Year'].map((name) => table.column(name)) as [number, number, number];
  const offences = OFFENCE_COLUMNS.map((name) => table.column(name));
  const pooled = new Map<string, { key: string; counts: number[]; years: number; population: number }>();
  for (const row of table.rows) {
    if (row[agency] !== 'County Total' || !YEARS.includes(Number(row[year]))) continue;
    const match = population.get(normalised(row[county]!));
    if (!match) continue;
    const entry = pooled.get(match.key) ?? { key: match.key, counts: new Array<number>(7).fill(0), years: 0, population: match.population };
    offences.forEach((column, index) => (entry.counts[index]! += integerField(row[column]!, FILE)));
    entry.years += 1;
    pooled.set(match.key, entry);
  }
  return [...pooled.values()]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((entry) => ({ code: entry.key, parent: 'US-NY', counts: withMeasuredAggregates(entry.counts), exposure: entry.population * entry.years }));
}
