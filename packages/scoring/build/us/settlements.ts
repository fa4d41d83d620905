import { readSettlements } from '@riskatlas/geo/build/settlements';
import type { PackRow } from '../types';

/**
 * settlements.tsv's rows: the US populated places of GeoNames cities1000 with a population (read as
 * the geo pack reads its settlements), as lat, lng (1e-5 degree), population. Sorted by the
 * orchestrator; duplicates (one point listed twice) are dropped here.
 */
export function usSettlementRows(): PackRow[] {
  const rows = new Map<string, PackRow>();
  for (const place of readSettlements({ US: 1 })) {
    const row = [place.lat, place.lng, place.population];
    rows.set(row.join('\t'), row);
  }
  return [...rows.values()];
}
