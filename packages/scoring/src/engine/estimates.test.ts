import { describe, expect, it } from 'vitest';
import type { ScoringLocation } from '@riskatlas/domain';
import { AgencyGrid, agencyRelativeAt, type AgencyModel } from '../model/agencies';
import type { ScoringModel } from '../model/build-model';
import { defaultCombination } from '../model/combination';
import { SettlementGrid } from '../model/settlements';
import { ALL_INCIDENTS, neighbourhood } from '../model/incidents';
import { rateAt, reportedAt } from '../model/series';
import { agencyModel, knownPredictorModel } from '../model/testing-fixtures';
import { RATE_COUNT, TOTAL } from '../model/years';
import { periodYearsOf } from './create-engine';
import {
  ESTIMATE_SLOTS,
  INCIDENT_PRIOR,
  INCIDENT_RADIUS_MILES,
  areaEstimate,
  compositeEstimate,
  incidentDensityEstimate,
  interpolationEstimate,
  memberships,
  predictorsEstimate,
  type LocalEstimate,
} from './estimates';
import { ownInputsOf } from './combination-inputs';
import { locateAreas } from './locate-areas';
import {
  AT_BIGTOWN,
  BIGTOWN_OUTSKIRTS,
  FAR_IN_DENSE,
  IN_BLANK,
  IN_TINY,
  PR_PREDICTED_RELATIVE,
  PREDICTED_SD,
  RURAL_ONTARIO,
  SAN_JUAN,
  SAN_JUAN_NO_INCIDENTS,
  SAN_JUAN_SPARSE,
  TORONTO,
  UNKNOWN_COUNTY,
  US_PREDICTED_RELATIVE,
  testingWorld,
} from './testing-world';

const WORLD = testingWorld();
/** Release 2020 in the USA: past 2014, current 2019 (the last data year), projected 2024. */
const US_YEARS = periodYearsOf(WORLD, 1, 2020);
/** Puerto Rico's data end in 2013: past 2008, current 2013, projected 2018. */
const PR_YEARS = periodYearsOf(WORLD, 6, 2020);
const HOMICIDE = 0;
const BURGLARY = 4;

const slot = (rateIndex: number, period: number) => rateIndex * 3 + period;
const areasOf = (location: ScoringLocation, model: ScoringModel = WORLD) => locateAreas(model, location)!;
const state = (model: ScoringModel = WORLD) => model.areas.get('US-IL')!;
/** The flags of one rate key's three periods. */
const flags = (estimate: LocalEstimate, rateIndex: number) => [0, 1, 2].map((period) => estimate.reported[slot(rateIndex, period)]);
/** A model whose only agencies are the given ones. */
const withAgencies = (...agencies: AgencyModel[]) =>
  testingWorld({ agencies, agencyGrid: new AgencyGrid(agencies), agencyByKey: new Map(agencies.map((agency) => [agency.key, agency])) });

function interpolation(location: ScoringLocation, model: ScoringModel = WORLD, years: readonly number[] = US_YEARS): LocalEstimate {
  return interpolationEstimate(model, location, areasOf(location, model), years);
}

describe('the area estimate (no local information)', () => {
  it('takes the finest area with data as it is: its rates, its reported years, and the spread for its size', () => {
    const model = testingWorld({ localSpread: new Float64Array(RATE_COUNT).fill(0.2), stateSpread: new Float64Array(RATE_COUNT).fill(0.7) });
    const years = periodYearsOf(model, 2, 2020);
    const inCma = areaEstimate(model, areasOf(TORONTO, model), years);
    const cma = model.areas.get('CA-CMA-1')!;
    for (let period = 0; period < 3; period++) {
      expect(inCma.logRate[slot(TOTAL, period)]).toBeCloseTo(Math.log(rateAt(cma, TOTAL, years[period]!)), 12);
      expect(inCma.reported[slot(TOTAL, period)]).toBe(reportedAt(cma, TOTAL, years[period]!) ? 1 : 0);
    }
    expect(flags(inCma, TOTAL)).toEqual([1, 1, 0]);
    // A county-sized area leaves the local spread; a province the wider spread of places around their state.
    expect(inCma.se[slot(TOTAL, 1)]).toBe(0.2);
    expect(areaEstimate(model, areasOf(RURAL_ONTARIO, model), years).se[slot(TOTAL, 1)]).toBe(0.7);
  });
});

