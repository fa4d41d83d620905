import { describe, expect, it } from 'vitest';
import type { AreaRateRecord, AreaRecord } from '../pack/read-tables';
import { MAX_TREND, TREND_DAMPING } from './damped-trend';
import { buildAreaSeries, lastReportedTotalYear, rateAt, reportedAt, type AreaSeries } from './series';
import { areaRecord, rateRows, yearRange } from './testing-fixtures';
import { RATE_COUNT, TOTAL, YEAR_MAX, YEAR_MIN } from './years';

const NATION = areaRecord('US', 1, 'N');
const STATE = areaRecord('US-IL', 1, 'S', 'US');

function seriesOf(rows: AreaRateRecord[], areas: AreaRecord[] = [NATION], key = 'US'): AreaSeries {
  return buildAreaSeries(areas, rows).get(key)!;
}

/** Rows of a series growing by `logSlope` a year from `start` in `from`. */
function exponentialRows(areaKey: string, from: number, to: number, start: number, logSlope: number): AreaRateRecord[] {
  return yearRange(from, to).flatMap((year) => rateRows(areaKey, [year], start * Math.exp(logSlope * (year - from))));
}

/** The cumulative damped log change `steps` years past the data at `slope` a year. */
const damped = (slope: number, steps: number) => (slope * TREND_DAMPING * (1 - TREND_DAMPING ** steps)) / (1 - TREND_DAMPING);

describe('area series: observed years', () => {
  it('keeps observed values as given, reported only where the source says r', () => {
    const rows = [...rateRows('US', [2010, 2011], 500, 'r'), ...rateRows('US', [2012], 520, 'i')];
    const series = seriesOf(rows);
    expect(rateAt(series, TOTAL, 2010)).toBe(500);
    expect(rateAt(series, TOTAL, 2012)).toBe(520);
    expect(reportedAt(series, TOTAL, 2011)).toBe(true);
    // An imputed source value is a value, not a report.
    expect(reportedAt(series, TOTAL, 2012)).toBe(false);
    expect(series.firstObserved[TOTAL]).toBe(2010);
    expect(series.lastObserved[TOTAL]).toBe(2012);
  });

  it('treats each rate key on its own: coverage and values per key', () => {
    const row: AreaRateRecord = { areaKey: 'US', year: 2015, rates: Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), coverage: ['r', 'i', 'r', 'r', 'r', 'r', 'r', 'r', 'r', '-'] };
    const series = seriesOf([row]);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) expect(rateAt(series, rateIndex, 2015)).toBe(rateIndex + 1);
    expect(reportedAt(series, 0, 2015)).toBe(true);
    expect(reportedAt(series, 1, 2015)).toBe(false);
    expect(reportedAt(series, 9, 2015)).toBe(false);
  });

  it('ignores negative and missing values and years outside the model span', () => {
    const rows = [
      ...rateRows('US', [2000, 2001, 2002], 100),
      ...rateRows('US', [2003], -1),
      ...rateRows('US', [2004], Number.NaN),
      ...rateRows('US', [YEAR_MIN - 1, YEAR_MAX + 1], 9999),
    ];
    const series = seriesOf(rows);
    expect(series.firstObserved[TOTAL]).toBe(2000);
    expect(series.lastObserved[TOTAL]).toBe(2002);
    expect(rateAt(series, TOTAL, 2003)).toBeCloseTo(100, 9);
    expect(reportedAt(series, TOTAL, 2003)).toBe(false);
    expect(rateAt(series, TOTAL, YEAR_MIN)).toBeCloseTo(100, 9);
  });
});

