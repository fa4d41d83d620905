import type { AreaRateRecord } from '../pack/read-tables';
import type { AgencyModel } from './agencies';
import { COUNT_PRIOR } from './count-prior';
import { countyObservations, pooledRelative, type CountySubtractions } from './county-observations';
import type { AreaSeries } from './series';
import { RATE_COUNT } from './years';

/** The part of a county's population no placed agency covers, and its rates relative to the state. */
export interface CountyRemainder {
  /** Per rate key: the remainder's rate ÷ the state's, all county years pooled (NaN when the county has no data). */
  relative: Float64Array;
  /** Per rate key: the county's own rate ÷ the state's, all its years pooled (NaN when none). */
  countyRelative: Float64Array;
  /** Per rate key: the county's rate ÷ the state's in its newest observed year (NaN when none). */
  newestRelative: Float64Array;
  /** Per rate key: the county's count expected at the state's rates, all its years pooled (the evidence behind countyRelative). */
  countyExpected: Float64Array;
  /** Per rate key: incidents behind the remainder's estimate (its evidence, all years). */
  count: Float64Array;
  /** Newest year of the county data (0 when none). */
  year: number;
}


/**
 * Every US county's remainder. The county's rate, pooled over its observed years (2012, 2015,
 * 2017), is the population-weighted mix of its placed agencies' and the rest's, so the rest can be
 * solved for. Small counties' counts are noisy (a ranching county of 800 people may record no crime
 * at all): like the agencies', the county relative carries a prior of half an incident at the state
 * rate. `subtract` takes held-out agencies' crimes and population out of the county first, so that
 * nothing of them remains (leak-free validation).
 */
export function countyRemainders(
  areas: ReadonlyMap<string, AreaSeries>,
  rates: readonly AreaRateRecord[],
  agencies: readonly AgencyModel[],
  subtract: CountySubtractions = new Map(),
): Map<string, CountyRemainder> {
  const byCounty = new Map<string, AgencyModel[]>();
  for (const agency of agencies) {
    const list = byCounty.get(agency.countyKey) ?? [];
    list.push(agency);
    byCounty.set(agency.countyKey, list);
  }
  const rowsByArea = new Map<string, AreaRateRecord[]>();
  for (const row of rates) {
    const list = rowsByArea.get(row.areaKey) ?? [];
    list.push(row);
    rowsByArea.set(row.areaKey, list);
  }
  const result = new Map<string, CountyRemainder>();
  for (const county of areas.values()) {
    if (county.countryId !== 1 || county.level !== 'C' || !county.parent) continue;
    const observations = countyObservations(county, county.parent, rowsByArea.get(county.key) ?? [], subtract.get(county.key));
    const population = observations.length ? observations[observations.length - 1]!.population : 0;
    const inside = byCounty.get(county.key) ?? [];
    const covered = inside.reduce((sum, agency) => sum + agency.population, 0);
    const relative = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const countyRelative = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const newestRelative = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const count = new Float64Array(RATE_COUNT);
    const countyExpected = new Float64Array(RATE_COUNT);
    let year = 0;
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const pooled = pooledRelative(observations, rateIndex, COUNT_PRIOR);
      if (!Number.isFinite(pooled.relative)) continue;
      const newest = observations.filter((observation) => Number.isFinite(observation.counts[rateIndex]!)).at(-1)!;
      year = Math.max(year, newest.year);
      newestRelative[rateIndex] = pooledRelative([newest], rateIndex, COUNT_PRIOR).relative;
      const qCounty = pooled.relative;
      countyRelative[rateIndex] = qCounty;
      countyExpected[rateIndex] = pooled.expected;
      let remainder = qCounty;
      const remainderPopulation = population - covered;
      if (remainderPopulation > 0.05 * population) {
        let agencyPart = 0;
        for (const agency of inside) {
          const q = agency.relative[rateIndex]!;
          agencyPart += agency.population * (Number.isFinite(q) ? q : qCounty);
        }
        remainder = (qCounty * population - agencyPart) / remainderPopulation;
        remainder = Math.min(1.5 * qCounty, Math.max(0.1 * qCounty, remainder));
      }
      relative[rateIndex] = remainder;
      count[rateIndex] = (remainder * pooled.expected * Math.max(remainderPopulation, population * 0.05)) / population;
    }
    result.set(county.key, { relative, countyRelative, newestRelative, countyExpected, count, year });
  }
  return result;
}