describe('agency memberships', () => {
  it('belong fully near an agency\'s centre, half at the edge of its disc, fading beyond and gone past 1 %', () => {
    const agency = agencyModel('US-IL-a', { latitude: 40, longitude: -89, radiusMiles: 2 });
    const model = withAgencies(agency, agencyModel('US-IN-b', { stateKey: 'US-IN', latitude: 40, longitude: -89 }));
    const northBy = (miles: number): ScoringLocation => ({ latitude: 40 + miles / 69.09, longitude: -89, countryId: 1 });
    const weightAt = (miles: number) => memberships(model, northBy(miles), 'US-IL').find((member) => member.agency === agency)?.weight ?? 0;
    expect(weightAt(0)).toBeGreaterThan(0.95);
    expect(weightAt(2)).toBeCloseTo(0.5, 6);
    expect(memberships(model, northBy(1), 'US-IL')[0]!.distance).toBeCloseTo(1, 6);
    let previous = 1;
    for (const miles of [0.5, 1, 2, 3, 4]) {
      expect(weightAt(miles)).toBeLessThan(previous);
      previous = weightAt(miles);
    }
    expect(weightAt(6)).toBe(0);
    // Another state's agency at the same point is never a member.
    expect(memberships(model, northBy(0), 'US-IL').map((member) => member.agency.key)).toEqual(['US-IL-a']);
  });

  it('finds every agency whose disc reaches a point, at high latitudes too', () => {
    // A 20-mile disc 30 miles east of a point at the east edge of its grid cell, at 65° N (Alaska).
    const point: ScoringLocation = { latitude: 65, longitude: -146.501, countryId: 1 };
    const agency = agencyModel('US-AK-a', { stateKey: 'US-AK', latitude: 65, longitude: -146.501 + 30 / (69.09 * Math.cos((65 * Math.PI) / 180)), radiusMiles: 20 });
    expect(memberships(withAgencies(agency), point, 'US-AK')).toHaveLength(1);
    // And at the reach's end in latitude: 35 miles due north.
    const north = agencyModel('US-AK-b', { stateKey: 'US-AK', latitude: 65.249 + 35 / 69.09, longitude: -146.501, radiusMiles: 20 });
    expect(memberships(withAgencies(north), { ...point, latitude: 65.249 }, 'US-AK')).toHaveLength(1);
  });

});

