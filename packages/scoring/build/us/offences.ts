import { OFFENCE_KEYS, type OffenceKey } from '../../src/pack/format';

/** Counts of the seven offences; undefined = not reported. */
export type OffenceCounts = Record<OffenceKey, number | undefined>;

/** Counts with every offence unreported, to fill in. */
export function emptyCounts(): OffenceCounts {
  return Object.fromEntries(OFFENCE_KEYS.map((key) => [key, undefined])) as OffenceCounts;
}

/** The offences making up each aggregate rate column (persons, property, total). */
export const AGGREGATES: ReadonlyArray<readonly [string, readonly OffenceKey[]]> = [
  ['persons', ['homicide', 'rape', 'robbery', 'aggravatedAssault']],
  ['property', ['burglary', 'larceny', 'motorVehicleTheft']],
  ['total', OFFENCE_KEYS],
];
