import type { CountryId } from '@riskatlas/domain';
import type { AreaLevel } from '../pack/format';
import type { LocalSpreadRecord } from '../pack/read-tables';

/**
 * The measured spreads of small areas around the area a non-US location's score starts from
 * (local-spreads.tsv): London's LSOAs around the Metropolitan force stand for every English and
 * Welsh force area, Mexican municipalities around their state for Mexican states, Canadian CMAs
 * around their province for locations outside every CMA. Keyed by country, base level and rate key.
 */
export type AreaSpreads = ReadonlyMap<string, number>;

const spreadKey = (countryId: CountryId, level: AreaLevel, rateIndex: number) => `${countryId}:${level}:${rateIndex}`;

/** The spreads the engine applies (rows reported only, like New York's counties, are left out). */
export function areaSpreadsOf(records: readonly LocalSpreadRecord[]): AreaSpreads {
  const spreads = new Map<string, number>();
  for (const record of records) {
    if (record.appliesTo === '-' || record.rateIndex < 0 || !(record.spread > 0)) continue;
    spreads.set(spreadKey(record.countryId, record.appliesTo, record.rateIndex), record.spread);
  }
  return spreads;
}

/** The measured spread for a base area of a country and level, when one was measured. */
export function measuredSpread(spreads: AreaSpreads, countryId: CountryId, level: AreaLevel, rateIndex: number): number | undefined {
  return spreads.get(spreadKey(countryId, level, rateIndex));
}