describe('methodology 1: reported interpolation', () => {
  it('is the area estimate outside the USA', () => {
    const years = periodYearsOf(WORLD, 2, 2020);
    expect(interpolation(TORONTO, WORLD, years)).toEqual(areaEstimate(WORLD, areasOf(TORONTO), years));
  });

  it('away from every agency, is the county remainder\'s rate relative to the state, for each period\'s state rate', () => {
    const estimate = interpolation(FAR_IN_DENSE);
    const remainder = WORLD.countyRemainders.get('US-17001')!;
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      for (let period = 0; period < 3; period++) {
        const expected = Math.log(remainder.relative[rateIndex]! * rateAt(state(), rateIndex, US_YEARS[period]!));
        expect(estimate.logRate[slot(rateIndex, period)]).toBeCloseTo(expected, 12);
      }
    }
    expect(estimate.radius2).toBe(0);
    // The county's 2012 relative is reported for 2012 alone: 2014, 2019 and 2024 carry it.
    expect(flags(estimate, TOTAL)).toEqual([0, 0, 0]);
    expect(flags(interpolation(FAR_IN_DENSE, WORLD, periodYearsOf(WORLD, 1, 2013)), TOTAL)).toEqual([0, 1, 0]);
  });

  it('inside an agency\'s jurisdiction, mixes the agency\'s relative by membership with the remainder for the rest', () => {
    const estimate = interpolation(AT_BIGTOWN);
    const [member] = memberships(WORLD, AT_BIGTOWN, 'US-IL');
    const remainder = WORLD.countyRemainders.get('US-17001')!;
    const agency = member!.agency;
    for (const rateIndex of [HOMICIDE, BURGLARY, TOTAL]) {
      const relative = member!.weight * agencyRelativeAt(agency, rateIndex, US_YEARS[1]!) + (1 - member!.weight) * remainder.relative[rateIndex]!;
      expect(estimate.logRate[slot(rateIndex, 1)]).toBeCloseTo(Math.log(relative * rateAt(state(), rateIndex, US_YEARS[1]!)), 12);
    }
    // Bigtown reported 2010–2019: its relative stands for 2005–2024, reported where the state reported (not 2024).
    expect(flags(estimate, TOTAL)).toEqual([1, 1, 0]);
  });

  it('rises with the agency\'s relative, and averages overlapping agencies whose memberships add up past 1', () => {
    const at = (relative: number) => withAgencies(agencyModel('US-IL-a', { relativeAll: relative }));
    const place: ScoringLocation = { ...AT_BIGTOWN, latitude: 40, longitude: -89 };
    const low = interpolation(place, at(2)).logRate[slot(TOTAL, 1)]!;
    const high = interpolation(place, at(4)).logRate[slot(TOTAL, 1)]!;
    expect(high).toBeGreaterThan(low);
    const both = withAgencies(agencyModel('US-IL-a', { relativeAll: 2 }), agencyModel('US-IL-b', { relativeAll: 4 }));
    expect(interpolation(place, both).logRate[slot(TOTAL, 1)]).toBeCloseTo(Math.log(3 * rateAt(state(both), TOTAL, US_YEARS[1]!)), 12);
  });

  it('carries an agency\'s trend into each period', () => {
    const agency = agencyModel('US-IL-a', { relativeAll: 2, midYear: 2016 });
    agency.trend.fill(0.02);
    const estimate = interpolation({ ...AT_BIGTOWN, latitude: 40, longitude: -89 }, withAgencies(agency));
    const relativeOf = (period: number) => Math.exp(estimate.logRate[slot(TOTAL, period)]!) / rateAt(state(), TOTAL, US_YEARS[period]!);
    expect(relativeOf(0)).toBeLessThan(relativeOf(1));
    expect(relativeOf(1)).toBeLessThan(relativeOf(2));
  });

  it('narrows the band with the evidence behind it and widens it where neither agencies nor county data cover the point', () => {
    const spread = WORLD.localSpread[HOMICIDE]!;
    const dense = interpolation(FAR_IN_DENSE).se[slot(HOMICIDE, 1)]!;
    const tiny = interpolation(IN_TINY).se[slot(HOMICIDE, 1)]!;
    const unknown = interpolation(UNKNOWN_COUNTY);
    expect(tiny).toBeGreaterThan(dense);
    expect(dense).toBeGreaterThan(spread);
    // No county, no agency: the state's average, no evidence, and the missing local spread on top.
    expect(unknown.se[slot(HOMICIDE, 1)]).toBeCloseTo(Math.sqrt(1 + 2 * spread * spread), 12);
    expect(unknown.logRate[slot(HOMICIDE, 1)]).toBeCloseTo(Math.log(rateAt(state(), HOMICIDE, US_YEARS[1]!)), 12);
    expect([...unknown.reported].every((flag) => flag === 0)).toBe(true);
    // A tiny county's one-year rate is mostly prior: pulled far towards its state's.
    const tinyRelative = WORLD.countyRemainders.get('US-17003')!.relative[HOMICIDE]!;
    expect(tinyRelative).toBeGreaterThan(1);
    expect(tinyRelative).toBeLessThan(1.2);
  });

  it('gives a point in a county without data as wide a band as a point in an unknown county', () => {
    expect(interpolation(IN_BLANK).se[slot(TOTAL, 1)]).toBeCloseTo(interpolation(UNKNOWN_COUNTY).se[slot(TOTAL, 1)]!, 12);
  });


  it('flags a county without data imputed (its remainder is not reported data)', () => {
    expect([...interpolation(IN_BLANK).reported].every((flag) => flag === 0)).toBe(true);
  });
});

