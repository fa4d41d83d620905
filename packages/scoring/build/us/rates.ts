import { fixed, OFFENCE_KEYS, type CoverageLetter, type OffenceKey } from '../../src/pack/format';
import type { PackRow } from '../types';
import { AGGREGATES, type OffenceCounts } from './offences';

const PER = 100_000;

/**
 * One area-rates.tsv row (AREA_RATES_COLUMNS order): the seven offence rates and the three
 * aggregates per 100,000 residents, 3 decimals, and the ten coverage letters. An aggregate is
 * empty ('-') when any offence it sums is missing — a partial sum would read as a low rate — and
 * 'i' when any of its offences is imputed.
 */
export function areaRateRow(areaKey: string, year: number, population: number, counts: OffenceCounts, coverage: Readonly<Record<OffenceKey, CoverageLetter>>): PackRow {
  if (!(population > 0)) throw new Error(`${areaKey} ${year}: no population`);
  const rates: string[] = [];
  const letters: CoverageLetter[] = [];
  for (const key of OFFENCE_KEYS) {
    const count = counts[key];
    rates.push(count === undefined ? '' : fixed((count / population) * PER, 3));
    letters.push(count === undefined ? '-' : coverage[key]);
  }
  for (const [, keys] of AGGREGATES) {
    if (keys.some((key) => counts[key] === undefined)) {
      rates.push('');
      letters.push('-');
      continue;
    }
    const sum = keys.reduce((total, key) => total + counts[key]!, 0);
    rates.push(fixed((sum / population) * PER, 3));
    letters.push(keys.some((key) => coverage[key] === 'i') ? 'i' : 'r');
  }
  return [areaKey, year, ...rates, letters.join('')];
}

/** The same letter for all seven offences. */
export function uniformCoverage(letter: CoverageLetter): Record<OffenceKey, CoverageLetter> {
  return Object.fromEntries(OFFENCE_KEYS.map((key) => [key, letter])) as Record<OffenceKey, CoverageLetter>;
}
