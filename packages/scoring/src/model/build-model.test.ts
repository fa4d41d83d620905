import { describe, expect, it } from 'vitest';
import type { AgencyRecord, AgencyYearRecord, AreaRateRecord } from '../pack/read-tables';
import { COUNT_PRIOR, buildScoringModel } from './build-model';
import { agencyRecord, agencyYearRows, areaRecord, predictorRecord, rateRows, scoringTables, yearRange } from './testing-fixtures';
import { RATE_COUNT, TOTAL, YEAR_MAX } from './years';

/** Nation 100, state 120, county 180 per 100,000 for each offence; the county's one data year is 2012. */
const US_AREAS = [
  areaRecord('US', 1, 'N'),
  areaRecord('US-IL', 1, 'S', 'US'),
  areaRecord('US-17001', 1, 'C', 'US-IL', { population: 1_000_000 }),
  areaRecord('US-17005', 1, 'C', 'US-IL', { population: 50_000 }),
];
const US_RATES = [
  ...rateRows('US', yearRange(2000, 2019), [100, 100, 100, 100, 100, 100, 100]),
  ...rateRows('US-IL', yearRange(2000, 2019), [120, 120, 120, 120, 120, 120, 120]),
  ...rateRows('US-17001', [2012], [180, 180, 180, 180, 180, 180, 180]),
];
/** The county's own relative to its state for an offence, with the count prior: (1,800 + ½) / (1,200 + ½). */
const Q_COUNTY = (1800 + COUNT_PRIOR) / (1200 + COUNT_PRIOR);

/** One agency in US-17001 of `population` at `multiple` times the state's rate, 2010–2019. */
function withAgency(population: number, multiple: number) {
  const agencies: AgencyRecord[] = [agencyRecord('US-IL-a', 'US-IL', 'US-17001', 40, -89)];
  const agencyYears = agencyYearRows('US-IL-a', yearRange(2010, 2019), population, (multiple * 120 * population) / 100_000);
  return buildScoringModel(scoringTables({ areas: US_AREAS, areaRates: US_RATES, agencies, agencyYears }));
}

/** `count` agencies in US-17001 with predictors for the county, alternately at 2× and ½× the state's rate. */
function manyAgencies(count: number) {
  const agencies: AgencyRecord[] = [];
  const agencyYears: AgencyYearRecord[] = [];
  for (let index = 0; index < count; index++) {
    const key = `US-IL-a${index}`;
    agencies.push(agencyRecord(key, 'US-IL', 'US-17001', 40 + index * 0.01, -89, 500 + 100 * index));
    agencyYears.push(...agencyYearRows(key, yearRange(2015, 2019), 1_000_000, (index % 2 === 0 ? 2 : 0.5) * 1200));
  }
  return buildScoringModel(scoringTables({ areas: US_AREAS, areaRates: US_RATES, agencies, agencyYears, predictors: [predictorRecord('US-17001')] }));
}