describe('area series: filling gaps and extending the ends', () => {
  it('fills a gap between observed years log-linearly (geometric, not arithmetic, steps), imputed', () => {
    const rows = [...rateRows('US', [2000], 100), ...rateRows('US', [2004], 1600), ...rateRows('US', [2005], 1600)];
    const series = seriesOf(rows);
    expect(rateAt(series, TOTAL, 2001)).toBeCloseTo(200, 6);
    expect(rateAt(series, TOTAL, 2002)).toBeCloseTo(400, 6);
    expect(rateAt(series, TOTAL, 2003)).toBeCloseTo(800, 6);
    for (const year of [2001, 2002, 2003]) expect(reportedAt(series, TOTAL, year)).toBe(false);
  });

  it('holds a flat series flat in both directions', () => {
    const series = seriesOf(rateRows('US', yearRange(2000, 2010), 250));
    expect(rateAt(series, TOTAL, YEAR_MIN)).toBeCloseTo(250, 9);
    expect(rateAt(series, TOTAL, YEAR_MAX)).toBeCloseTo(250, 9);
    expect(reportedAt(series, TOTAL, 2011)).toBe(false);
  });

  it('projects a trend forward damped: 80 % of the previous year\'s change each year, converging short of the straight line', () => {
    const slope = 0.05;
    const series = seriesOf(exponentialRows('US', 2000, 2010, 100, slope));
    const last = rateAt(series, TOTAL, 2010);
    for (const steps of [1, 2, 5, 10]) {
      expect(Math.log(rateAt(series, TOTAL, 2010 + steps) / last)).toBeCloseTo(damped(slope, steps), 9);
    }
    // Each year's step is 80 % of the one before.
    const step = (year: number) => Math.log(rateAt(series, TOTAL, year) / rateAt(series, TOTAL, year - 1));
    expect(step(2012) / step(2011)).toBeCloseTo(TREND_DAMPING, 9);
    expect(step(2020) / step(2019)).toBeCloseTo(TREND_DAMPING, 9);
    // The total change never exceeds slope × 0.8 / 0.2 = 4 years' worth of the trend, and stays below the undamped line.
    const far = Math.log(rateAt(series, TOTAL, YEAR_MAX) / last);
    expect(far).toBeLessThan(4 * slope);
    expect(far).toBeGreaterThan(3.9 * slope);
    expect(rateAt(series, TOTAL, 2015)).toBeLessThan(last * Math.exp(5 * slope));
  });

  it('extends a trend backwards the same way from the first observed year', () => {
    const slope = 0.04;
    const series = seriesOf(exponentialRows('US', 2000, 2010, 100, slope));
    for (const steps of [1, 3, 8]) {
      expect(Math.log(100 / rateAt(series, TOTAL, 2000 - steps))).toBeCloseTo(damped(slope, steps), 9);
    }
  });

  it('caps the yearly trend at ±8 % whatever the data do', () => {
    const rising = seriesOf(exponentialRows('US', 2000, 2010, 100, 0.3));
    const falling = seriesOf(exponentialRows('US', 2000, 2010, 100, -0.3));
    const lastRising = rateAt(rising, TOTAL, 2010);
    const lastFalling = rateAt(falling, TOTAL, 2010);
    expect(Math.log(rateAt(rising, TOTAL, 2011) / lastRising)).toBeCloseTo(MAX_TREND * TREND_DAMPING, 9);
    expect(Math.log(rateAt(falling, TOTAL, 2011) / lastFalling)).toBeCloseTo(-MAX_TREND * TREND_DAMPING, 9);
  });

  it('fits the forward trend on the last eight observed years and the backward trend on the first eight', () => {
    // Flat for 16 years, then 3 % a year: the projection follows the recent rise, the back-cast the flat start.
    const flat = rateRows('US', yearRange(1990, 2005), 100);
    const rising = yearRange(2006, 2013).flatMap((year) => rateRows('US', [year], 100 * Math.exp(0.03 * (year - 2005))));
    const series = seriesOf([...flat, ...rising]);
    expect(Math.log(rateAt(series, TOTAL, 2014) / rateAt(series, TOTAL, 2013))).toBeCloseTo(0.03 * TREND_DAMPING, 9);
    expect(rateAt(series, TOTAL, 1980)).toBeCloseTo(100, 9);
  });
});