describe('methodology 4: predictors only', () => {
  it('predicts the rate relative to the state from the county\'s predictors, never reported, with the fit\'s residual spread', () => {
    const estimate = predictorsEstimate(WORLD, AT_BIGTOWN, areasOf(AT_BIGTOWN), US_YEARS);
    for (let period = 0; period < 3; period++) {
      const expected = Math.log(US_PREDICTED_RELATIVE * rateAt(state(), BURGLARY, US_YEARS[period]!));
      expect(estimate.logRate[slot(BURGLARY, period)]).toBeCloseTo(expected, 12);
    }
    expect([...estimate.se]).toEqual(new Array<number>(ESTIMATE_SLOTS).fill(PREDICTED_SD));
    expect([...estimate.reported].every((flag) => flag === 0)).toBe(true);
  });

  it('uses the density at the point (the county\'s when unknown), clamped to the span the model was fitted on', () => {
    const model = testingWorld({ usPredictorModel: knownPredictorModel(0, PREDICTED_SD, 0.2, { min: Math.log1p(100), max: Math.log1p(10_000) }) });
    const at = (populationDensity: number | undefined) =>
      predictorsEstimate(model, { ...FAR_IN_DENSE, populationDensity }, areasOf(FAR_IN_DENSE, model), US_YEARS).logRate[slot(TOTAL, 1)]!;
    expect(at(4000)).toBeGreaterThan(at(1000));
    expect(at(4000) - at(1000)).toBeCloseTo(0.2 * (Math.log1p(4000) - Math.log1p(1000)), 12);
    expect(at(1e6)).toBe(at(10_000));
    expect(at(1)).toBe(at(100));
    // The county's predictors record holds 1,000 persons per sq mi.
    expect(at(undefined)).toBe(at(1000));
  });

  it('predicts Puerto Rico relative to the island', () => {
    const estimate = predictorsEstimate(WORLD, SAN_JUAN, areasOf(SAN_JUAN), PR_YEARS);
    const island = WORLD.areas.get('PR')!;
    expect(estimate.logRate[slot(TOTAL, 1)]).toBeCloseTo(Math.log(PR_PREDICTED_RELATIVE * rateAt(island, TOTAL, PR_YEARS[1]!)), 12);
  });

  it('falls back to the area\'s own rate with a 25 % wider band, imputed, where no predictors exist', () => {
    const years = periodYearsOf(WORLD, 2, 2020);
    const fallback = predictorsEstimate(WORLD, TORONTO, areasOf(TORONTO), years);
    const area = areaEstimate(WORLD, areasOf(TORONTO), years);
    expect([...fallback.logRate]).toEqual([...area.logRate]);
    for (let index = 0; index < ESTIMATE_SLOTS; index++) expect(fallback.se[index]).toBeCloseTo(1.25 * area.se[index]!, 12);
    expect([...fallback.reported].every((flag) => flag === 0)).toBe(true);
    // A US county missing from the predictors table falls back the same way.
    const blank = predictorsEstimate(WORLD, IN_BLANK, areasOf(IN_BLANK), US_YEARS);
    expect(blank.logRate[slot(TOTAL, 1)]).toBeCloseTo(Math.log(rateAt(state(), TOTAL, US_YEARS[1]!)), 12);
  });
});

