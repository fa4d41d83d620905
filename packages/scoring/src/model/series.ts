import type { CountryId } from '@riskatlas/domain';
import type { AreaLevel } from '../pack/format';
import type { AreaRateRecord, AreaRecord } from '../pack/read-tables';
import { dampedChange, logSlope, TREND_WINDOW } from './damped-trend';
import { logsOf } from './log-values';
import { DEFAULT_PROJECTION, type CountryProjection } from './projection';
import { RATE_COUNT, TOTAL, YEAR_COUNT, YEAR_MAX, YEAR_MIN, seriesIndex } from './years';

/**
 * An area's rates for every year of the model's span, per rate key: observed years as the source
 * gives them, gaps filled by log-linear interpolation, the ends extended by the country's projection rule (projection.ts) (or,
 * for areas observed in only one or two years, by their parent area's shape). `reported` marks the
 * values a source reported; everything else is imputed.
 */
export interface AreaSeries {
  key: string;
  countryId: CountryId;
  level: AreaLevel;
  name: string;
  parent: AreaSeries | undefined;
  population: number | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
  radiusKm: number | undefined;
  /** rate key × year, seriesIndex(); NaN where nothing is known even from the parent. */
  values: Float64Array;
  reported: Uint8Array;
  /** Per rate key: first and last year with an observed value (0 when none). */
  firstObserved: Int16Array;
  lastObserved: Int16Array;
  /** Per rate key: log-scale Poisson variance of the few incidents behind the rates (set for count-smoothed areas only). */
  samplingVariance?: Float64Array;
}

function fillSeries(series: AreaSeries, rateIndex: number, observed: Map<number, { value: number; reported: boolean }>, projection: CountryProjection): void {
  const years = [...observed.keys()].sort((a, b) => a - b);
  const set = (year: number, value: number, reported: boolean) => {
    const index = seriesIndex(rateIndex, year);
    series.values[index] = value;
    series.reported[index] = reported ? 1 : 0;
  };
  const parentValue = (year: number) => series.parent?.values[seriesIndex(rateIndex, year)] ?? Number.NaN;
  if (years.length === 0) {
    for (let year = YEAR_MIN; year <= YEAR_MAX; year++) set(year, parentValue(year), false);
    return;
  }
  series.firstObserved[rateIndex] = years[0]!;
  series.lastObserved[rateIndex] = years[years.length - 1]!;
  const parentUsable = series.parent !== undefined && years.every((year) => Number.isFinite(parentValue(year)) && parentValue(year) > 0);
  if (years.length < 3 && parentUsable) {
    // Too short for a trend of its own: the area keeps its observed ratio to its parent.
    const ratio = years.reduce((sum, year) => sum + observed.get(year)!.value / parentValue(year), 0) / years.length;
    for (let year = YEAR_MIN; year <= YEAR_MAX; year++) {
      const seen = observed.get(year);
      set(year, seen ? seen.value : ratio * parentValue(year), seen?.reported ?? false);
    }
    return;
  }
  const logOf = (year: number) => Math.log(Math.max(observed.get(year)!.value, 1e-6));
  const first = years[0]!;
  const last = years[years.length - 1]!;
  const beyond = endRule(series, projection, years, logOf, parentValue);
  let previous = first;
  for (let year = YEAR_MIN; year <= YEAR_MAX; year++) {
    const seen = observed.get(year);
    if (seen) {
      set(year, seen.value, seen.reported);
      previous = year;
    } else if (year < first || year > last) {
      set(year, beyond(year), false);
    } else {
      const next = years.find((candidate) => candidate > year)!;
      const share = (year - previous) / (next - previous);
      set(year, Math.exp(logOf(previous) * (1 - share) + logOf(next) * share), false);
    }
  }
}

/**
 * The value of a year before the first or after the last observed one, by the country's rule: a
 * sub-national area whose ratio is best held keeps its end ratio to its parent; a nation whose level
 * is best held stays flat; otherwise the damped trend of the end's last eight observed years.
 */