describe('building the model: areas and data years', () => {
  it('finds each country\'s national area and the latest year of its data', () => {
    const rows: AreaRateRecord[] = [
      ...US_RATES,
      // Mexico's total is never given: its latest year of any key stands in.
      { areaKey: 'MX', year: 2021, rates: Float64Array.from([5, ...new Array<number>(RATE_COUNT - 1).fill(Number.NaN)]), coverage: ['r', '-', '-', '-', '-', '-', '-', '-', '-', '-'] },
    ];
    const model = buildScoringModel(scoringTables({ areas: [...US_AREAS, areaRecord('MX', 5, 'N'), areaRecord('CA', 2, 'N')], areaRates: rows }));
    expect(model.national.get(1)!.key).toBe('US');
    expect(model.lastDataYear.get(1)).toBe(2019);
    expect(model.lastDataYear.get(5)).toBe(2021);
    // No data at all: the model's last year, so releases are not held back.
    expect(model.lastDataYear.get(2)).toBe(YEAR_MAX);
  });

  it('collects Canadian metropolitan areas with a centre and radius, and the UK lookups', () => {
    const model = buildScoringModel(
      scoringTables({
        areas: [
          areaRecord('CA', 2, 'N'),
          areaRecord('CA-ON', 2, 'S', 'CA'),
          areaRecord('CA-CMA-1', 2, 'C', 'CA-ON', { latitude: 43.65, longitude: -79.38, radiusKm: 40 }),
          areaRecord('CA-CMA-2', 2, 'C', 'CA-ON'),
        ],
        localAuthorities: [{ laCode: 'E07000070', name: 'Chelmsford', pfaKey: 'GB-PFA-essex', population: 180_000 }],
        outcodes: [{ outcode: 'CM1', pfaKey: 'GB-PFA-essex' }],
      }),
    );
    expect(model.metropolitanAreas.map((area) => area.key)).toEqual(['CA-CMA-1']);
    expect(model.localAuthorities.get('E07000070')!.pfaKey).toBe('GB-PFA-essex');
    expect(model.forceOfOutcode.get('CM1')).toBe('GB-PFA-essex');
  });

  it('is deterministic: the same tables give the same numbers', () => {
    const a = manyAgencies(12);
    const b = manyAgencies(12);
    expect([...a.localSpread]).toEqual([...b.localSpread]);
    expect([...a.countyRemainders.get('US-17001')!.relative]).toEqual([...b.countyRemainders.get('US-17001')!.relative]);
    expect(a.agencies.map((agency) => [...agency.relative])).toEqual(b.agencies.map((agency) => [...agency.relative]));
  });
});

