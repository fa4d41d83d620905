import { describe, expect, it } from 'vitest';
import { areaEstimate } from '../engine/estimates';
import { locateAreas } from '../engine/locate-areas';
import { buildScoringModel } from './build-model';
import { COUNT_PRIOR, PR_QUARTER_SHARE } from './count-prior';
import { rateAt } from './series';
import { areaRecord, rateRows, scoringTables, yearRange } from './testing-fixtures';
import { RATE_COUNT } from './years';

const RAPE = 1;
const ISLAND_RATE = 40;
const POPULATION = 20_000;

/** An island and one municipio whose one quarter holds no incident of any kind. */
function emptyQuarterModel() {
  return buildScoringModel(
    scoringTables({
      areas: [areaRecord('PR', 6, 'N'), areaRecord('PR-72001', 6, 'C', 'PR', { population: POPULATION })],
      areaRates: [...rateRows('PR', yearRange(2007, 2014), ISLAND_RATE), ...rateRows('PR-72001', [2013], 0)],
    }),
  );
}

describe('the count prior of Puerto Rico municipios', () => {
  it('gives a municipio with no incident in its quarter a positive rate: (0 + prior) ÷ (expected + prior) of the island', () => {
    const model = emptyQuarterModel();
    const municipio = model.areas.get('PR-72001')!;
    const expected = (ISLAND_RATE * POPULATION * PR_QUARTER_SHARE) / 100_000;
    for (const year of [2008, 2013, 2018]) {
      expect(rateAt(municipio, RAPE, year)).toBeCloseTo((ISLAND_RATE * COUNT_PRIOR) / (expected + COUNT_PRIOR), 9);
    }
    expect(municipio.samplingVariance?.[RAPE]).toBeCloseTo(1 / COUNT_PRIOR, 12);
  });

  it('scores such a municipio above 0 with a band that has width (not 0 [0–0])', () => {
    const model = emptyQuarterModel();
    const location = { latitude: 18.2, longitude: -66.5, countryId: 6 as const, admin1Code: 'PR', countyCode: '72001' };
    const estimate = areaEstimate(model, locateAreas(model, location)!, [2008, 2013, 2018]);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      expect(Number.isFinite(estimate.logRate[rateIndex * 3 + 1]!)).toBe(true);
      // The Poisson variance of an empty quarter (1 ÷ prior) dominates the band.
      expect(estimate.se[rateIndex * 3 + 1]!).toBeGreaterThanOrEqual(Math.sqrt(1 / COUNT_PRIOR));
    }
  });

  it('leaves a well-measured municipio close to its own rate', () => {
    const model = buildScoringModel(
      scoringTables({
        areas: [areaRecord('PR', 6, 'N'), areaRecord('PR-72127', 6, 'C', 'PR', { population: 400_000 })],
        areaRates: [...rateRows('PR', yearRange(2007, 2014), ISLAND_RATE), ...rateRows('PR-72127', [2013], 80)],
      }),
    );
    expect(rateAt(model.areas.get('PR-72127')!, RAPE, 2013) / 80).toBeGreaterThan(0.99);
  });
});
