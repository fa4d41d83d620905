import { describe, expect, it } from 'vitest';
import {
  CRIME_TYPE_KEYS,
  SCORES_PER_METHODOLOGY,
  SCORE_KEYS,
  SCORE_PERIODS,
  SCORE_VALUE_MAX,
  scoreIndexOf,
  type CrimeTypeKey,
  type MethodologyTypeId,
  type ScorePeriod,
  type ScoreRegion,
  type ScoringLocation,
} from '@riskatlas/domain';
import { lazyScoringEngine, loadScoringEngine, loadScoringModel } from '../index';
import { DEFAULT_PROJECTION } from '../model/projection';
import { reportedAt } from '../model/series';
import { YEAR_MAX, YEAR_MIN } from '../model/years';
import { BAND_Z, PERIOD_STEP_YEARS, createScoringEngine, periodYearsOf } from './create-engine';
import { interpolationEstimate, memberships } from './estimates';
import { locateAreas } from './locate-areas';
import {
  AT_BIGTOWN,
  CANADA_NOWHERE,
  FAR_IN_DENSE,
  IN_BLANK,
  IN_HOT,
  IN_TINY,
  MEXICO,
  SAN_JUAN,
  TORONTO,
  UNKNOWN_COUNTY,
  testingWorld,
} from './testing-world';
import type { MethodologyScores } from './types';

const METHODOLOGIES: readonly MethodologyTypeId[] = [1, 2, 3, 4];
const WORLD = testingWorld();
const ENGINE = createScoringEngine(WORLD);

const at = (crimeType: CrimeTypeKey, region: ScoreRegion, period: ScorePeriod) => scoreIndexOf({ crimeType, region, period });
/** A score's three periods for one crime type and region. */
const periods = (array: ArrayLike<number>, crimeType: CrimeTypeKey, region: ScoreRegion) => SCORE_PERIODS.map((period) => array[at(crimeType, region, period)]);
const score = (location: ScoringLocation, methodology: MethodologyTypeId, release = 2020) => ENGINE.score(location, methodology, release)!;

/** Every shape rule a MethodologyScores must meet, whatever the data. */
function expectWellFormed(scores: MethodologyScores, label: string): void {
  for (const array of [scores.values, scores.low, scores.high, scores.reported]) expect(array, label).toHaveLength(SCORES_PER_METHODOLOGY);
  for (let index = 0; index < SCORES_PER_METHODOLOGY; index++) {
    const value = scores.values[index]!;
    expect(scores.low[index], label).toBeLessThanOrEqual(value);
    expect(scores.high[index], label).toBeGreaterThanOrEqual(value);
    expect(scores.high[index], label).toBeLessThanOrEqual(SCORE_VALUE_MAX);
    expect([0, 1], label).toContain(scores.reported[index]);
  }
}

describe('period years', () => {
  it('make the current period the year before the release, capped at the country\'s latest data, with ±5 years around it', () => {
    expect(periodYearsOf(WORLD, 1, 2013)).toEqual([2007, 2012, 2017]);
    expect(periodYearsOf(WORLD, 1, 2020)).toEqual([2014, 2019, 2024]);
    expect(periodYearsOf(WORLD, 1, 2026)).toEqual([2014, 2019, 2024]);
    // Puerto Rico's data end in 2013.
    expect(periodYearsOf(WORLD, 6, 2020)).toEqual([2008, 2013, 2018]);
    expect(ENGINE.periodYears(1, 2026)).toEqual(periodYearsOf(WORLD, 1, 2026));
  });

  it('keep all three periods inside the model\'s span, and follow the release where the country is unknown', () => {
    expect(periodYearsOf(WORLD, 1, 1950)).toEqual([YEAR_MIN, YEAR_MIN + PERIOD_STEP_YEARS, YEAR_MIN + 2 * PERIOD_STEP_YEARS]);
    // Mexico has no data in this world: its latest year is the model's, so only the span caps it.
    expect(periodYearsOf(WORLD, 5, 2100)).toEqual([YEAR_MAX - 2 * PERIOD_STEP_YEARS, YEAR_MAX - PERIOD_STEP_YEARS, YEAR_MAX]);
    expect(periodYearsOf(WORLD, 4 as never, 2020)).toEqual([2014, 2019, 2024]);
  });
});