describe('building the model: county remainders', () => {
  it('without agencies, is the county\'s own relative to its state (with one incident\'s prior)', () => {
    const model = buildScoringModel(scoringTables({ areas: US_AREAS, areaRates: US_RATES }));
    const remainder = model.countyRemainders.get('US-17001')!;
    expect(remainder.year).toBe(2012);
    expect(remainder.countyRelative[0]).toBeCloseTo(Q_COUNTY, 12);
    expect(remainder.relative[0]).toBeCloseTo(Q_COUNTY, 12);
    // Its evidence: the incidents a year at that relative over the county's population.
    expect(remainder.count[0]).toBeCloseTo((Q_COUNTY * 120 * 1_000_000) / 100_000, 9);
  });

  it('takes out the placed agencies\' share: county = agencies + remainder, population-weighted', () => {
    const model = withAgency(200_000, 3);
    const agency = model.agencyByKey.get('US-IL-a')!;
    const remainder = model.countyRemainders.get('US-17001')!;
    const expected = (Q_COUNTY * 1_000_000 - 200_000 * agency.relative[0]!) / 800_000;
    expect(remainder.relative[0]).toBeCloseTo(expected, 12);
    expect(remainder.relative[0]).toBeLessThan(Q_COUNTY);
    expect(remainder.count[0]).toBeCloseTo((expected * 120 * 800_000) / 100_000, 9);
  });

  it('keeps the remainder within 0.1× and 1.5× the county\'s relative, and uses the county\'s own where agencies cover 95 %', () => {
    expect(withAgency(200_000, 10).countyRemainders.get('US-17001')!.relative[0]).toBeCloseTo(0.1 * Q_COUNTY, 12);
    expect(withAgency(600_000, 0.01).countyRemainders.get('US-17001')!.relative[0]).toBeCloseTo(1.5 * Q_COUNTY, 12);
    const covered = withAgency(960_000, 3).countyRemainders.get('US-17001')!;
    expect(covered.relative[0]).toBeCloseTo(Q_COUNTY, 12);
    // The evidence of such a sliver is counted over at least 5 % of the county.
    expect(covered.count[0]).toBeCloseTo((Q_COUNTY * 120 * 50_000) / 100_000, 9);
  });

  it('marks the remainder of a county without data of its own unknown (NaN), with no evidence', () => {
    const model = withAgency(200_000, 3);
    const blank = model.countyRemainders.get('US-17005')!;
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      expect(blank.relative[rateIndex]).toBeNaN();
      expect(blank.countyRelative[rateIndex]).toBeNaN();
      expect(blank.count[rateIndex]).toBe(0);
    }
    expect(model.countyRemainders.get('US-17005')!.relative[TOTAL]).toBeNaN();
  });

  it('pools every observed county year, and takes excluded agencies out of every county year when asked (leak-free)', () => {
    const rates = [...US_RATES, ...rateRows('US-17001', [2015, 2017], [240, 240, 240, 240, 240, 240, 240])];
    const agencies: AgencyRecord[] = [agencyRecord('US-IL-a', 'US-IL', 'US-17001', 40, -89)];
    // The agency holds half the county's people and all of its crime above the state's rate.
    const agencyYears = agencyYearRows('US-IL-a', yearRange(2014, 2019), 500_000, 2400);
    const tables = scoringTables({ areas: US_AREAS, areaRates: rates, agencies, agencyYears });
    const pooled = buildScoringModel(tables).countyRemainders.get('US-17001')!;
    expect(pooled.countyRelative[0]).toBeCloseTo((1800 + 2400 + 2400 + COUNT_PRIOR) / (3 * 1200 + COUNT_PRIOR), 12);
    expect(pooled.newestRelative[0]).toBeCloseTo((2400 + COUNT_PRIOR) / (1200 + COUNT_PRIOR), 12);
    expect(pooled.year).toBe(2017);
    const leaky = buildScoringModel(tables, { excludeAgencies: new Set(['US-IL-a']) }).countyRemainders.get('US-17001')!;
    expect(leaky.countyRelative[0]).toBeCloseTo(pooled.countyRelative[0]!, 12);
    const clean = buildScoringModel(tables, { excludeAgencies: new Set(['US-IL-a']), subtractExcludedFromCounties: true }).countyRemainders.get('US-17001')!;
    // 2012 has no agency report: the 2014 one stands in (the state's rate is flat). What is left is the rest's
    // (1,800 − 2,400 → 0 in 2012, 2,400 − 2,400 = 0 in 2015 and 2017) over half the people.
    expect(clean.countyRelative[0]).toBeCloseTo(COUNT_PRIOR / (3 * 600 + COUNT_PRIOR), 12);
  });


  it('passes the validation options through: excluded agencies and years after agencyMaxYear are left out', () => {
    const tables = scoringTables({
      areas: US_AREAS,
      areaRates: US_RATES,
      agencies: [agencyRecord('US-IL-a', 'US-IL', 'US-17001', 40, -89), agencyRecord('US-IL-b', 'US-IL', 'US-17001', 40.1, -89)],
      agencyYears: [...agencyYearRows('US-IL-a', yearRange(2010, 2019), 10_000, 10), ...agencyYearRows('US-IL-b', yearRange(2010, 2019), 10_000, 10)],
    });
    const model = buildScoringModel(tables, { excludeAgencies: new Set(['US-IL-b']), agencyMaxYear: 2014 });
    expect(model.agencies.map((agency) => agency.key)).toEqual(['US-IL-a']);
    expect(model.agencyByKey.get('US-IL-a')!.lastYear).toBe(2014);
  });
});

describe('building the model: spreads and predictors', () => {
  it('assumes a log spread of 0.5 until 30 well-measured agencies measure it', () => {
    const model = manyAgencies(20);
    expect([...model.localSpread]).toEqual(new Array<number>(RATE_COUNT).fill(0.5));
    expect([...model.stateSpread]).toEqual(new Array<number>(RATE_COUNT).fill(0.5));
  });

  it('measures the spread of local rates around the state as the RMS log relative', () => {
    // Agencies alternate between 2× and ½× the state's rate: every one lies log 2 away.
    const model = manyAgencies(40);
    expect(model.stateSpread[0]).toBeCloseTo(Math.log(2), 3);
    expect(model.stateSpread[TOTAL]).toBeCloseTo(Math.log(2), 3);
  });

  it('fits the US predictors model only from 50 agencies in counties with predictors', () => {
    expect(manyAgencies(49).usPredictorModel).toBeUndefined();
    const model = manyAgencies(50);
    expect(model.usPredictorModel!.units).toBe(50);
    expect(model.prPredictorModel).toBeUndefined();
    expect(model.predictors.get('US-17001')!.countyKey).toBe('US-17001');
  });
});