describe('methodology 2: composite (learned combination)', () => {
  it('is the interpolation itself where no predictors exist', () => {
    const years = periodYearsOf(WORLD, 2, 2020);
    expect(compositeEstimate(WORLD, TORONTO, areasOf(TORONTO), years)).toEqual(interpolation(TORONTO, WORLD, years));
  });

  it('stacks the prior from the combination\'s coefficients where no agency covers the point', () => {
    // A combination that is the predictors alone, with a unit prior SD and band scale 2.
    const combination = defaultCombination();
    for (const group of combination.groups) {
      group.coefficients.set([0, 0, 0, 0, 0, 0, 0, 1]);
      group.priorSd = 1;
    }
    combination.bandScale[2].fill(2);
    const model = testingWorld({ combination });
    const location = IN_BLANK;
    const areas = areasOf(location, model);
    const composite = compositeEstimate(model, location, areas, US_YEARS);
    const predicted = predictorsEstimate(model, location, areas, US_YEARS);
    expect(composite.logRate[slot(BURGLARY, 1)]).toBeCloseTo(predicted.logRate[slot(BURGLARY, 1)]!, 12);
    expect(composite.se[slot(BURGLARY, 1)]).toBeCloseTo(2, 12);
  });

  it('follows a well-measured covering agency\'s own recent record at its point, and is reported there', () => {
    const agency = agencyModel('US-IL-a', { relativeAll: 3, countAll: 100_000, radiusMiles: 5 });
    const model = withAgencies(agency);
    const at = { ...AT_BIGTOWN, latitude: agency.latitude, longitude: agency.longitude };
    const composite = compositeEstimate(model, at, areasOf(at, model), US_YEARS);
    const stateLog = Math.log(rateAt(state(), BURGLARY, US_YEARS[1]!));
    // The default combination's prior SD 0.7 against a year-to-year SD 0.15: the agency carries 95 % of the weight.
    expect(composite.logRate[slot(BURGLARY, 1)]! - stateLog).toBeGreaterThan(0.95 * Math.log(3));
    expect(composite.logRate[slot(BURGLARY, 1)]! - stateLog).toBeLessThan(Math.log(3));
    expect(composite.reported[slot(BURGLARY, 1)]).toBe(1);
  });

  it('scales the band at a reporting agency\'s own point by the own-point scale, elsewhere by the other', () => {
    const agency = agencyModel('US-IL-a', { relativeAll: 3, countAll: 100_000, radiusMiles: 5 });
    const agencies = [agency];
    const world = (combination: ReturnType<typeof defaultCombination>) =>
      testingWorld({ agencies, agencyGrid: new AgencyGrid(agencies), agencyByKey: new Map(agencies.map((item) => [item.key, item])), combination });
    const plain = defaultCombination();
    const scaled = defaultCombination();
    scaled.ownPointBandScale[1].base.fill(0.5);
    scaled.ownPointBandScale[2].base.fill(0.5);
    const at = { ...AT_BIGTOWN, latitude: agency.latitude, longitude: agency.longitude };
    for (const estimate of [compositeEstimate, interpolationEstimate]) {
      const se = (combination: ReturnType<typeof defaultCombination>, location: ScoringLocation) => {
        const model = world(combination);
        return estimate(model, location, areasOf(location, model), US_YEARS).se[slot(BURGLARY, 1)]!;
      };
      expect(se(scaled, at)).toBeCloseTo(se(plain, at) / 2, 12);
      expect(se(scaled, IN_BLANK)).toBeCloseTo(se(plain, IN_BLANK), 12);
    }
  });

  it('widens the bands of methodologies 2 and 4 where no reporting agency covers the point for a small place, narrows them for a large one', () => {
    const combination = defaultCombination();
    combination.bandByPopulation[2].fill(-0.1);
    combination.bandByPopulation[4].fill(-0.1);
    // A town of 1,000 people at IN_TINY, a city of a million at FAR_IN_DENSE; no agency covers either.
    const settlements = new SettlementGrid([
      { latitude: IN_TINY.latitude, longitude: IN_TINY.longitude, population: 1_000 },
      { latitude: FAR_IN_DENSE.latitude, longitude: FAR_IN_DENSE.longitude, population: 1_000_000 },
    ]);
    const sloped = testingWorld({ combination, settlements });
    const flat = testingWorld();
    const se = (estimate: typeof compositeEstimate, model: ScoringModel, location: ScoringLocation) => estimate(model, location, areasOf(location, model), US_YEARS).se[slot(BURGLARY, 1)]!;
    for (const estimate of [compositeEstimate, predictorsEstimate]) {
      // log(1,000) − log(10,000) = −log 10: the scale 1 + 0.1 × log 10; a million: 1 − 0.1 × log 100.
      expect(se(estimate, sloped, IN_TINY)).toBeCloseTo(se(estimate, flat, IN_TINY) * (1 + 0.1 * Math.log(10)), 12);
      expect(se(estimate, sloped, FAR_IN_DENSE)).toBeCloseTo(se(estimate, flat, FAR_IN_DENSE) * (1 - 0.1 * Math.log(100)), 12);
    }
    // At a reporting agency's own point the size of the place plays no part (its own evidence does).
    const agency = agencyModel('US-IL-a', { relativeAll: 3, countAll: 100_000, radiusMiles: 5 });
    const at = { ...AT_BIGTOWN, latitude: agency.latitude, longitude: agency.longitude };
    const ownSettlement = new SettlementGrid([{ latitude: at.latitude, longitude: at.longitude, population: 1_000 }]);
    const withAgency = (extra: Partial<ScoringModel>) => testingWorld({ agencies: [agency], agencyGrid: new AgencyGrid([agency]), agencyByKey: new Map([[agency.key, agency]]), ...extra });
    expect(se(compositeEstimate, withAgency({ combination, settlements: ownSettlement }), at)).toBeCloseTo(se(compositeEstimate, withAgency({}), at), 12);
  });

  it('sizes methodology 1\'s band at a reporting agency\'s own point by the evidence of that agency, not of every overlapping disc', () => {
    const city = agencyModel('US-IL-a', { relativeAll: 1, countAll: 50, radiusMiles: 5 });
    // A larger neighbour whose disc reaches the city's centre (4 miles from its own, radius 5).
    const neighbour = { ...agencyModel('US-IL-b', { relativeAll: 1, countAll: 2000, radiusMiles: 5 }), latitude: city.latitude + 4 / 69.09 };
    const combination = defaultCombination();
    combination.ownPointBandScale[1].byEvidence.fill(-0.1);
    const at = { ...AT_BIGTOWN, latitude: city.latitude, longitude: city.longitude };
    const agencies = [city, neighbour];
    const modelOf = (chosen: ReturnType<typeof defaultCombination>) => testingWorld({ agencies, agencyGrid: new AgencyGrid(agencies), agencyByKey: new Map(agencies.map((item) => [item.key, item])), combination: chosen });
    const se = (chosen: ReturnType<typeof defaultCombination>) => {
      const model = modelOf(chosen);
      return interpolationEstimate(model, at, areasOf(at, model), US_YEARS).se[slot(BURGLARY, 1)]!;
    };
    const scale = se(combination) / se(defaultCombination());
    const members = memberships(modelOf(combination), at, 'US-IL');
    const own = ownInputsOf(members).ownExpected[BURGLARY]!;
    const summed = members.reduce((sum, member) => sum + member.weight * member.agency.count[BURGLARY]!, 0);
    expect(scale).toBeCloseTo(1 - 0.1 * (Math.log1p(own) - 4), 12);
    // The city's 50 incidents speak, not the 1,400-odd its neighbour's disc adds: a wider band.
    expect(own).toBeLessThan(summed / 5);
    expect(scale).toBeGreaterThan(1 - 0.1 * (Math.log1p(summed) - 4) + 0.1);
  });

  it('trusts a covering agency less the fewer incidents are behind it', () => {
    const pull = (countAll: number) => {
      const agency = agencyModel('US-IL-a', { relativeAll: 3, countAll, radiusMiles: 5 });
      const model = withAgencies(agency);
      const at = { ...AT_BIGTOWN, latitude: agency.latitude, longitude: agency.longitude };
      return compositeEstimate(model, at, areasOf(at, model), US_YEARS).logRate[slot(BURGLARY, 1)]!;
    };
    expect(pull(100_000)).toBeGreaterThan(pull(3));
  });
});