describe('scoring engine over a synthetic world', () => {
  it('gives 90 well-formed scores for every methodology, echoing what was asked', () => {
    for (const location of [FAR_IN_DENSE, AT_BIGTOWN, IN_TINY, IN_BLANK, IN_HOT, UNKNOWN_COUNTY, TORONTO, CANADA_NOWHERE, MEXICO, SAN_JUAN]) {
      for (const methodology of METHODOLOGIES) {
        const scores = score(location, methodology);
        const label = `${JSON.stringify(location)} M${methodology}`;
        expectWellFormed(scores, label);
        expect(scores.methodologyTypeId).toBe(methodology);
        expect(scores.countryId).toBe(location.countryId);
        expect(scores.releaseYear).toBe(2020);
        expect(scores.periodYears).toEqual(ENGINE.periodYears(location.countryId, 2020));
      }
    }
  });

  it('widens the projected band by the country\'s own time uncertainty from the projection backtest', () => {
    const perYear = 0.15;
    const engine = createScoringEngine(testingWorld({ projections: new Map([[2, { ...DEFAULT_PROJECTION, ratioPerYear: perYear }]]) }));
    const scores = engine.score(CANADA_NOWHERE, 1, 2020)!;
    const sigma = WORLD.stateSpread[9]!;
    const beyond = Math.sqrt(sigma * sigma + (perYear * PERIOD_STEP_YEARS) ** 2);
    expect(periods(scores.high, 'total', 'national')[2]).toBe(Math.round(100 * Math.exp(BAND_Z * beyond)));
  });

  it('scores a location at its nation\'s average 100 at every level, with a band of ±1.645 σ in log terms that widens past the data', () => {
    // Nowhere in particular in Canada: no province, no CMA, so the national rate is the estimate.
    const scores = score(CANADA_NOWHERE, 1);
    expect([...scores.values]).toEqual(new Array<number>(SCORES_PER_METHODOLOGY).fill(100));
    const sigma = WORLD.stateSpread[9]!;
    const beyond = Math.sqrt(sigma * sigma + (DEFAULT_PROJECTION.ratioPerYear * PERIOD_STEP_YEARS) ** 2);
    expect(periods(scores.high, 'total', 'national')).toEqual([sigma, sigma, beyond].map((s) => Math.round(100 * Math.exp(BAND_Z * s))));
    expect(periods(scores.low, 'total', 'national')).toEqual([sigma, sigma, beyond].map((s) => Math.round(100 * Math.exp(-BAND_Z * s))));
    // National data run to 2019: the past and current periods are reported, the projection is not.
    expect(periods(scores.reported, 'total', 'national')).toEqual([1, 1, 0]);
    // The nation stands in for the missing province and CMA, and such scores are imputed.
    expect(scores.stateArea).toEqual({ key: 'CA', name: 'CA' });
    expect(scores.countyArea).toEqual({ key: 'CA', name: 'CA' });
    expect(periods(scores.reported, 'total', 'state')).toEqual([0, 0, 0]);
    expect(periods(scores.reported, 'total', 'county')).toEqual([0, 0, 0]);
  });

  it('compares one estimate with each area: score ratios across levels equal the areas\' rate ratios', () => {
    const scores = score(FAR_IN_DENSE, 1);
    for (const key of SCORE_KEYS) {
      if (key.region !== 'national') continue;
      const national = scores.values[at(key.crimeType, 'national', key.period)]!;
      const state = scores.values[at(key.crimeType, 'state', key.period)]!;
      const county = scores.values[at(key.crimeType, 'county', key.period)]!;
      // Illinois is 1.2× the nation and Dense county 1.5× Illinois (rounding to whole scores aside).
      expect(Math.abs(national - 1.2 * state), `${key.crimeType} ${key.period}`).toBeLessThanOrEqual(1.1);
      expect(Math.abs(state - 1.5 * county), `${key.crimeType} ${key.period}`).toBeLessThanOrEqual(1.3);
    }
  });

  it('lets the next coarser area stand in for a missing level, with the same values, imputed', () => {
    const scores = score(UNKNOWN_COUNTY, 1, 2013);
    expect(scores.countyArea).toEqual(scores.stateArea);
    expect(scores.stateArea?.key).toBe('US-IL');
    for (const crimeType of CRIME_TYPE_KEYS) {
      expect(periods(scores.values, crimeType, 'county')).toEqual(periods(scores.values, crimeType, 'state'));
      expect(periods(scores.reported, crimeType, 'county')).toEqual([0, 0, 0]);
    }
    // Puerto Rico has no state level: the island stands in.
    const sanJuan = score(SAN_JUAN, 1);
    expect(sanJuan.stateArea?.key).toBe('PR');
    expect(periods(sanJuan.values, 'total', 'state')).toEqual(periods(sanJuan.values, 'total', 'national'));
    expect(periods(sanJuan.reported, 'total', 'state')).toEqual([0, 0, 0]);
  });

  it('scores 100 with a wide fixed band, imputed, where the comparison rate is unknown', () => {
    const scores = score(MEXICO, 2);
    expect([...scores.values]).toEqual(new Array<number>(SCORES_PER_METHODOLOGY).fill(100));
    expect(new Set(scores.low)).toEqual(new Set([Math.round(100 * Math.exp(-BAND_Z))]));
    expect(new Set(scores.high)).toEqual(new Set([Math.round(100 * Math.exp(BAND_Z))]));
    expect(scores.reported.every((flag) => flag === 0)).toBe(true);
  });

  it('flags a score reported exactly when its estimate rests on reported data and the compared area reported that year', () => {
    // Dense county's relative comes from its 2012 data and is reported for 2012 alone: other years carry it.
    const early = score(FAR_IN_DENSE, 1, 2013);
    expect(periods(early.reported, 'robbery', 'national')).toEqual([0, 1, 0]);
    expect(periods(early.reported, 'robbery', 'state')).toEqual([0, 1, 0]);
    expect(periods(early.reported, 'robbery', 'county')).toEqual([0, 1, 0]);
    const late = score(FAR_IN_DENSE, 1, 2020);
    expect(periods(late.reported, 'robbery', 'national')).toEqual([0, 0, 0]);
    // Bigtown's own reports (2010–2019) carry its location through 2019 but not into the projection.
    expect(periods(score(AT_BIGTOWN, 1).reported, 'robbery', 'state')).toEqual([1, 1, 0]);
    // A county without data never yields a reported score.
    expect(score(IN_BLANK, 1, 2013).reported.every((flag) => flag === 0)).toBe(true);
  });

  it('widens every band where the period lies beyond the data', () => {
    const scores = score(FAR_IN_DENSE, 1);
    const areas = locateAreas(WORLD, FAR_IN_DENSE)!;
    const estimate = interpolationEstimate(WORLD, FAR_IN_DENSE, areas, scores.periodYears);
    CRIME_TYPE_KEYS.forEach((crimeType, rateIndex) => {
      const se = estimate.se[rateIndex * 3 + 1]!;
      const projectedSigma = Math.sqrt(se * se + (DEFAULT_PROJECTION.ratioPerYear * PERIOD_STEP_YEARS) ** 2);
      const logWidth = (period: ScorePeriod) => Math.log(scores.high[at(crimeType, 'national', period)]! / scores.low[at(crimeType, 'national', period)]!);
      expect(logWidth('projected'), crimeType).toBeGreaterThan(logWidth('current'));
      // Whole-score rounding moves the ends by at most half a point.
      expect(logWidth('projected'), crimeType).toBeCloseTo(2 * BAND_Z * projectedSigma, 1);
    });
  });

  it('caps scores at 2000, keeping the band inside the scale', () => {
    // Hot county is 50× its state: every comparison but its own is off the scale.
    const scores = score(IN_HOT, 1);
    expect(periods(scores.values, 'total', 'national')).toEqual([SCORE_VALUE_MAX, SCORE_VALUE_MAX, SCORE_VALUE_MAX]);
    expect(periods(scores.high, 'total', 'national')).toEqual([SCORE_VALUE_MAX, SCORE_VALUE_MAX, SCORE_VALUE_MAX]);
    expect(scores.values[at('total', 'county', 'current')]).toBeLessThan(200);
  });

  it('keeps the methodologies\' promises: 4 never reported, 2 equals 1 without predictors, 3 reports its neighbourhood radius', () => {
    for (const location of [FAR_IN_DENSE, AT_BIGTOWN, TORONTO, SAN_JUAN]) expect(score(location, 4).reported.every((flag) => flag === 0)).toBe(true);
    const m1 = score(TORONTO, 1);
    const m2 = score(TORONTO, 2);
    expect([...m2.values]).toEqual([...m1.values]);
    expect([...m2.low]).toEqual([...m1.low]);
    expect([...m2.reported]).toEqual([...m1.reported]);
    expect([score(SAN_JUAN, 3).radius1, score(SAN_JUAN, 3).radius2]).toEqual([0, 0.5]);
    const reach = Math.max(...memberships(WORLD, AT_BIGTOWN, 'US-IL').map((member) => member.distance));
    expect(score(AT_BIGTOWN, 1).radius2).toBe(Math.round(reach * 10) / 10);
  });
});

