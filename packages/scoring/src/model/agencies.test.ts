import { describe, expect, it } from 'vitest';
import type { AgencyYearRecord } from '../pack/read-tables';
import {
  AgencyGrid,
  FALLBACK_AGENCY_DENSITY,
  MAX_AGENCY_RADIUS_MILES,
  MAX_RELATIVE_TREND,
  MIN_AGENCY_RADIUS_MILES,
  TREND_EVIDENCE,
  agencyRelativeAt,
  buildAgencies,
  jurisdictionRadius,
  type AgencyModel,
} from './agencies';
import { buildAreaSeries } from './series';
import { agencyModel, agencyRecord, agencyYearRows, areaRecord, rateRows, yearRange } from './testing-fixtures';
import { PERSONS, PROPERTY, TOTAL } from './years';

/** A state at 1,000 per 100,000 for every offence, 2000–2019: an agency of 100,000 expects 1,000 of each a year. */
const STATE_AREAS = buildAreaSeries([areaRecord('US-IL', 1, 'S')], rateRows('US-IL', yearRange(2000, 2019), [1000, 1000, 1000, 1000, 1000, 1000, 1000]));
const TOWN = agencyRecord('US-IL-town', 'US-IL', 'US-17001', 40, -89, 3000);

function buildOne(rows: AgencyYearRecord[], options: { exclude?: ReadonlySet<string>; maxYear?: number } = {}): AgencyModel | undefined {
  return buildAgencies([TOWN], rows, STATE_AREAS, options)[0];
}

/** Rows whose counts grow by `logSlope` a year from `start` (same count for each offence). */
function growingRows(from: number, to: number, population: number, start: number, logSlope: number): AgencyYearRecord[] {
  return yearRange(from, to).flatMap((year) => agencyYearRows('US-IL-town', [year], population, Math.round(start * Math.exp(logSlope * (year - from)))));
}

describe('jurisdiction radius', () => {
  it('is the radius of a disc holding the population at the density, within ½ and 20 miles', () => {
    const radius = jurisdictionRadius(100_000, 4000);
    expect(Math.PI * radius * radius * 4000).toBeCloseTo(100_000, 6);
    expect(jurisdictionRadius(100_000, undefined)).toBe(jurisdictionRadius(100_000, FALLBACK_AGENCY_DENSITY));
    expect(jurisdictionRadius(100_000, 0)).toBe(jurisdictionRadius(100_000, FALLBACK_AGENCY_DENSITY));
    expect(jurisdictionRadius(10, 50_000)).toBe(MIN_AGENCY_RADIUS_MILES);
    expect(jurisdictionRadius(1_000_000, 1)).toBe(MAX_AGENCY_RADIUS_MILES);
    // More people at the same density reach further; the same people packed denser reach less far.
    expect(jurisdictionRadius(200_000, 4000)).toBeGreaterThan(radius);
    expect(jurisdictionRadius(100_000, 8000)).toBeLessThan(radius);
  });
});

describe('agency relatives', () => {
  it('pools counts over the reported years against the state\'s expectation, with half an incident of prior', () => {
    // Twice the state's rate for five years: 10,000 observed against 5,000 expected per offence.
    const agency = buildOne(agencyYearRows('US-IL-town', yearRange(2015, 2019), 100_000, 2000))!;
    expect(agency.relative[0]).toBeCloseTo(10_000.5 / 5_000.5, 12);
    expect(agency.count[0]).toBe(10_000);
    expect(agency.expected[0]).toBeCloseTo(5000, 9);
    // Aggregates compare summed counts with summed state rates.
    expect(agency.relative[PERSONS]).toBeCloseTo(40_000.5 / 20_000.5, 12);
    expect(agency.relative[TOTAL]).toBeCloseTo(70_000.5 / 35_000.5, 12);
  });

  it('pulls a relative towards the state (1) the less evidence there is behind it', () => {
    // The same threefold rate measured in ever larger towns.
    const relativeAt = (population: number) => buildOne(agencyYearRows('US-IL-town', [2019], population, (3 * population) / 100))!.relative[0]!;
    const measured = [100, 1000, 10_000, 1_000_000].map(relativeAt);
    for (const relative of measured) {
      expect(relative).toBeGreaterThan(1);
      expect(relative).toBeLessThan(3);
    }
    for (let index = 1; index < measured.length; index++) expect(measured[index]).toBeGreaterThan(measured[index - 1]!);
    expect(measured[3]).toBeCloseTo(3, 2);
    // A town that recorded nothing is not called crime-free.
    expect(buildOne(agencyYearRows('US-IL-town', [2019], 500, 0))!.relative[0]).toBeGreaterThan(0.05);
  });

  it('keeps a key it never reported unknown, along with the aggregates that need it', () => {
    const agency = buildOne(agencyYearRows('US-IL-town', [2018, 2019], 100_000, [10, Number.NaN, 10, 10, 10, 10, 10]))!;
    expect(agency.relative[1]).toBeNaN();
    expect(agency.relative[PERSONS]).toBeNaN();
    expect(agency.relative[TOTAL]).toBeNaN();
    expect(agency.relative[0]).toBeGreaterThan(0);
    expect(agency.relative[PROPERTY]).toBeGreaterThan(0);
  });

  it('describes its years and latest population, skipping years without population', () => {
    const rows = [...agencyYearRows('US-IL-town', [2012, 2014], 40_000, 100), ...agencyYearRows('US-IL-town', [2016], 0, 100), ...agencyYearRows('US-IL-town', [2015], 42_000, 100)];
    const agency = buildOne(rows)!;
    expect([agency.firstYear, agency.lastYear, agency.midYear]).toEqual([2012, 2015, 2013.5]);
    expect(agency.population).toBe(42_000);
    expect(agency.radiusMiles).toBeCloseTo(jurisdictionRadius(42_000, 3000), 12);
  });

  it('leaves out excluded agencies, years after maxYear, and agencies without a state or usable years', () => {
    const rows = agencyYearRows('US-IL-town', yearRange(2010, 2019), 10_000, 100);
    expect(buildOne(rows, { exclude: new Set(['US-IL-town']) })).toBeUndefined();
    expect(buildOne(rows, { maxYear: 2013 })!.lastYear).toBe(2013);
    expect(buildOne(agencyYearRows('US-IL-town', [2019], 0, 100))).toBeUndefined();
    const stateless = agencyRecord('US-XX-nowhere', 'US-XX', 'US-99999', 40, -89);
    expect(buildAgencies([stateless], agencyYearRows('US-XX-nowhere', [2019], 1000, 1), STATE_AREAS)).toEqual([]);
  });
});

