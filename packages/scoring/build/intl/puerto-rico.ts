/*
 * Puerto Rico: the island and its 78 municipios (intl/puerto_rico/SOURCES.md). No multi-year
 * municipio counts exist in the raw data, so:
 *  - municipios, 2013: the Police's Type I incidents of Q1 2013 by municipio × 4 (a crude
 *    annualisation: it assumes the other quarters look like the first) / ACS 2013–2017
 *    population × 100,000. Rape ('Violación', legacy forcible rape, 8 in the quarter) is
 *    undercounted per SOURCES.md: marked 'i'; the other offences 'r'.
 *  - 'PR', 2013: the same from the island totals, which include the 11 incidents that fell just
 *    outside every municipio polygon; homicide from the full-year monthly murders instead.
 *  - 'PR', 2007–2014: homicide only, from the monthly murders (IEPR), over the ACS population
 *    (one population for every year); the other columns have no data.
 * Delito Tipo I = the seven UCR Part I offences, so the mapping is one to one (asesinato →
 * homicide, violación → rape, robo → robbery, agresión agravada → aggravatedAssault,
 * escalamiento → burglary, apropiación ilegal → larceny, vehículo hurtado → motorVehicleTheft).
 */
import type { CountryId } from '@riskatlas/domain';
import { normalizePlaceName } from '@riskatlas/geo';
import { OFFENCE_KEYS, type OffenceKey } from '../../src/pack/format';
import type { PackRow, ScoringBuildContext, ScoringBuildPart } from '../types';
import { areaRateRow, areaRow, per100k, withAggregates, type OffenceCells } from './area-rows';
import { integerField, readCsv } from './raw-files';

const PUERTO_RICO: CountryId = 6;
const PR_MUNICIPIO_FILE = 'intl/puerto_rico/pr_type1_incidents_by_municipio_2013Q1.csv';
const PR_MURDERS_FILE = 'intl/puerto_rico/pr_murders_monthly_2007_2014_long.csv';
const ACS_COUNTY_FILE = 'demographics/acs2017_county/acs2017_county_data.csv';
/** Q1 2013 counts → a year. */
const ANNUALISE_QUARTER = 4;
const QUARTER_YEAR = 2013;

/** The municipio file's count column of each offence. */
const PR_OFFENCE_COLUMNS: Readonly<Record<OffenceKey, string>> = {
  homicide: 'asesinato',
  rape: 'violacion',
  robbery: 'robo',
  aggravatedAssault: 'agresion_agravada',
  burglary: 'escalamiento',
  larceny: 'apropiacion_ilegal',
  motorVehicleTheft: 'vehiculo_hurtado',
};

/** A Puerto Rico municipio of the ACS file. */
export interface Municipio {
  fips: string;
  /** "San Juan Municipio", as the ACS names it. */
  name: string;
  population: number;
}

/** The 78 municipios (FIPS 72xxx) of the ACS 2013–2017 county file. */
export function readMunicipios(sharedDir: string): Municipio[] {
  const table = readCsv(sharedDir, ACS_COUNTY_FILE);
  const [idColumn, nameColumn, populationColumn] = ['CountyId', 'County', 'TotalPop'].map((name) => table.column(name)) as [number, number, number];
  return table.rows
    .filter((row) => row[idColumn]!.startsWith('72'))
    .map((row) => ({ fips: row[idColumn]!, name: row[nameColumn]!, population: integerField(row[populationColumn]!, ACS_COUNTY_FILE) }));
}

/** The matching key of a municipio name: accents and " Municipio" dropped ("Mayagüez Municipio" → "mayaguez"). */
export function municipioKey(name: string): string {
  return normalizePlaceName(name.replace(/ Municipio$/, ''));
}

/** Q1 2013 counts by FIPS, plus the island total (which includes points outside every municipio). */
export function readQuarterCounts(sharedDir: string, municipios: readonly Municipio[]): { byFips: Map<string, Record<OffenceKey, number>>; island: Record<OffenceKey, number>; outside: number } {
  const table = readCsv(sharedDir, PR_MUNICIPIO_FILE);
  const nameColumn = table.column('municipio');
  const totalColumn = table.column('total_tipo1');
  const fipsByKey = new Map(municipios.map((municipio) => [municipioKey(municipio.name), municipio.fips]));
  const offenceColumns = OFFENCE_KEYS.map((key) => [key, table.column(PR_OFFENCE_COLUMNS[key])] as const);
  const byFips = new Map<string, Record<OffenceKey, number>>();
  const island = Object.fromEntries(OFFENCE_KEYS.map((key) => [key, 0])) as Record<OffenceKey, number>;
  let outside = 0;
  for (const row of table.rows) {
    const counts = Object.fromEntries(offenceColumns.map(([key, column]) => [key, integerField(row[column]!, PR_MUNICIPIO_FILE)])) as Record<OffenceKey, number>;
    const total = OFFENCE_KEYS.reduce((sum, key) => sum + counts[key], 0);
    if (total !== integerField(row[totalColumn]!, PR_MUNICIPIO_FILE)) throw new Error(`${PR_MUNICIPIO_FILE}: ${row[nameColumn]} offences do not add up to total_tipo1`);
    for (const key of OFFENCE_KEYS) island[key] += counts[key];
    const name = row[nameColumn]!;
    if (name === '(sin municipio)') {
      outside += total;
      continue;
    }
    const fips = fipsByKey.get(municipioKey(name));
    if (!fips) throw new Error(`${PR_MUNICIPIO_FILE}: municipio ${name} is not in ${ACS_COUNTY_FILE}`);
    if (byFips.has(fips)) throw new Error(`${PR_MUNICIPIO_FILE}: municipio ${name} twice`);
    byFips.set(fips, counts);
  }
  return { byFips, island, outside };
}

