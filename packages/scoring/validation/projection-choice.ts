// Turns the projection backtest's forecasts into the choice the model uses (projection.tsv) and the
// table docs/methodology.md §4 publishes: per country and kind, the candidate with the smallest
// median |log error| five years ahead, and the time uncertainty that holds 90 % of its errors.
import type { CountryId } from '@riskatlas/domain';
import { DEFAULT_PROJECTION, type ProjectionMethod, type ProjectionRecord, type SeriesKind } from '../src/model/projection';
import { fixed } from '../src/pack/format';
import type { ScoringTables } from '../src/pack/read-tables';
import { calibratedSpread, coverageOf } from './calibration';
import { BACKTEST_HORIZON, kindOf, projectionBacktest, type BacktestForecast } from './projection-backtest';
import { foldOf } from '../build/fit/folds';
import { median } from './statistics';

/** Candidates in order of simplicity: a tie goes to the simpler. */
const CANDIDATES: readonly ProjectionMethod[] = ['flat', 'national', 'trend'];

/** A candidate's error on a forecast ('national' holds a ratio, so for ratios it is 'flat'). */
export const errorOf = (forecast: BacktestForecast, method: ProjectionMethod): number => forecast.errors[method] ?? forecast.errors.flat!;

/** The backtest's choice for a country and kind, with the evidence behind it. */
export interface ProjectionChoice extends ProjectionRecord {
  /** Median |log error| five years ahead per candidate. */
  medians: Record<ProjectionMethod, number>;
  forecasts: number;
}

const groupKey = (countryId: CountryId, kind: SeriesKind) => `${countryId}:${kind}`;

function grouped(forecasts: readonly BacktestForecast[]): Map<string, BacktestForecast[]> {
  const groups = new Map<string, BacktestForecast[]>();
  for (const forecast of forecasts) {
    const key = groupKey(forecast.countryId, kindOf(forecast.comparison));
    const list = groups.get(key) ?? [];
    list.push(forecast);
    groups.set(key, list);
  }
  return groups;
}

/** Median |log error| of a candidate over forecasts `BACKTEST_HORIZON` years ahead. */
export function medianError(forecasts: readonly BacktestForecast[], method: ProjectionMethod): number {
  return median(forecasts.filter((forecast) => forecast.horizon === BACKTEST_HORIZON).map((forecast) => Math.abs(errorOf(forecast, method))));
}

/** The time uncertainty per year of a method: 90 % of its errors within ±1.645 σ × years ahead. */
export function timeUncertainty(forecasts: readonly BacktestForecast[], method: ProjectionMethod): number {
  return calibratedSpread(forecasts.map((forecast) => ({ error: errorOf(forecast, method), scale: forecast.horizon })));
}

/** Per country and kind: the winning candidate and its time uncertainty, sorted by country then kind. */
export function chooseProjections(forecasts: readonly BacktestForecast[]): ProjectionChoice[] {
  const choices: ProjectionChoice[] = [];
  for (const [key, group] of [...grouped(forecasts)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [countryId, kind] = key.split(':') as [string, SeriesKind];
    const medians = Object.fromEntries(CANDIDATES.map((method) => [method, medianError(group, method)])) as Record<ProjectionMethod, number>;
    if (!CANDIDATES.every((method) => Number.isFinite(medians[method]))) continue;
    const method = CANDIDATES.reduce((best, candidate) => (medians[candidate] < medians[best] - 1e-12 ? candidate : best));
    const forecastsAhead = group.filter((forecast) => forecast.horizon === BACKTEST_HORIZON).length;
    choices.push({ countryId: Number(countryId) as CountryId, kind, method, perYear: timeUncertainty(group, method), medians, forecasts: forecastsAhead });
  }
  return choices;
}

/**
 * A country with no ratio series to test (Puerto Rico: its municipios reported one quarter) holds
 * ratios like every tested country and borrows the widest ratio uncertainty measured elsewhere.
 */
export function withBorrowedRatios(choices: readonly ProjectionChoice[]): ProjectionRecord[] {
  const records: ProjectionRecord[] = choices.map(({ countryId, kind, method, perYear }) => ({ countryId, kind, method, perYear }));
  const ratios = choices.filter((choice) => choice.kind === 'ratio');
  if (ratios.length === 0) return records;
  const widest = Math.max(...ratios.map((choice) => choice.perYear));
  for (const countryId of new Set(choices.map((choice) => choice.countryId))) {
    if (!ratios.some((choice) => choice.countryId === countryId)) records.push({ countryId, kind: 'ratio', method: 'flat', perYear: widest });
  }
  return records.sort((a, b) => a.countryId - b.countryId || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

/** The rows of projection.tsv (PROJECTION_COLUMNS) from the pack's own area rates. */
export function projectionPackRows(tables: ScoringTables): Array<Array<string | number>> {
  return withBorrowedRatios(chooseProjections(projectionBacktest(tables))).map((record) => [record.countryId, record.kind, record.method, fixed(record.perYear, 4)]);
}

/**
 * Coverage of a row's forecasts (all horizons) by a time uncertainty fitted on the other half of
 * the country's areas (two folds by hash of the area key), so the figure is out of sample.
 */
export function heldOutCoverage(rows: readonly BacktestForecast[], pool: readonly BacktestForecast[], method: ProjectionMethod): number {
  const entries: Array<{ error: number; scale: number }> = [];
  let covered = 0;
  for (let fold = 0; fold < 2; fold++) {
    const fitOn = pool.filter((forecast) => foldOf(forecast.areaKey, 2) !== fold);
    const sigma = timeUncertainty(fitOn.length ? fitOn : pool, method);
    const mine = rows.filter((forecast) => foldOf(forecast.areaKey, 2) === fold).map((forecast) => ({ error: errorOf(forecast, method), scale: forecast.horizon }));
    entries.push(...mine);
    covered += coverageOf(mine, sigma) * mine.length || 0;
  }
  return entries.length ? covered / entries.length : Number.NaN;
}

/** Coverage of today's single 0.03 a year on the damped trend's errors (the "before" figure). */
export function todayCoverage(rows: readonly BacktestForecast[]): number {
  return coverageOf(rows.map((forecast) => ({ error: errorOf(forecast, 'trend'), scale: forecast.horizon })), DEFAULT_PROJECTION.ratioPerYear);
}

