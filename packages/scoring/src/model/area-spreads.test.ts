import { describe, expect, it } from 'vitest';
import { areaEstimate } from '../engine/estimates';
import { locateAreas } from '../engine/locate-areas';
import { areaSpreadsOf, measuredSpread } from './area-spreads';
import { buildScoringModel } from './build-model';
import { areaRecord, rateRows, scoringTables, yearRange } from './testing-fixtures';
import type { LocalSpreadRecord } from '../pack/read-tables';

const record = (source: string, appliesTo: LocalSpreadRecord['appliesTo'], rateIndex: number, spread: number): LocalSpreadRecord => ({
  source,
  countryId: 5,
  appliesTo,
  rateIndex,
  spread,
  measured: 100,
  heldOutInside: 90,
  insideBefore: 99,
});

describe('measured non-US spreads', () => {
  it('keep the rows the engine applies, by country, base level and rate key; reported-only rows are left out', () => {
    const spreads = areaSpreadsOf([record('mexico-municipality', 'S', 0, 0.99), record('check', '-', 1, 0.5)]);
    expect(measuredSpread(spreads, 5, 'S', 0)).toBe(0.99);
    expect(measuredSpread(spreads, 5, 'S', 1)).toBeUndefined();
    expect(measuredSpread(spreads, 5, 'C', 0)).toBeUndefined();
  });

  it('size the area estimate\'s band where measured, the US spread elsewhere', () => {
    const model = buildScoringModel(
      scoringTables({
        areas: [areaRecord('MX', 5, 'N'), areaRecord('MX-09', 5, 'S', 'MX')],
        areaRates: [...rateRows('MX', yearRange(2015, 2024), 50), ...rateRows('MX-09', yearRange(2015, 2024), 60)],
        localSpreads: [record('mexico-municipality', 'S', 0, 0.99)],
      }),
    );
    const location = { latitude: 19.43, longitude: -99.13, countryId: 5 as const, admin1Code: '09' };
    const estimate = areaEstimate(model, locateAreas(model, location)!, [2019, 2024, 2029]);
    expect(estimate.se[0 * 3 + 1]).toBe(0.99);
    expect(estimate.se[1 * 3 + 1]).toBe(model.stateSpread[1]);
  });
});
