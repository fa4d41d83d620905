import type { AgencyRecord, AgencyYearRecord, AreaRateRecord } from '../pack/read-tables';
import { rateAt, type AreaSeries } from './series';
import { RATE_COUNT, withAggregates } from './years';

/**
 * A US county's own observations (2012, 2015, 2017 in the pack): per year the counts and the
 * population they came from, so that agencies can be taken out of them (validation) and the years
 * pooled. Counts are rate × population, as the county file measured them.
 */
export interface CountyObservation {
  year: number;
  population: number;
  /** Per rate key: the county's count in the year (NaN = not observed). */
  counts: Float64Array;
  /** Per rate key: the count expected at the state's rate (NaN = not observed). */
  expected: Float64Array;
  /** Per rate key: 1 when the county's agencies reported it (coverage 'r'), 0 when mostly imputed. */
  reported: Uint8Array;
}

/** Crimes and population of agencies to take out of their county's totals, by county key. */
export type CountySubtractions = ReadonlyMap<string, ReadonlyArray<{ agencyKey: string; years: readonly AgencyYearRecord[] }>>;

/**
 * The agencies' crimes and population to subtract from their counties (leak-free validation):
 * every held-out agency, with its yearly reports, grouped by the county it lies in.
 */
export function subtractionsOf(agencies: readonly AgencyRecord[], years: readonly AgencyYearRecord[], heldOut: ReadonlySet<string>): CountySubtractions {
  const yearsByAgency = new Map<string, AgencyYearRecord[]>();
  for (const row of years) {
    if (!heldOut.has(row.agencyKey) || !(row.population > 0)) continue;
    const list = yearsByAgency.get(row.agencyKey) ?? [];
    list.push(row);
    yearsByAgency.set(row.agencyKey, list);
  }
  const result = new Map<string, Array<{ agencyKey: string; years: readonly AgencyYearRecord[] }>>();
  for (const agency of agencies) {
    const rows = yearsByAgency.get(agency.agencyKey);
    if (!rows) continue;
    const list = result.get(agency.countyKey) ?? [];
    list.push({ agencyKey: agency.agencyKey, years: rows.sort((a, b) => a.year - b.year) });
    result.set(agency.countyKey, list);
  }
  return result;
}

/**
 * An agency's counts and population in a county year. The agencies report 2014–2019; for a county
 * year it did not report (2012) its nearest reported year stands in, scaled by the state's change
 * between the two years, so that what is removed is the agency's best-known share of the county.
 */
export function agencyShareInYear(years: readonly AgencyYearRecord[], state: AreaSeries, year: number): { population: number; counts: Float64Array } {
  let nearest = years[0]!;
  for (const row of years) if (Math.abs(row.year - year) < Math.abs(nearest.year - year)) nearest = row;
  const counts = withAggregates(nearest.counts);
  if (nearest.year !== year) {
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const change = rateAt(state, rateIndex, year) / rateAt(state, rateIndex, nearest.year);
      counts[rateIndex] = counts[rateIndex]! * (Number.isFinite(change) ? change : 1);
    }
  }
  return { population: nearest.population, counts };
}

/**
 * A county's observations from area-rates.tsv, each less the subtracted agencies' crimes and
 * population. A year left with under 1 % of the county's people, or nothing observed, is dropped:
 * the held-out agencies were the county.
 */
export function countyObservations(
  county: AreaSeries,
  state: AreaSeries,
  rows: readonly AreaRateRecord[],
  subtract: ReadonlyArray<{ years: readonly AgencyYearRecord[] }> = [],
): CountyObservation[] {
  const population = county.population ?? 0;
  if (!(population > 0)) return [];
  const observations: CountyObservation[] = [];
  for (const row of rows) {
    let remaining = population;
    const counts = new Float64Array(RATE_COUNT);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) counts[rateIndex] = (row.rates[rateIndex]! * population) / 100_000;
    for (const agency of subtract) {
      const share = agencyShareInYear(agency.years, state, row.year);
      remaining -= share.population;
      for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
        const own = share.counts[rateIndex]!;
        if (Number.isFinite(own)) counts[rateIndex] = Math.max(0, counts[rateIndex]! - own);
      }
    }
    if (remaining < 0.01 * population) continue;
    const expected = new Float64Array(RATE_COUNT);
    const reported = Uint8Array.from(row.coverage, (letter) => (letter === 'r' ? 1 : 0));
    let any = false;
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const stateRate = rateAt(state, rateIndex, row.year);
      const observed = Number.isFinite(counts[rateIndex]!) && stateRate > 0;
      expected[rateIndex] = observed ? (stateRate * remaining) / 100_000 : Number.NaN;
      if (!observed) counts[rateIndex] = Number.NaN;
      any ||= observed;
    }
    if (any) observations.push({ year: row.year, population: remaining, counts, expected, reported });
  }
  return observations.sort((a, b) => a.year - b.year);
}

/**
 * Pooled relative of observations for a rate key: (Σ count + prior) ÷ (Σ expected + prior); NaN
 * when none observed. Years the county's agencies reported outrank years ICPSR mostly imputed (below
 * 80–90 % coverage it fills the gap from the state's rates — southern Illinois' rural counties come
 * out at Chicago's rate): imputed years count only where no reported year exists.
 */
export function pooledRelative(observations: readonly CountyObservation[], rateIndex: number, prior: number): { relative: number; count: number; expected: number } {
  let count = 0;
  let expected = 0;
  let seen = false;
  const anyReported = observations.some((observation) => observation.reported[rateIndex] === 1 && Number.isFinite(observation.counts[rateIndex]!));
  for (const observation of observations) {
    const c = observation.counts[rateIndex]!;
    const e = observation.expected[rateIndex]!;
    if (!Number.isFinite(c) || !Number.isFinite(e) || (anyReported && observation.reported[rateIndex] !== 1)) continue;
    count += c;
    expected += e;
    seen = true;
  }
  return seen ? { relative: (count + prior) / (expected + prior), count, expected } : { relative: Number.NaN, count: 0, expected: 0 };
}
