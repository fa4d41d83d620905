import { describe, expect, it } from 'vitest';
import { MILES_PER_DEGREE } from './agencies';
import { SETTLEMENT_REACH_MILES, SMALLEST_SETTLEMENT, SettlementGrid } from './settlements';

describe('the size of the place a point belongs to', () => {
  const grid = new SettlementGrid([
    { latitude: 41.88, longitude: -87.63, population: 2_700_000 },
    { latitude: 41.88, longitude: -87.7, population: 50_000 },
    { latitude: 40, longitude: -89, population: 3_000 },
  ]);

  it('is the population of the nearest listed place', () => {
    expect(grid.populationAt(41.881, -87.631)).toBe(2_700_000);
    expect(grid.populationAt(41.881, -87.69)).toBe(50_000);
    expect(grid.populationAt(40.01, -89.01)).toBe(3_000);
  });

  it('looks across grid cells but no farther than its reach; beyond, a place below the list\'s threshold', () => {
    const within = (SETTLEMENT_REACH_MILES - 0.2) / MILES_PER_DEGREE;
    const beyond = (SETTLEMENT_REACH_MILES + 0.2) / MILES_PER_DEGREE;
    expect(grid.populationAt(40 + within, -89)).toBe(3_000);
    expect(grid.populationAt(40 - beyond, -89)).toBe(SMALLEST_SETTLEMENT);
    expect(new SettlementGrid([]).populationAt(41.88, -87.63)).toBe(SMALLEST_SETTLEMENT);
  });

  it('prefers the larger of two places at the same distance', () => {
    const twins = new SettlementGrid([
      { latitude: 35.0625, longitude: -90, population: 2_000 },
      { latitude: 34.9375, longitude: -90, population: 8_000 },
    ]);
    expect(twins.populationAt(35, -90)).toBe(8_000);
  });
});
