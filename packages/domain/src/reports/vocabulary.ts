import type { CountryId } from '../ids';

/**
 * The scoring vocabulary every report, score and API response shares: ten crime types,
 * three comparison regions, three periods, four methodologies and the two coverage flags. One
 * methodology yields 10 × 3 × 3 = 90 scores; their order (scoreIndex) is fixed here so that the
 * engine, the stored reports and the web views agree without passing names around.
 */

/** Stable keys of the ten crime types, in report order (the seven offences, then the three aggregates). */
export const CRIME_TYPE_KEYS = [
  'homicide',
  'rape',
  'robbery',
  'aggravatedAssault',
  'burglary',
  'larceny',
  'motorVehicleTheft',
  'persons',
  'property',
  'total',
] as const;
export type CrimeTypeKey = (typeof CRIME_TYPE_KEYS)[number];

/** Display names of the crime types. */
export const CRIME_TYPE_NAMES: Readonly<Record<CrimeTypeKey, string>> = {
  homicide: 'Homicide',
  rape: 'Rape',
  robbery: 'Robbery',
  aggravatedAssault: 'Aggravated Assault',
  burglary: 'Burglary',
  larceny: 'Larceny',
  motorVehicleTheft: 'Motor Vehicle Theft',
  persons: 'Crimes Against Persons',
  property: 'Crimes Against Property',
  total: 'Total Crime',
};

/**
 * Which aggregate each offence rolls up into: homicide, rape, robbery and aggravated assault are
 * crimes against persons; burglary, larceny and motor vehicle theft crimes against property.
 * The aggregates themselves map to undefined.
 */
export const CRIME_TYPE_CATEGORY: Readonly<Record<CrimeTypeKey, 'persons' | 'property' | undefined>> = {
  homicide: 'persons',
  rape: 'persons',
  robbery: 'persons',
  aggravatedAssault: 'persons',
  burglary: 'property',
  larceny: 'property',
  motorVehicleTheft: 'property',
  persons: undefined,
  property: undefined,
  total: undefined,
};

/**
 * What a row of a report's scores is (its scoreType): a heading row titling a group, one of
 * the seven offences, or an aggregate (persons, property, total).
 */
export const SCORE_ROW_TYPES = ['heading', 'offence', 'aggregate'] as const;
export type ScoreRowType = (typeof SCORE_ROW_TYPES)[number];

/** The scoreType of a crime type's rows: 'aggregate' for persons, property and total, else 'offence'. */
export function scoreTypeOf(crimeType: CrimeTypeKey): Exclude<ScoreRowType, 'heading'> {
  return CRIME_TYPE_CATEGORY[crimeType] === undefined ? 'aggregate' : 'offence';
}

/** The comparison areas: a score is the location's modelled rate ÷ that area's average × 100. */
export const SCORE_REGIONS = ['national', 'state', 'county'] as const;
export type ScoreRegion = (typeof SCORE_REGIONS)[number];

/** The periods: past (5 years before the release), current, projected (5 years ahead). */
export const SCORE_PERIODS = ['past', 'current', 'projected'] as const;
export type ScorePeriod = (typeof SCORE_PERIODS)[number];

/** Display names of the periods. */
export const SCORE_PERIOD_NAMES: Readonly<Record<ScorePeriod, string>> = {
  past: 'Past',
  current: 'Current',
  projected: 'Projected',
};

/** Years between the release and the past and projected periods. */
export const SCORE_PERIOD_OFFSET_YEARS = 5;

/** The year a period stands for in a release: past = release − 5, projected = release + 5. */
export function periodYear(period: ScorePeriod, releaseYear: number): number {
  if (period === 'past') return releaseYear - SCORE_PERIOD_OFFSET_YEARS;
  if (period === 'projected') return releaseYear + SCORE_PERIOD_OFFSET_YEARS;
  return releaseYear;
}

/**
 * What each country calls its comparison areas. The state level: US and Mexican states, Canadian
 * provinces, the ONS regions of England and Wales, and for Puerto Rico the island itself (the data
 * has no level between island and municipio); the county level: US counties, Canadian census
 * metropolitan areas, police force areas in England and Wales, municipios in Puerto Rico (Mexico has
 * no municipality data: its county-level comparison is the state, flagged imputed).
 */
export const REGION_NAMES: Readonly<Record<CountryId, Readonly<Record<ScoreRegion, string>>>> = {
  1: { national: 'National', state: 'State', county: 'County' },
  2: { national: 'National', state: 'Province', county: 'Municipality' },
  3: { national: 'National', state: 'Region', county: 'Police Force Area' },
  5: { national: 'National', state: 'State', county: 'Municipality' },
  6: { national: 'National', state: 'Region', county: 'Municipality' },
};

/** The display name of a comparison region in a country. */
export function regionName(region: ScoreRegion, countryId: CountryId): string {
  return REGION_NAMES[countryId][region];
}

