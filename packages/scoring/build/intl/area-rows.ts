/*
 * Row builders for areas.tsv and area-rates.tsv shared by the Canadian, Mexican, UK and Puerto
 * Rican builds, so that every country writes the same columns, decimals and coverage letters.
 */
import type { CountryId } from '@riskatlas/domain';
import { fixed, OFFENCE_KEYS, type AreaLevel, type CoverageLetter, type OffenceKey } from '../../src/pack/format';
import type { PackRow } from '../types';

/** One rate value with its coverage letter ('r' reported, 'i' imputed or a proxy definition). */
export interface RateCell {
  value: number;
  coverage: Exclude<CoverageLetter, '-'>;
  /**
   * The source reported this count; it is 'i' only because its definition is a proxy for the
   * offence (UK sexual offences for rape). Sums keep 'r': a total of what the police recorded is
   * a reported total even when one of its parts is labelled loosely.
   */
  proxy?: boolean;
}

/** The seven offences of one area and year; a missing offence is written as '-'. */
export type OffenceCells = Partial<Record<OffenceKey, RateCell>>;

/** The ten rate columns (RATE_KEYS order); undefined = no value ('-'). */
export type RateCells = ReadonlyArray<RateCell | undefined>;

const PERSONS: readonly OffenceKey[] = ['homicide', 'rape', 'robbery', 'aggravatedAssault'];
const PROPERTY: readonly OffenceKey[] = ['burglary', 'larceny', 'motorVehicleTheft'];

/**
 * The sum of some offences: defined only when every one is, and imputed ('i') as soon as one
 * part is imputed other than as a proxy definition of a reported count.
 */
function sumOf(cells: OffenceCells, keys: readonly OffenceKey[]): RateCell | undefined {
  let value = 0;
  let coverage: RateCell['coverage'] = 'r';
  for (const key of keys) {
    const cell = cells[key];
    if (!cell) return undefined;
    value += cell.value;
    if (cell.coverage === 'i' && !cell.proxy) coverage = 'i';
  }
  return { value, coverage };
}

/** The ten columns from the seven offences: persons, property and total written as their sums. */
export function withAggregates(cells: OffenceCells): RateCells {
  return [
    ...OFFENCE_KEYS.map((key) => cells[key]),
    sumOf(cells, PERSONS),
    sumOf(cells, PROPERTY),
    sumOf(cells, [...PERSONS, ...PROPERTY]),
  ];
}

/** A per-100,000 rate. Throws on a missing or zero population rather than writing Infinity. */
export function per100k(count: number, population: number): number {
  if (!(population > 0)) throw new Error(`Rate with population ${population}`);
  return (count / population) * 100_000;
}

/** An area-rates.tsv row: areaKey, year, ten values with 3 decimals, ten coverage letters. */
export function areaRateRow(areaKey: string, year: number, cells: RateCells): PackRow {
  if (cells.length !== 10) throw new Error(`${areaKey} ${year}: ${cells.length} rate columns, expected 10`);
  return [areaKey, year, ...cells.map((cell) => (cell ? fixed(cell.value, 3) : '')), cells.map((cell) => cell?.coverage ?? '-').join('')];
}

/** What areas.tsv says about one area. */
export interface AreaRecord {
  areaKey: string;
  countryId: CountryId;
  level: AreaLevel;
  name: string;
  parentKey?: string;
  /** Degrees; written as integers of 1e-5 degree. */
  latitude?: number;
  longitude?: number;
  radiusKm?: number;
  population?: number;
}

/** An areas.tsv row. */
export function areaRow(area: AreaRecord): PackRow {
  const micro = (degrees: number | undefined) => (degrees === undefined ? '' : Math.round(degrees * 1e5));
  return [
    area.areaKey,
    area.countryId,
    area.level,
    area.name,
    area.parentKey ?? '',
    micro(area.latitude),
    micro(area.longitude),
    area.radiusKm === undefined ? '' : fixed(area.radiusKm, 0),
    area.population === undefined ? '' : fixed(area.population, 0),
  ];
}
