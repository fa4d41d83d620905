// Finer series the pack does not hold, for an out-of-sample check of the projection choice: New York
// counties 1990–2018 (DCJS) and Mexican municipalities of at least 100,000 residents 2000–2019
// (INEGI homicides). Read from the raw data when present; the caller prints a skip line otherwise.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CountryId } from '@riskatlas/domain';
import { RATE_COUNT, withAggregates } from '../src/model/years';
import type { CoverageLetter } from '../src/pack/format';
import type { AreaRateRecord, AreaRecord, ScoringTables } from '../src/pack/read-tables';
import { MEXICO_INPUTS, mexicoMunicipalYears } from '../build/spreads/mexico-municipal';
import { NY_INPUTS, newYorkCountyYears } from '../build/spreads/ny-counties';

/** Areas and yearly rates in the pack's shape, so the backtest runs on them unchanged. */
export type SeriesTables = Pick<ScoringTables, 'areas' | 'areaRates'>;

/** Municipalities smaller than this are left out: their yearly homicides are mostly Poisson noise. */
const MIN_MUNICIPAL_POPULATION = 100_000;

const area = (areaKey: string, countryId: CountryId, level: AreaRecord['level'], parentKey?: string): AreaRecord => ({
  areaKey, countryId, level, name: areaKey, parentKey, latitude: undefined, longitude: undefined, radiusKm: undefined, population: undefined,
});

function rateRow(areaKey: string, year: number, counts: Float64Array, population: number): AreaRateRecord {
  const rates = counts.map((count) => (count * 100_000) / population);
  const coverage = [...rates].map((rate): CoverageLetter => (rate > 0 ? 'r' : '-'));
  return { areaKey, year, rates, coverage };
}

/** Whether the raw files of the finer series are present. */
export function finerSeriesAvailable(sharedDir: string): boolean {
  return [...MEXICO_INPUTS, ...NY_INPUTS].every((path) => existsSync(join(sharedDir, path)));
}

/** Mexico's municipalities (≥ 100,000 residents) under their state and the nation, homicide only, 2000–2019. */
export function mexicoMunicipalSeries(sharedDir: string): SeriesTables {
  const municipalities = mexicoMunicipalYears(sharedDir, 2000, 2019);
  const areas: AreaRecord[] = [area('MX', 5, 'N')];
  const areaRates: AreaRateRecord[] = [];
  const totals = new Map<string, Map<number, { homicides: number; population: number }>>();
  const homicides = (count: number) => Float64Array.from({ length: RATE_COUNT }, (_, index) => (index === 0 ? count : Number.NaN));
  for (const [code, years] of [...municipalities].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const parent of ['MX', `MX-${code.slice(0, 2)}`]) {
      const byYear = totals.get(parent) ?? new Map<number, { homicides: number; population: number }>();
      for (const [year, entry] of years) {
        const total = byYear.get(year) ?? { homicides: 0, population: 0 };
        total.homicides += entry.homicides;
        total.population += entry.population;
        byYear.set(year, total);
      }
      totals.set(parent, byYear);
    }
    if ((years.get(2010)?.population ?? 0) < MIN_MUNICIPAL_POPULATION) continue;
    areas.push(area(`MX-${code}`, 5, 'C', `MX-${code.slice(0, 2)}`));
    for (const [year, entry] of years) areaRates.push(rateRow(`MX-${code}`, year, homicides(entry.homicides), entry.population));
  }
  for (const [key, byYear] of totals) {
    if (key !== 'MX') areas.push(area(key, 5, 'S', 'MX'));
    for (const [year, total] of byYear) areaRates.push(rateRow(key, year, homicides(total.homicides), total.population));
  }
  return { areas, areaRates };
}

/** New York's counties under the state (standing as the nation of the backtest), 1990–2018, rates on the 2017 ACS populations. */
export function newYorkCountySeries(sharedDir: string, packAreas: readonly AreaRecord[]): SeriesTables {
  const years = Array.from({ length: 29 }, (_, index) => 1990 + index);
  const counties = newYorkCountyYears(sharedDir, packAreas, years);
  const areas: AreaRecord[] = [area('NY', 1, 'N'), ...counties.map((county) => area(county.key, 1, 'S', 'NY'))];
  const areaRates: AreaRateRecord[] = [];
  for (const year of years) {
    const state = new Float64Array(7);
    let population = 0;
    for (const county of counties) {
      const counts = county.counts.get(year);
      if (!counts) continue;
      counts.forEach((count, index) => (state[index]! += count));
      population += county.population;
      areaRates.push(rateRow(county.key, year, withAggregates(counts), county.population));
    }
    if (population > 0) areaRates.push(rateRow('NY', year, withAggregates(state), population));
  }
  return { areas, areaRates };
}
