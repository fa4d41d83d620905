import { describe, expect, it } from 'vitest';
import { dampedChange, logSlope } from './damped-trend';
import { DEFAULT_PROJECTION, projectionChoicesOf, type CountryProjection } from './projection';
import { buildAreaSeries, rateAt } from './series';
import { areaRecord, rateRows, yearRange } from './testing-fixtures';
import { TOTAL } from './years';

const NATION = areaRecord('MX', 5, 'N');
const STATE = areaRecord('MX-09', 5, 'S', 'MX');

/** A nation rising 5 % a year and a state falling 5 % a year, both reported 2015–2024. */
function diverging(projection: CountryProjection) {
  const rows = yearRange(2015, 2024).flatMap((year) => [
    ...rateRows('MX', [year], 100 * Math.exp(0.05 * (year - 2015))),
    ...rateRows('MX-09', [year], 200 * Math.exp(-0.05 * (year - 2015))),
  ]);
  const series = buildAreaSeries([NATION, STATE], rows, new Map([[5, projection]]));
  return { nation: series.get('MX')!, state: series.get('MX-09')! };
}

describe('projection rules chosen by the backtest', () => {
  it('reads projection.tsv rows per country, the rest keeping today\'s damped trends and 0.03 a year', () => {
    const choices = projectionChoicesOf([
      { countryId: 5, kind: 'level', method: 'flat', perYear: 0.16 },
      { countryId: 5, kind: 'ratio', method: 'flat', perYear: 0.15 },
    ]);
    expect(choices.get(5)).toEqual({ level: 'flat', ratio: 'flat', levelPerYear: 0.16, ratioPerYear: 0.15 });
    expect(choices.get(1)).toBeUndefined();
    expect(DEFAULT_PROJECTION).toEqual({ level: 'trend', ratio: 'trend', levelPerYear: 0.03, ratioPerYear: 0.03 });
  });

  it('holds a sub-national area\'s end ratio to its parent when the ratio is best held, at both ends', () => {
    const { nation, state } = diverging({ ...DEFAULT_PROJECTION, ratio: 'flat' });
    const lastRatio = rateAt(state, TOTAL, 2024) / rateAt(nation, TOTAL, 2024);
    const firstRatio = rateAt(state, TOTAL, 2015) / rateAt(nation, TOTAL, 2015);
    for (const year of [2025, 2029, 2040]) expect(rateAt(state, TOTAL, year) / rateAt(nation, TOTAL, year)).toBeCloseTo(lastRatio, 9);
    for (const year of [2014, 2005]) expect(rateAt(state, TOTAL, year) / rateAt(nation, TOTAL, year)).toBeCloseTo(firstRatio, 9);
  });

  it('keeps a nation flat beyond its data when its level is best held, and damped otherwise', () => {
    const flat = diverging({ ...DEFAULT_PROJECTION, level: 'flat' }).nation;
    expect(rateAt(flat, TOTAL, 2029)).toBeCloseTo(rateAt(flat, TOTAL, 2024), 9);
    expect(rateAt(flat, TOTAL, 2010)).toBeCloseTo(rateAt(flat, TOTAL, 2015), 9);
    const trending = diverging({ ...DEFAULT_PROJECTION, level: 'national' }).nation;
    const years = yearRange(2017, 2024);
    const slope = logSlope(years, years.map((year) => Math.log(100) + 0.05 * (year - 2015)));
    expect(Math.log(rateAt(trending, TOTAL, 2029) / rateAt(trending, TOTAL, 2024))).toBeCloseTo(dampedChange(slope, 5), 9);
  });

  it('carries a sub-national area by its own damped trend when the trend wins the ratio', () => {
    const { state } = diverging(DEFAULT_PROJECTION);
    expect(Math.log(rateAt(state, TOTAL, 2029) / rateAt(state, TOTAL, 2024))).toBeCloseTo(dampedChange(-0.05, 5), 9);
  });
});