describe('agency trends', () => {
  it('fits the trend of the relative and shrinks it by evidence / (evidence + 500)', () => {
    const slope = 0.03;
    const agency = buildOne(growingRows(2010, 2019, 100_000, 1000, slope))!;
    const evidence = agency.count[0]!;
    expect(agency.trend[0]).toBeCloseTo(slope * (evidence / (evidence + TREND_EVIDENCE)), 3);
    // The same growth on a hundredth of the counts is shrunk much harder.
    const small = buildOne(growingRows(2010, 2019, 1000, 10, slope))!;
    expect(Math.abs(small.trend[0]!)).toBeLessThan(agency.trend[0]! / 2);
  });

  it('caps the trend at ±5 % a year and fits none on fewer than three years', () => {
    expect(buildOne(growingRows(2010, 2019, 1_000_000, 10_000, 0.3))!.trend[0]).toBe(MAX_RELATIVE_TREND);
    expect(buildOne(growingRows(2010, 2019, 1_000_000, 10_000, -0.3))!.trend[0]).toBe(-MAX_RELATIVE_TREND);
    expect(buildOne(growingRows(2018, 2019, 1_000_000, 10_000, 0.3))!.trend[0]).toBe(0);
  });

  it('moves the pooled relative along its trend from the middle year, at most eight years either way', () => {
    const agency = agencyModel('US-IL-town', { relativeAll: 2, midYear: 2015 });
    agency.trend[0] = 0.02;
    expect(agencyRelativeAt(agency, 0, 2015)).toBe(2);
    expect(agencyRelativeAt(agency, 0, 2020)).toBeCloseTo(2 * Math.exp(0.1), 12);
    expect(agencyRelativeAt(agency, 0, 2040)).toBeCloseTo(2 * Math.exp(0.16), 12);
    expect(agencyRelativeAt(agency, 0, 1990)).toBeCloseTo(2 * Math.exp(-0.16), 12);
    expect(agencyRelativeAt(agency, 1, 2040)).toBe(2);
  });
});

describe('agency grid', () => {
  it('visits the agencies within a few half-degree cells of a point and no others', () => {
    const near = agencyModel('near', { latitude: 40.1, longitude: -89.2 });
    const edge = agencyModel('edge', { latitude: 40.9, longitude: -88.1 });
    const far = agencyModel('far', { latitude: 42, longitude: -89 });
    const grid = new AgencyGrid([near, edge, far]);
    const seen: string[] = [];
    grid.near(40.2, -88.9, (agency) => seen.push(agency.key));
    expect(seen.sort()).toEqual(['edge', 'near']);
  });

  it("visits one state's agencies near a point in the order near() visits them, and no other state's", () => {
    const agencies = [
      agencyModel('b', { stateKey: 'US-IL', latitude: 40.1, longitude: -88.2 }),
      agencyModel('x', { stateKey: 'US-IN', latitude: 40.1, longitude: -88.1 }),
      agencyModel('a', { stateKey: 'US-IL', latitude: 40.1, longitude: -88.3 }),
      agencyModel('c', { stateKey: 'US-IL', latitude: 40.6, longitude: -88.9 }),
    ];
    const grid = new AgencyGrid(agencies);
    const all: string[] = [];
    grid.near(40.2, -88.5, (agency) => all.push(agency.key));
    const inState: string[] = [];
    grid.nearInState(40.2, -88.5, 'US-IL', (agency) => inState.push(agency.key));
    expect(inState).toEqual(all.filter((key) => key !== 'x'));
    expect(inState.sort()).toEqual(['a', 'b', 'c']);
  });
});