function endRule(
  series: AreaSeries,
  projection: CountryProjection,
  years: readonly number[],
  logOf: (year: number) => number,
  parentValue: (year: number) => number,
): (year: number) => number {
  const first = years[0]!;
  const last = years[years.length - 1]!;
  const parentAt = (year: number) => (parentValue(year) > 0 ? parentValue(year) : Number.NaN);
  if (series.parent && projection.ratio === 'flat' && Number.isFinite(parentAt(first)) && Number.isFinite(parentAt(last))) {
    const firstRatio = Math.exp(logOf(first)) / parentAt(first);
    const lastRatio = Math.exp(logOf(last)) / parentAt(last);
    return (year) => (year < first ? firstRatio : lastRatio) * parentValue(year);
  }
  if (!series.parent && projection.level === 'flat') return (year) => Math.exp(logOf(year < first ? first : last));
  const tail = years.slice(-TREND_WINDOW);
  const head = years.slice(0, TREND_WINDOW);
  const forward = logSlope(tail, tail.map(logOf));
  const backward = logSlope(head, head.map(logOf));
  return (year) => (year < first ? Math.exp(logOf(first) - dampedChange(backward, first - year)) : Math.exp(logOf(last) + dampedChange(forward, year - last)));
}

/**
 * Builds every area's dense series from areas.tsv and area-rates.tsv, parents before children so
 * that short series can borrow their parent's shape; `projections` are the countries' rules for the
 * years beyond the data (projection.tsv; today's damped trends where a country has none).
 */
export function buildAreaSeries(
  areas: readonly AreaRecord[],
  rates: readonly AreaRateRecord[],
  projections: ReadonlyMap<CountryId, CountryProjection> = new Map(),
): Map<string, AreaSeries> {
  const ratesByArea = new Map<string, AreaRateRecord[]>();
  for (const rate of rates) {
    const list = ratesByArea.get(rate.areaKey) ?? [];
    list.push(rate);
    ratesByArea.set(rate.areaKey, list);
  }
  const byKey = new Map(areas.map((area) => [area.areaKey, area]));
  const built = new Map<string, AreaSeries>();
  const build = (area: AreaRecord): AreaSeries => {
    const existing = built.get(area.areaKey);
    if (existing) return existing;
    const parentRecord = area.parentKey ? byKey.get(area.parentKey) : undefined;
    const parent = parentRecord ? build(parentRecord) : undefined;
    const series: AreaSeries = {
      key: area.areaKey,
      countryId: area.countryId,
      level: area.level,
      name: area.name,
      parent,
      population: area.population,
      latitude: area.latitude,
      longitude: area.longitude,
      radiusKm: area.radiusKm,
      values: new Float64Array(RATE_COUNT * YEAR_COUNT).fill(Number.NaN),
      reported: new Uint8Array(RATE_COUNT * YEAR_COUNT),
      firstObserved: new Int16Array(RATE_COUNT),
      lastObserved: new Int16Array(RATE_COUNT),
    };
    const rows = ratesByArea.get(area.areaKey) ?? [];
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const observed = new Map<number, { value: number; reported: boolean }>();
      for (const row of rows) {
        const value = row.rates[rateIndex]!;
        if (Number.isFinite(value) && value >= 0 && row.year >= YEAR_MIN && row.year <= YEAR_MAX) {
          observed.set(row.year, { value, reported: row.coverage[rateIndex] === 'r' });
        }
      }
      fillSeries(series, rateIndex, observed, projections.get(area.countryId) ?? DEFAULT_PROJECTION);
    }
    built.set(area.areaKey, series);
    return series;
  };
  for (const area of areas) build(area);
  return built;
}

/** The latest year an area reported its total rate (0 when never). */
export function lastReportedTotalYear(series: AreaSeries): number {
  for (let year = YEAR_MAX; year >= YEAR_MIN; year--) {
    if (series.reported[seriesIndex(TOTAL, year)] === 1) return year;
  }
  return 0;
}

/** An area's rate for a key and year (NaN when unknown). */
export function rateAt(series: AreaSeries, rateIndex: number, year: number): number {
  return series.values[seriesIndex(rateIndex, year)]!;
}

/** Whether a source reported the area's rate for a key and year. */
export function reportedAt(series: AreaSeries, rateIndex: number, year: number): boolean {
  return series.reported[seriesIndex(rateIndex, year)] === 1;
}

/**
 * The natural log of an area's values, indexed like `values` (seriesIndex): Math.log of the same
 * numbers, made once per area (the estimators take the log of an area's rate in every scoring).
 */
export function logValuesOf(series: AreaSeries): Float64Array {
  return logsOf(series.values);
}