describe('methodology 3: incident density', () => {
  it('is the interpolation flagged imputed where no incident set covers the point', () => {
    for (const location of [FAR_IN_DENSE, SAN_JUAN_NO_INCIDENTS]) {
      const years = location.countryId === 6 ? PR_YEARS : US_YEARS;
      const density = incidentDensityEstimate(WORLD, location, areasOf(location), years);
      const base = interpolation(location, WORLD, years);
      expect([...density.logRate]).toEqual([...base.logRate]);
      expect([...density.se]).toEqual([...base.se]);
      expect([...density.reported].every((flag) => flag === 0)).toBe(true);
    }
  });

  it('scales the reference rate by the incidents within half a mile against the set\'s typical count, pulled towards the all-incident ratio', () => {
    const estimate = incidentDensityEstimate(WORLD, SAN_JUAN, areasOf(SAN_JUAN), PR_YEARS);
    const set = WORLD.incidentSets.find((candidate) => candidate.key === 'pr-set')!;
    const around = neighbourhood(set, SAN_JUAN.latitude, SAN_JUAN.longitude, INCIDENT_RADIUS_MILES)!;
    const overall = (around.observed[ALL_INCIDENTS]! + INCIDENT_PRIOR) / (around.expected[ALL_INCIDENTS]! + INCIDENT_PRIOR);
    const island = WORLD.areas.get('PR')!;
    const ratio = (around.observed[BURGLARY]! + INCIDENT_PRIOR * overall) / (around.expected[BURGLARY]! + INCIDENT_PRIOR);
    expect(estimate.logRate[slot(BURGLARY, 1)]).toBeCloseTo(Math.log(rateAt(island, BURGLARY, PR_YEARS[1]!) * ratio), 12);
    const spread = WORLD.localSpread[BURGLARY]! * 0.25;
    expect(estimate.se[slot(BURGLARY, 1)]).toBeCloseTo(Math.sqrt(1 / (around.observed[BURGLARY]! + INCIDENT_PRIOR) + spread * spread), 12);
    // An offence the set never records takes the neighbourhood's all-incident ratio rather than zero.
    expect(estimate.logRate[slot(HOMICIDE, 1)]).toBeCloseTo(Math.log(rateAt(island, HOMICIDE, PR_YEARS[1]!) * overall), 12);
    expect([estimate.radius1, estimate.radius2]).toEqual([0, INCIDENT_RADIUS_MILES]);
    // Reported as the interpolation is: San Juan's own data run 2010–2013.
    expect(flags(estimate, BURGLARY)).toEqual([0, 1, 0]);
  });

  it('scores a busier neighbourhood higher than a quieter one of the same set', () => {
    const busy = incidentDensityEstimate(WORLD, SAN_JUAN, areasOf(SAN_JUAN), PR_YEARS);
    const quiet = incidentDensityEstimate(WORLD, SAN_JUAN_SPARSE, areasOf(SAN_JUAN_SPARSE), PR_YEARS);
    for (const rateIndex of [BURGLARY, TOTAL]) expect(busy.logRate[slot(rateIndex, 1)]).toBeGreaterThan(quiet.logRate[slot(rateIndex, 1)]!);
  });

  it('uses a US agency\'s set only inside its jurisdiction, relative to the agency\'s own rate', () => {
    const inside = incidentDensityEstimate(WORLD, AT_BIGTOWN, areasOf(AT_BIGTOWN), US_YEARS);
    expect(inside.radius2).toBe(INCIDENT_RADIUS_MILES);
    const set = WORLD.incidentSets.find((candidate) => candidate.key === 'bigtown-set')!;
    const around = neighbourhood(set, AT_BIGTOWN.latitude, AT_BIGTOWN.longitude, INCIDENT_RADIUS_MILES)!;
    const overall = (around.observed[ALL_INCIDENTS]! + INCIDENT_PRIOR) / (around.expected[ALL_INCIDENTS]! + INCIDENT_PRIOR);
    const ratio = (around.observed[TOTAL]! + INCIDENT_PRIOR * overall) / (around.expected[TOTAL]! + INCIDENT_PRIOR);
    const agency = WORLD.agencyByKey.get('US-IL-bigtown')!;
    const reference = agencyRelativeAt(agency, TOTAL, US_YEARS[1]!) * rateAt(state(), TOTAL, US_YEARS[1]!);
    expect(inside.logRate[slot(TOTAL, 1)]).toBeCloseTo(Math.log(reference * ratio), 12);
    // The outskirts hold incidents of the same set, but lie mostly outside Bigtown's jurisdiction.
    const [member] = memberships(WORLD, BIGTOWN_OUTSKIRTS, 'US-IL');
    expect(member!.weight).toBeLessThan(0.5);
    const outskirts = incidentDensityEstimate(WORLD, BIGTOWN_OUTSKIRTS, areasOf(BIGTOWN_OUTSKIRTS), US_YEARS);
    expect([...outskirts.logRate]).toEqual([...interpolation(BIGTOWN_OUTSKIRTS).logRate]);
    expect([...outskirts.reported].every((flag) => flag === 0)).toBe(true);
  });
});