describe('area series: short and empty series', () => {
  it('keeps a one-year area at its observed ratio to its parent, following the parent\'s shape', () => {
    const parent = exponentialRows('US', 2000, 2015, 100, 0.02);
    const child = rateRows('US-IL', [2012], 3 * 100 * Math.exp(0.02 * 12));
    const series = buildAreaSeries([NATION, STATE], [...parent, ...child]);
    const nation = series.get('US')!;
    const state = series.get('US-IL')!;
    for (const year of [1990, 2005, 2012, 2020, 2035]) {
      expect(rateAt(state, TOTAL, year) / rateAt(nation, TOTAL, year)).toBeCloseTo(3, 9);
      expect(reportedAt(state, TOTAL, year)).toBe(year === 2012);
    }
  });

  it('uses the mean ratio of a two-year area to its parent', () => {
    const parent = rateRows('US', yearRange(2000, 2015), 100);
    const child = [...rateRows('US-IL', [2010], 200), ...rateRows('US-IL', [2011], 400)];
    const state = buildAreaSeries([NATION, STATE], [...parent, ...child]).get('US-IL')!;
    expect(rateAt(state, TOTAL, 2010)).toBe(200);
    expect(rateAt(state, TOTAL, 2011)).toBe(400);
    expect(rateAt(state, TOTAL, 2020)).toBeCloseTo(300, 9);
  });

  it('carries a one-year area without a usable parent flat', () => {
    const series = seriesOf(rateRows('US', [2012], 321));
    expect(rateAt(series, TOTAL, YEAR_MIN)).toBeCloseTo(321, 9);
    expect(rateAt(series, TOTAL, YEAR_MAX)).toBeCloseTo(321, 9);
  });

  it('gives an area without data its parent\'s values, all imputed, with no observed span', () => {
    const parent = exponentialRows('US', 2000, 2015, 100, 0.01);
    const series = buildAreaSeries([NATION, STATE], parent);
    const nation = series.get('US')!;
    const state = series.get('US-IL')!;
    expect(rateAt(state, TOTAL, 2008)).toBe(rateAt(nation, TOTAL, 2008));
    expect(rateAt(state, 3, 2030)).toBe(rateAt(nation, 3, 2030));
    expect([...state.reported].every((flag) => flag === 0)).toBe(true);
    expect(state.firstObserved[TOTAL]).toBe(0);
    expect(state.lastObserved[TOTAL]).toBe(0);
  });

  it('leaves an area with neither data nor parent unknown (NaN)', () => {
    const series = seriesOf([]);
    expect(rateAt(series, TOTAL, 2010)).toBeNaN();
  });

  it('builds parents before children whatever the order of the areas', () => {
    const parent = rateRows('US', yearRange(2000, 2015), 100);
    const child = rateRows('US-IL', [2012], 150);
    const built = buildAreaSeries([STATE, NATION], [...child, ...parent]);
    const state = built.get('US-IL')!;
    expect(state.parent).toBe(built.get('US'));
    expect(rateAt(state, TOTAL, 2030)).toBeCloseTo(150, 9);
  });
});

describe('area series: reading', () => {
  it('clamps years outside the span to its ends', () => {
    const series = seriesOf(exponentialRows('US', 2000, 2010, 100, 0.02));
    expect(rateAt(series, TOTAL, 1900)).toBe(rateAt(series, TOTAL, YEAR_MIN));
    expect(rateAt(series, TOTAL, 2100)).toBe(rateAt(series, TOTAL, YEAR_MAX));
  });

  it('finds the latest year the total was reported (imputed source years do not count; 0 when never)', () => {
    const rows = [...rateRows('US', [2010, 2011], 100, 'r'), ...rateRows('US', [2012, 2013], 100, 'i')];
    expect(lastReportedTotalYear(seriesOf(rows))).toBe(2011);
    expect(lastReportedTotalYear(seriesOf(rateRows('US', [2010], 100, 'i')))).toBe(0);
  });
});
