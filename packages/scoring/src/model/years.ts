/** First and last year the model holds a value for (past periods of the earliest releases to projections of the latest). */
export const YEAR_MIN = 1975;
export const YEAR_MAX = 2040;
export const YEAR_COUNT = YEAR_MAX - YEAR_MIN + 1;

/** The ten rate keys (RATE_KEYS of the pack format = CRIME_TYPE_KEYS of the domain). */
export const RATE_COUNT = 10;
/** The seven offences come first; persons, property and total follow. */
export const OFFENCE_COUNT = 7;
export const PERSONS = 7;
export const PROPERTY = 8;
export const TOTAL = 9;

/** Clamps a year into the model's span. */
export function clampYear(year: number): number {
  return Math.min(YEAR_MAX, Math.max(YEAR_MIN, year));
}

/** Index of (rate key, year) in a dense series. */
export function seriesIndex(rateIndex: number, year: number): number {
  return rateIndex * YEAR_COUNT + (clampYear(year) - YEAR_MIN);
}

/**
 * Adds a count array of the seven offences into the ten rate keys: the offences, then persons
 * (homicide, rape, robbery, aggravated assault), property (burglary, larceny, motor vehicle theft)
 * and total. An aggregate is NaN when any offence it needs is NaN.
 */
export function withAggregates(offences: ArrayLike<number>): Float64Array {
  const out = new Float64Array(RATE_COUNT);
  for (let index = 0; index < OFFENCE_COUNT; index++) out[index] = offences[index]!;
  out[PERSONS] = offences[0]! + offences[1]! + offences[2]! + offences[3]!;
  out[PROPERTY] = offences[4]! + offences[5]! + offences[6]!;
  out[TOTAL] = out[PERSONS]! + out[PROPERTY]!;
  return out;
}
