import { describe, expect, it } from 'vitest';
import { scoreIndexOf, type ScoringLocation } from '@riskatlas/domain';
import { loadScoringEngine, loadScoringModel } from '../index';

const engine = loadScoringEngine();
const model = loadScoringModel();

/** Fixed points with the geography the gazetteer resolves for them (checked in the API tests through scoringLocationAt). */
const DOWNTOWN_CHICAGO: ScoringLocation = { latitude: 41.8789, longitude: -87.6359, countryId: 1, admin1Code: 'IL', countyCode: '17031', populationDensity: 25000 };
// Farmland in Jo Daviess County, whose agencies reported in 2012, 2015 and 2017 (southern Illinois' rural
// counties have only ICPSR's imputations for those years, at about Chicago's county rate).
const RURAL_ILLINOIS: ScoringLocation = { latitude: 42.35, longitude: -90.2, countryId: 1, admin1Code: 'IL', countyCode: '17085', populationDensity: 12 };
const TORONTO: ScoringLocation = { latitude: 43.6532, longitude: -79.3832, countryId: 2, admin1Code: 'ON' };
const MEXICO_CITY: ScoringLocation = { latitude: 19.4326, longitude: -99.1332, countryId: 5, admin1Code: '09' };
const SAN_JUAN: ScoringLocation = { latitude: 18.4655, longitude: -66.1057, countryId: 6, admin1Code: 'PR', countyCode: '72127', populationDensity: 7000 };

const total = (region: 'national' | 'state' | 'county', period: 'past' | 'current' | 'projected' = 'current') => scoreIndexOf({ crimeType: 'total', region, period });

describe('scoring engine', () => {
  it('maps releases to data years: current = the year before the release, capped at the latest data', () => {
    const usLast = model.lastDataYear.get(1)!;
    expect(engine.periodYears(1, 2020)).toEqual([2014, 2019, 2024]);
    expect(engine.periodYears(1, 2026)).toEqual([usLast - 5, usLast, usLast + 5]);
  });

  it('gives 90 scores in 0–2000 with a band around each, for every methodology', () => {
    for (const methodology of [1, 2, 3, 4] as const) {
      const scores = engine.score(DOWNTOWN_CHICAGO, methodology, 2020)!;
      expect(scores.values).toHaveLength(90);
      for (let index = 0; index < 90; index++) {
        expect(scores.values[index]).toBeGreaterThanOrEqual(0);
        expect(scores.values[index]).toBeLessThanOrEqual(2000);
        expect(scores.low[index]).toBeLessThanOrEqual(scores.values[index]!);
        expect(scores.high[index]).toBeGreaterThanOrEqual(scores.values[index]!);
      }
    }
  });

  it('is deterministic', () => {
    const a = engine.score(DOWNTOWN_CHICAGO, 2, 2026)!;
    const b = engine.score(DOWNTOWN_CHICAGO, 2, 2026)!;
    expect([...a.values]).toEqual([...b.values]);
    expect([...a.low]).toEqual([...b.low]);
  });

  it('scores downtown Chicago well above a rural Illinois county against the nation', () => {
    for (const methodology of [1, 2] as const) {
      const city = engine.score(DOWNTOWN_CHICAGO, methodology, 2020)!;
      const rural = engine.score(RURAL_ILLINOIS, methodology, 2020)!;
      expect(city.values[total('national')]).toBeGreaterThan(rural.values[total('national')]! * 1.5);
      expect(city.values[scoreIndexOf({ crimeType: 'robbery', region: 'national', period: 'current' })]).toBeGreaterThan(200);
      expect(city.stateArea?.name).toBe('Illinois');
      expect(city.countyArea?.key).toBe('US-17031');
    }
  });

  it('flags reported data years as reported and projections as imputed', () => {
    const scores = engine.score(DOWNTOWN_CHICAGO, 1, 2020)!;
    expect(scores.reported[total('national', 'current')]).toBe(1);
    expect(scores.reported[total('national', 'projected')]).toBe(0);
    expect(scores.high[total('national', 'projected')]! - scores.low[total('national', 'projected')]!).toBeGreaterThan(
      scores.high[total('national', 'current')]! - scores.low[total('national', 'current')]!,
    );
  });

  it('marks predictors-only scores imputed', () => {
    const scores = engine.score(DOWNTOWN_CHICAGO, 4, 2020)!;
    expect([...scores.reported].every((flag) => flag === 0)).toBe(true);
  });

  it('scores Canada, Mexico and Puerto Rico from their own data', () => {
    const toronto = engine.score(TORONTO, 1, 2026)!;
    expect(toronto.stateArea?.key).toBe('CA-ON');
    expect(toronto.countyArea?.name).toMatch(/Toronto/);
    const mexico = engine.score(MEXICO_CITY, 2, 2026)!;
    expect(mexico.stateArea?.key).toBe('MX-09');
    expect(mexico.countyArea?.key).toBe('MX-09');
    // Mexico has no municipality data: the county comparison falls back to the state and is imputed.
    expect(mexico.reported[total('county')]).toBe(0);
    const sanJuan = engine.score(SAN_JUAN, 1, 2014)!;
    expect(sanJuan.countyArea?.key).toBe('PR-72127');
  });

  it('returns undefined for a country the pack has no data for', () => {
    expect(engine.score({ latitude: 0, longitude: 0, countryId: 4 as never }, 2, 2026)).toBeUndefined();
  });
});
