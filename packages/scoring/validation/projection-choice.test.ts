import { describe, expect, it } from 'vitest';
import { BAND_Z } from '../src/engine/create-engine';
import { areaRecord, rateRows, scoringTables, yearRange } from '../src/model/testing-fixtures';
import { coverageOf } from './calibration';
import { projectionBacktest, type BacktestForecast } from './projection-backtest';
import { chooseProjections, errorOf, timeUncertainty, withBorrowedRatios } from './projection-choice';

/** A nation on a steady trend and states whose ratios to it wander around a fixed level (no persistent trend). */
function wanderingTables() {
  const states = ['CA-AB', 'CA-BC', 'CA-MB', 'CA-ON'];
  const rows = yearRange(1998, 2024).flatMap((year) => [
    ...rateRows('CA', [year], 100 * Math.exp(-0.05 * (year - 1998)), 'r'),
    ...states.flatMap((key, index) => rateRows(key, [year], 100 * Math.exp(-0.05 * (year - 1998)) * (1 + index / 4) * Math.exp(0.15 * Math.sin(year * 1.7 + index)), 'r')),
  ]);
  return scoringTables({ areas: [areaRecord('CA', 2, 'N'), ...states.map((key) => areaRecord(key, 2, 'S', 'CA'))], areaRates: rows });
}

describe('the projection backtest', () => {
  it('forecasts only from the data up to each origin, 1–5 years ahead, for levels and ratios', () => {
    const forecasts = projectionBacktest(wanderingTables());
    expect(new Set(forecasts.map((forecast) => forecast.horizon))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(forecasts.map((forecast) => forecast.comparison))).toEqual(new Set(['level', 'parent']));
    // A nation on an exact trend: the damped trend misses only by the damping, no change by the whole trend.
    const nation = forecasts.filter((forecast) => forecast.areaKey === 'CA' && forecast.horizon === 5);
    expect(Math.abs(errorOf(nation[0]!, 'trend'))).toBeLessThan(Math.abs(errorOf(nation[0]!, 'flat')));
  });

  it('chooses the national trend for levels and holding the ratio for ratios when ratios wander without trend', () => {
    const choices = chooseProjections(projectionBacktest(wanderingTables()));
    expect(choices.map((choice) => [choice.kind, choice.method])).toEqual([
      ['level', 'national'],
      ['ratio', 'flat'],
    ]);
    const ratio = choices[1]!;
    expect(ratio.medians.flat).toBeLessThan(ratio.medians.trend);
  });

  it('sizes the time uncertainty so that 90 % of the chosen candidate\'s errors fall inside ±1.645 σ × years', () => {
    const forecasts: BacktestForecast[] = Array.from({ length: 100 }, (_, index) => ({
      countryId: 2,
      areaKey: `CA-${index}`,
      level: 'S',
      comparison: 'parent',
      horizon: 1 + (index % 5),
      // Errors growing with the horizon, their size per year spread evenly over ±0.5.
      errors: { flat: (((index * 37) % 100) / 100 - 0.495) * (1 + (index % 5)), trend: 1 },
    }));
    const sigma = timeUncertainty(forecasts, 'flat');
    const coverage = coverageOf(forecasts.map((forecast) => ({ error: errorOf(forecast, 'flat'), scale: forecast.horizon })), sigma);
    expect(coverage).toBeGreaterThanOrEqual(0.88);
    expect(coverage).toBeLessThanOrEqual(0.92);
    expect(sigma * BAND_Z).toBeCloseTo(0.445, 1);
  });

  it('lends a country without ratio series (Puerto Rico) the widest ratio uncertainty measured elsewhere, holding ratios', () => {
    const medians = { flat: 0.1, national: 0.1, trend: 0.2 };
    const records = withBorrowedRatios([
      { countryId: 1, kind: 'ratio', method: 'flat', perYear: 0.05, medians, forecasts: 10 },
      { countryId: 5, kind: 'ratio', method: 'flat', perYear: 0.15, medians, forecasts: 10 },
      { countryId: 6, kind: 'level', method: 'flat', perYear: 0.1, medians, forecasts: 1 },
    ]);
    expect(records.find((record) => record.countryId === 6 && record.kind === 'ratio')).toEqual({ countryId: 6, kind: 'ratio', method: 'flat', perYear: 0.15 });
  });
});