/** Scores run from 0 to 2000; 100 is the average of the comparison area. */
export const SCORE_VALUE_MIN = 0;
export const SCORE_VALUE_MAX = 2000;
/** The score of a location exactly at its comparison area's average. */
export const SCORE_AVERAGE = 100;

/** Clamps a modelled value to the score scale and rounds it to a whole score. */
export function clampScore(value: number): number {
  if (!Number.isFinite(value)) return SCORE_VALUE_MIN;
  return Math.min(SCORE_VALUE_MAX, Math.max(SCORE_VALUE_MIN, Math.round(value)));
}

/**
 * Coverage of a score: 'reported' only when the place's own data (its agency, county or area)
 * cover the period's year and the comparison area reported that year; 'imputed' when the model
 * filled a gap (a year beyond the data, a projection, a missing level, a proxy, predictors).
 * docs/methodology.md §1.
 */
export const SCORE_COVERAGES = ['reported', 'imputed'] as const;
export type ScoreCoverage = (typeof SCORE_COVERAGES)[number];

/** Scores per methodology: ten crime types × three regions × three periods. */
export const SCORES_PER_METHODOLOGY = CRIME_TYPE_KEYS.length * SCORE_REGIONS.length * SCORE_PERIODS.length;

/** What one score measures. */
export interface ScoreKey {
  crimeType: CrimeTypeKey;
  region: ScoreRegion;
  period: ScorePeriod;
}

/**
 * The position (0–89) of a score within one methodology: by crime type, then region, then period,
 * so a crime type's nine scores are contiguous and each region's three periods sit together.
 */
export function scoreIndexOf(key: ScoreKey): number {
  const crime = CRIME_TYPE_KEYS.indexOf(key.crimeType);
  const region = SCORE_REGIONS.indexOf(key.region);
  const period = SCORE_PERIODS.indexOf(key.period);
  if (crime < 0 || region < 0 || period < 0) throw new RangeError(`Unknown score key ${JSON.stringify(key)}`);
  return (crime * SCORE_REGIONS.length + region) * SCORE_PERIODS.length + period;
}

/** The score key at a position (0–89); undefined outside the range. */
export function scoreKeyAt(index: number): ScoreKey | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= SCORES_PER_METHODOLOGY) return undefined;
  const period = index % SCORE_PERIODS.length;
  const region = Math.floor(index / SCORE_PERIODS.length) % SCORE_REGIONS.length;
  const crime = Math.floor(index / (SCORE_PERIODS.length * SCORE_REGIONS.length));
  return { crimeType: CRIME_TYPE_KEYS[crime]!, region: SCORE_REGIONS[region]!, period: SCORE_PERIODS[period]! };
}

/** Every score key of one methodology, in scoreIndex order. */
export const SCORE_KEYS: readonly ScoreKey[] = Array.from({ length: SCORES_PER_METHODOLOGY }, (_, index) => scoreKeyAt(index)!);

/** The display name of one score, e.g. "Robbery — County — Projected" (the region named for the country). */
export function scoreDisplayName(key: ScoreKey, countryId: CountryId): string {
  return `${CRIME_TYPE_NAMES[key.crimeType]} — ${regionName(key.region, countryId)} — ${SCORE_PERIOD_NAMES[key.period]}`;
}

/** Methodology ids 1–4. */
export type MethodologyTypeId = 1 | 2 | 3 | 4;

/** One methodology: its id, name and a one-line account of what it models. */
export interface Methodology {
  methodologyTypeId: MethodologyTypeId;
  name: string;
  description: string;
}

/** The four methodologies in id order (priority order is METHODOLOGY_PRIORITY in ids.ts; 2 is the default). */
export const METHODOLOGIES: readonly Methodology[] = [
  {
    methodologyTypeId: 1,
    name: 'Reported-crime interpolation',
    description: 'Interpolates the reported crime rates of the nearest law-enforcement agencies, weighted by distance and population.',
  },
  {
    methodologyTypeId: 2,
    name: 'Composite',
    description: 'Combines reported crime with socio-economic predictors from the county demographics; the default methodology.',
  },
  {
    methodologyTypeId: 3,
    name: 'Incident density',
    description: 'Measures the density of recorded incidents around the location where incident-level data exists.',
  },
  {
    methodologyTypeId: 4,
    name: 'Predictors only',
    description: 'Estimates rates from socio-economic predictors alone, without the local reported crime.',
  },
];

/** Every methodology id, ascending. */
export const METHODOLOGY_TYPE_IDS: readonly MethodologyTypeId[] = [1, 2, 3, 4];

/** True when `value` is a methodology id (1–4). */
export function isMethodologyTypeId(value: unknown): value is MethodologyTypeId {
  return typeof value === 'number' && (METHODOLOGY_TYPE_IDS as readonly number[]).includes(value);
}

/** The methodology of an id, or undefined. */
export function methodologyOf(id: number): Methodology | undefined {
  return METHODOLOGIES.find((methodology) => methodology.methodologyTypeId === id);
}