/** Island murders per year from the monthly series (12 months required). */
export function readAnnualMurders(sharedDir: string): Map<number, number> {
  const table = readCsv(sharedDir, PR_MURDERS_FILE);
  const [yearColumn, monthColumn, murdersColumn] = ['year', 'month', 'murders'].map((name) => table.column(name)) as [number, number, number];
  const totals = new Map<number, { murders: number; months: Set<number> }>();
  for (const row of table.rows) {
    const year = integerField(row[yearColumn]!, PR_MURDERS_FILE);
    const entry = totals.get(year) ?? { murders: 0, months: new Set<number>() };
    entry.murders += integerField(row[murdersColumn]!, PR_MURDERS_FILE);
    entry.months.add(integerField(row[monthColumn]!, PR_MURDERS_FILE));
    totals.set(year, entry);
  }
  const annual = new Map<number, number>();
  for (const [year, entry] of totals) {
    if (entry.months.size !== 12) throw new Error(`${PR_MURDERS_FILE}: ${year} has ${entry.months.size} months`);
    annual.set(year, entry.murders);
  }
  return annual;
}

/** Annualised Q1 rates per 100,000: rape 'i' (undercounted), the rest 'r'. */
function quarterCells(counts: Record<OffenceKey, number>, population: number): OffenceCells {
  const cells: OffenceCells = {};
  for (const key of OFFENCE_KEYS) cells[key] = { value: per100k(counts[key] * ANNUALISE_QUARTER, population), coverage: key === 'rape' ? 'i' : 'r', proxy: key === 'rape' };
  return cells;
}

/** Puerto Rico's areas (island, 78 municipios with ACS population) and rate rows. */
export function buildPuertoRicoPart(context: ScoringBuildContext): ScoringBuildPart {
  const municipios = readMunicipios(context.sharedDir);
  if (municipios.length !== 78) throw new Error(`${ACS_COUNTY_FILE}: ${municipios.length} Puerto Rico municipios, expected 78`);
  const islandPopulation = municipios.reduce((sum, municipio) => sum + municipio.population, 0);
  const quarter = readQuarterCounts(context.sharedDir, municipios);
  const murders = readAnnualMurders(context.sharedDir);
  const areas: PackRow[] = [areaRow({ areaKey: 'PR', countryId: PUERTO_RICO, level: 'N', name: 'Puerto Rico', population: islandPopulation })];
  const areaRates: PackRow[] = [];
  let withoutIncidents = 0;
  for (const municipio of municipios) {
    const areaKey = `PR-${municipio.fips}`;
    areas.push(areaRow({ areaKey, countryId: PUERTO_RICO, level: 'C', name: municipio.name, parentKey: 'PR', population: municipio.population }));
    const counts = quarter.byFips.get(municipio.fips);
    // A municipio missing from the file had no geocoded incident in the quarter: zero counts.
    if (!counts) withoutIncidents++;
    const zero = Object.fromEntries(OFFENCE_KEYS.map((key) => [key, 0])) as Record<OffenceKey, number>;
    areaRates.push(areaRateRow(areaKey, QUARTER_YEAR, withAggregates(quarterCells(counts ?? zero, municipio.population))));
  }
  for (const year of [...new Set([...murders.keys(), QUARTER_YEAR])].sort((a, b) => a - b)) {
    const count = murders.get(year);
    const cells: OffenceCells = year === QUARTER_YEAR ? quarterCells(quarter.island, islandPopulation) : {};
    // The full-year murder count beats the annualised quarter.
    if (count !== undefined) cells.homicide = { value: per100k(count, islandPopulation), coverage: 'r' };
    areaRates.push(areaRateRow('PR', year, withAggregates(cells)));
  }
  context.log(`Puerto Rico: ${municipios.length} municipios (${withoutIncidents} without incidents), island population ${islandPopulation}, ${quarter.outside} Q1 incidents outside every municipio`);
  return {
    areas,
    areaRates,
    inputs: [ACS_COUNTY_FILE, PR_MUNICIPIO_FILE, PR_MURDERS_FILE],
    notes: { prMunicipios: municipios.length, prQuarterIncidentsOutsideMunicipios: quarter.outside },
  };
}
