import { describe, expect, it } from 'vitest';
import { agencyShareInYear, countyObservations, pooledRelative, subtractionsOf } from './county-observations';
import { buildAreaSeries } from './series';
import { agencyRecord, agencyYearRows, areaRecord, rateRows, yearRange } from './testing-fixtures';

const AREAS = [areaRecord('US', 1, 'N'), areaRecord('US-IL', 1, 'S', 'US'), areaRecord('US-17001', 1, 'C', 'US-IL', { population: 100_000 })];
const STATE_RATES = [...rateRows('US', yearRange(2010, 2019), 100), ...rateRows('US-IL', yearRange(2010, 2019), 100)];
const series = buildAreaSeries(AREAS, STATE_RATES);
const county = { ...series.get('US-17001')!, population: 100_000 };
const state = series.get('US-IL')!;

describe('county observations and leak removal', () => {
  it('subtracts a held-out agency\'s crimes and population from each county year, its nearest year standing in for 2012', () => {
    const rows = [...rateRows('US-17001', [2012], 200), ...rateRows('US-17001', [2015], 300, 'i')];
    const years = agencyYearRows('US-IL-a', [2014, 2015], 20_000, 50);
    const observations = countyObservations(county, state, rows, [{ years }]);
    expect(observations.map((observation) => observation.year)).toEqual([2012, 2015]);
    // 2012: 200 crimes − the 2014 agency year's 50 (flat state rate), over 80,000 people.
    expect(observations[0]!.counts[0]).toBeCloseTo(150, 9);
    expect(observations[0]!.expected[0]).toBeCloseTo(80, 9);
    expect(observations[1]!.counts[0]).toBeCloseTo(250, 9);
    expect(observations[1]!.reported[0]).toBe(0);
  });

  it('drops a year where the held-out agencies were (nearly) the whole county, and never counts below zero', () => {
    const rows = rateRows('US-17001', [2015], 10);
    expect(countyObservations(county, state, rows, [{ years: agencyYearRows('US-IL-a', [2015], 99_500, 5) }])).toEqual([]);
    const [left] = countyObservations(county, state, rows, [{ years: agencyYearRows('US-IL-a', [2015], 50_000, 30) }]);
    expect(left!.counts[0]).toBe(0);
  });

  it('pools reported years only where any exist, with the prior', () => {
    const rows = [...rateRows('US-17001', [2012], 200), ...rateRows('US-17001', [2015], 900, 'i')];
    const observations = countyObservations(county, state, rows);
    expect(pooledRelative(observations, 0, 0.5).relative).toBeCloseTo(200.5 / 100.5, 12);
    expect(pooledRelative(observations.slice(1), 0, 0.5).relative).toBeCloseTo(900.5 / 100.5, 12);
    expect(pooledRelative([], 0, 0.5).relative).toBeNaN();
  });

  it('groups held-out agencies\' years by their county and scales a stand-in year by the state\'s change', () => {
    const agencies = [agencyRecord('US-IL-a', 'US-IL', 'US-17001', 40, -89), agencyRecord('US-IL-b', 'US-IL', 'US-17001', 40, -89)];
    const years = [...agencyYearRows('US-IL-a', [2015], 1000, 5), ...agencyYearRows('US-IL-b', [2015], 1000, 5)];
    const subtractions = subtractionsOf(agencies, years, new Set(['US-IL-a']));
    expect(subtractions.get('US-17001')!.map((entry) => entry.agencyKey)).toEqual(['US-IL-a']);
    const rising = buildAreaSeries(AREAS, [...rateRows('US', [2012, 2015], 100), ...rateRows('US-IL', [2012], 50), ...rateRows('US-IL', [2015], 100)]).get('US-IL')!;
    expect(agencyShareInYear(agencyYearRows('US-IL-a', [2015], 1000, 10), rising, 2012).counts[0]).toBeCloseTo(5, 9);
  });
});
