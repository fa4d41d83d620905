import type { CountryId } from '@riskatlas/domain';
import type { AreaLevel, CoverageLetter } from '../pack/format';
import type {
  AgencyRecord,
  AgencyYearRecord,
  AreaRateRecord,
  AreaRecord,
  IncidentCellRecord,
  IncidentSetRecord,
  PredictorRecord,
  ScoringTables,
} from '../pack/read-tables';
import type { AgencyModel } from './agencies';
import { FEATURE_COUNT, type DensityRange, type PredictorModel } from './predictors';
import { OFFENCE_COUNT, RATE_COUNT, withAggregates } from './years';

/*
 * Small synthetic inputs for the scoring package's unit tests (never imported by production code):
 * records shaped like the pack's rows, so that tests build real models from a handful of numbers.
 */

/** An areas.tsv record. */
export function areaRecord(areaKey: string, countryId: CountryId, level: AreaLevel, parentKey?: string, extra: Partial<AreaRecord> = {}): AreaRecord {
  return { areaKey, countryId, level, name: areaKey, parentKey, latitude: undefined, longitude: undefined, radiusKm: undefined, population: undefined, ...extra };
}

/** The ten rates of a row: one number for every key, or the seven offences (aggregates summed), or all ten. */
function rateVector(values: number | readonly number[]): Float64Array {
  if (typeof values === 'number') return new Float64Array(RATE_COUNT).fill(values);
  if (values.length === OFFENCE_COUNT) return withAggregates(values);
  if (values.length === RATE_COUNT) return Float64Array.from(values);
  throw new Error(`rateVector takes 1, ${OFFENCE_COUNT} or ${RATE_COUNT} values, got ${values.length}`);
}

/** area-rates.tsv rows of one area for each year, with the same rates and one coverage letter for every key. */
export function rateRows(areaKey: string, years: readonly number[], values: number | readonly number[], coverage: CoverageLetter = 'r'): AreaRateRecord[] {
  return years.map((year) => ({ areaKey, year, rates: rateVector(values), coverage: new Array<CoverageLetter>(RATE_COUNT).fill(coverage) }));
}

/** Inclusive range of years. */
export function yearRange(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** An agencies.tsv record. */
export function agencyRecord(agencyKey: string, stateKey: string, countyKey: string, latitude: number, longitude: number, density?: number): AgencyRecord {
  return { agencyKey, countryId: 1, name: agencyKey, stateKey, countyKey, latitude, longitude, density };
}

/** agency-years.tsv rows of one agency: the same population and offence counts (one number for all seven, or seven) each year. */
export function agencyYearRows(agencyKey: string, years: readonly number[], population: number, counts: number | readonly number[]): AgencyYearRecord[] {
  return years.map((year) => ({
    agencyKey,
    year,
    population,
    counts: typeof counts === 'number' ? new Float64Array(OFFENCE_COUNT).fill(counts) : Float64Array.from(counts),
  }));
}

/** A predictors.tsv record with middling values unless overridden. */
export function predictorRecord(countyKey: string, extra: Partial<PredictorRecord> = {}): PredictorRecord {
  return {
    countyKey,
    population: 100_000,
    landSqMi: 100,
    density: 1000,
    income: 50_000,
    poverty: 10,
    childPoverty: 15,
    unemployment: 5,
    transit: 2,
    service: 15,
    professional: 35,
    ...extra,
  };
}

/** An incident-sets.tsv record. */
export function incidentSetRecord(setKey: string, countryId: CountryId, refKey: string): IncidentSetRecord {
  return { setKey, countryId, name: setKey, refKey, firstDate: '2020-01-01', lastDate: '2020-12-31', days: 366, incidents: 0, other: 0, source: 'synthetic' };
}

/** An incident-cells.tsv record: one number for all seven offences, or seven. */
export function incidentCellRecord(setKey: string, row: number, col: number, counts: number | readonly number[], other = 0): IncidentCellRecord {
  return { setKey, row, col, counts: typeof counts === 'number' ? new Float64Array(OFFENCE_COUNT).fill(counts) : Float64Array.from(counts), other };
}

/** Every table empty, then the given ones. */
export function scoringTables(partial: Partial<ScoringTables> = {}): ScoringTables {
  return {
    areas: [],
    areaRates: [],
    agencies: [],
    agencyYears: [],
    predictors: [],
    localAuthorities: [],
    outcodes: [],
    incidentSets: [],
    incidentCells: [],
    projection: [],
    localSpreads: [],
    settlements: [],
    ...partial,
  };
}

/**
 * A predictors model whose prediction is known: the intercept per key (one number for every key)
 * plus `densitySlope` × log density, with the given residual spread.
 */
export function knownPredictorModel(intercept: number | readonly number[], residualSd: number, densitySlope = 0, densityRange: DensityRange = { min: 0, max: 20 }): PredictorModel {
  const coefficients = Array.from({ length: RATE_COUNT }, (_, rateIndex) => {
    const row = new Float64Array(FEATURE_COUNT);
    row[0] = typeof intercept === 'number' ? intercept : intercept[rateIndex]!;
    row[1] = densitySlope;
    return row;
  });
  return { coefficients, residualSd: new Float64Array(RATE_COUNT).fill(residualSd), densityRange, units: 100 };
}

/** A placed agency with the same relative (and count behind it) for every key, no trend, unless overridden. */
export function agencyModel(key: string, extra: Partial<AgencyModel> & { relativeAll?: number; countAll?: number } = {}): AgencyModel {
  const { relativeAll = 1, countAll = 1000, ...rest } = extra;
  return {
    key,
    name: key,
    stateKey: 'US-IL',
    countyKey: 'US-17001',
    latitude: 40,
    longitude: -89,
    density: 2000,
    population: 50_000,
    radiusMiles: 2,
    firstYear: 2010,
    lastYear: 2019,
    midYear: 2014.5,
    relative: new Float64Array(RATE_COUNT).fill(relativeAll),
    count: new Float64Array(RATE_COUNT).fill(countAll),
    expected: new Float64Array(RATE_COUNT).fill(countAll / relativeAll),
    trend: new Float64Array(RATE_COUNT),
    recentRelative: new Float64Array(RATE_COUNT).fill(relativeAll),
    recentExpected: new Float64Array(RATE_COUNT).fill(countAll / relativeAll),
    ...rest,
  };
}