describe('scoring engine over the committed scoring pack', () => {
  const engine = loadScoringEngine();
  const model = loadScoringModel();
  const LOCATIONS: Record<string, ScoringLocation> = {
    'downtown Chicago': { latitude: 41.8789, longitude: -87.6359, countryId: 1, admin1Code: 'IL', countyCode: '17031', populationDensity: 25000 },
    'rural Illinois': { latitude: 37.41, longitude: -88.56, countryId: 1, admin1Code: 'IL', countyCode: '17151', populationDensity: 12 },
    Toronto: { latitude: 43.6532, longitude: -79.3832, countryId: 2, admin1Code: 'ON' },
    'Mexico City': { latitude: 19.4326, longitude: -99.1332, countryId: 5, admin1Code: '09' },
    'San Juan': { latitude: 18.4655, longitude: -66.1057, countryId: 6, admin1Code: 'PR', countyCode: '72127', populationDensity: 7000 },
    Chelmsford: { latitude: 51.7356, longitude: 0.4685, countryId: 3, admin1Code: 'ENG', countyCode: 'E07000070', postalCode: 'CM1' },
    Edinburgh: { latitude: 55.9533, longitude: -3.1883, countryId: 3, admin1Code: 'SCT', countyCode: 'S12000036', postalCode: 'EH1' },
    Belfast: { latitude: 54.5973, longitude: -5.9301, countryId: 3, admin1Code: 'NIR', countyCode: 'N09000003', postalCode: 'BT1' },
  };
  const RELEASES = [2014, 2020, 2026];

  it('gives 90 well-formed scores for every methodology, location and release, imputed wherever the period lies beyond the data and in every projection', () => {
    for (const [name, location] of Object.entries(LOCATIONS)) {
      for (const releaseYear of RELEASES) {
        for (const methodology of METHODOLOGIES) {
          const scores = engine.score(location, methodology, releaseYear)!;
          const label = `${name} M${methodology} ${releaseYear}`;
          expectWellFormed(scores, label);
          expect(scores.periodYears, label).toEqual(engine.periodYears(location.countryId, releaseYear));
          // The projection is never reported, even where today's data reach its year (release 2014's is 2018).
          const beyond = SCORE_PERIODS.filter((key, period) => key === 'projected' || scores.periodYears[period]! > model.lastDataYear.get(location.countryId)!);
          for (const key of SCORE_KEYS) if (beyond.includes(key.period)) expect(scores.reported[scoreIndexOf(key)], `${label} ${key.period}`).toBe(0);
        }
      }
    }
  });

  it('never flags a score reported against an area that did not report that year', () => {
    for (const [name, location] of Object.entries(LOCATIONS)) {
      for (const methodology of METHODOLOGIES) {
        const scores = engine.score(location, methodology, 2020)!;
        const areaOf: Record<ScoreRegion, string | undefined> = { national: model.national.get(location.countryId)!.key, state: scores.stateArea?.key, county: scores.countyArea?.key };
        SCORE_KEYS.forEach((key, index) => {
          if (scores.reported[index] !== 1) return;
          const area = model.areas.get(areaOf[key.region]!)!;
          const year = scores.periodYears[SCORE_PERIODS.indexOf(key.period)]!;
          expect(reportedAt(area, CRIME_TYPE_KEYS.indexOf(key.crimeType), year), `${name} M${methodology} ${JSON.stringify(key)}`).toBe(true);
        });
      }
    }
  });

  it('flags stand-in comparisons imputed: Puerto Rico\'s state level, Mexico\'s municipalities, Scotland\'s region and force area', () => {
    const cases: Array<[string, ScoreRegion, ScoreRegion]> = [
      ['San Juan', 'state', 'national'],
      ['Mexico City', 'county', 'state'],
      ['Edinburgh', 'state', 'national'],
      ['Edinburgh', 'county', 'national'],
    ];
    for (const [name, missing, standIn] of cases) {
      const scores = engine.score(LOCATIONS[name]!, 1, 2020)!;
      for (const crimeType of CRIME_TYPE_KEYS) {
        expect(periods(scores.values, crimeType, missing), `${name} ${crimeType}`).toEqual(periods(scores.values, crimeType, standIn));
        expect(periods(scores.reported, crimeType, missing), `${name} ${crimeType}`).toEqual([0, 0, 0]);
      }
    }
  });

  it('flags a US score reported only for years its agency reported: Chicago (data to 2019) reported for 2018, imputed for 2023', () => {
    const scores = engine.score(LOCATIONS['downtown Chicago']!, 1, 2026)!;
    expect(scores.periodYears).toEqual([2018, 2023, 2028]);
    expect(periods(scores.reported, 'total', 'national')).toEqual([1, 0, 0]);
    expect(periods(scores.reported, 'robbery', 'state')).toEqual([1, 0, 0]);
  });

  it('flags every score of Scotland and Northern Ireland imputed, the national ones included: they take England and Wales\'s averages', () => {
    for (const name of ['Edinburgh', 'Belfast']) {
      for (const methodology of METHODOLOGIES) {
        for (const releaseYear of RELEASES) {
          expect(engine.score(LOCATIONS[name]!, methodology, releaseYear)!.reported.every((flag) => flag === 0), `${name} M${methodology} ${releaseYear}`).toBe(true);
        }
      }
    }
  });

  it('flags an England location reported for the years its police force reported, imputed after', () => {
    const scores = engine.score(LOCATIONS.Chelmsford!, 1, 2020)!;
    expect(scores.periodYears).toEqual([2013, 2018, 2023]);
    for (const region of ['national', 'state', 'county'] as const) expect(periods(scores.reported, 'total', region), region).toEqual([1, 1, 0]);
  });

  it('flags the City of London as a place of few residents (Total Crime about 11 times the nation per resident), Chelmsford not', () => {
    const cheapside: ScoringLocation = { latitude: 51.5138, longitude: -0.0927, countryId: 3, admin1Code: 'ENG', countyCode: 'E09000001', postalCode: 'EC2V' };
    for (const methodology of METHODOLOGIES) {
      expect(engine.score(cheapside, methodology, 2020)!.fewResidents, `M${methodology}`).toBe(true);
      expect(engine.score(LOCATIONS.Chelmsford!, methodology, 2020)!.fewResidents, `M${methodology}`).toBe(false);
      expect(engine.score(LOCATIONS['downtown Chicago']!, methodology, 2026)!.fewResidents, `M${methodology}`).toBe(false);
    }
  });

  it('keeps Canada\'s offence-level scores imputed (its data are severity indexes) while its aggregates can be reported', () => {
    const scores = engine.score(LOCATIONS.Toronto!, 1, 2020)!;
    for (const key of SCORE_KEYS) {
      if (['persons', 'property', 'total'].includes(key.crimeType)) continue;
      expect(scores.reported[scoreIndexOf(key)], JSON.stringify(key)).toBe(0);
    }
    expect(scores.reported[at('total', 'national', 'current')]).toBe(1);
  });

  it('does not narrow the band of any crime type from the current period to a projection five years past the data', () => {
    let compared = 0;
    for (const name of ['downtown Chicago', 'rural Illinois', 'Toronto', 'Chelmsford']) {
      for (const methodology of METHODOLOGIES) {
        // The newest release: current = the last data year, so the projection lies five years beyond it.
        const scores = engine.score(LOCATIONS[name]!, methodology, 2026)!;
        for (const crimeType of CRIME_TYPE_KEYS) {
          const ends = (period: ScorePeriod) => [scores.low[at(crimeType, 'national', period)]!, scores.high[at(crimeType, 'national', period)]!] as const;
          const [currentLow, currentHigh] = ends('current');
          const [projectedLow, projectedHigh] = ends('projected');
          // Bands cut off by the top of the scale, or so low that whole-score rounding swamps them, cannot show it.
          if (currentHigh === SCORE_VALUE_MAX || projectedHigh === SCORE_VALUE_MAX || currentLow < 20 || projectedLow < 20) continue;
          const rounding = 0.5 / currentLow + 0.5 / currentHigh + 0.5 / projectedLow + 0.5 / projectedHigh;
          const width = (low: number, high: number) => Math.log(high / low);
          expect(width(projectedLow, projectedHigh), `${name} M${methodology} ${crimeType}`).toBeGreaterThanOrEqual(width(currentLow, currentHigh) - rounding);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('is the same engine when loaded lazily, and loads once per process', () => {
    const lazy = lazyScoringEngine();
    expect(loadScoringEngine()).toBe(engine);
    for (const methodology of METHODOLOGIES) {
      const eager = engine.score(LOCATIONS['downtown Chicago']!, methodology, 2026)!;
      const deferred = lazy.score(LOCATIONS['downtown Chicago']!, methodology, 2026)!;
      expect([...deferred.values]).toEqual([...eager.values]);
      expect([...deferred.reported]).toEqual([...eager.reported]);
    }
    expect(lazy.periodYears(2, 2026)).toEqual(engine.periodYears(2, 2026));
  });
});
