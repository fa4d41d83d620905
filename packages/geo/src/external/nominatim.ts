import { countryById } from '../geocode/countries';
import type { GeocodeCandidate } from '../geocode/types';
import { firstOf, isRecord, num, str, validPoint } from './json';
import { toCandidate, type ExternalMatchLevel } from './to-candidate';
import type { ExternalAddressQuery } from './types';
import { withParams } from './http';

/*
 * Nominatim structured search: GET /search?format=jsonv2&addressdetails=1&street=&city=&state=
 * &postalcode=&countrycodes= → [{lat, lon, display_name, importance, category, type, addresstype,
 * address{house_number, road, city|town|village, county, state, ISO3166-2-lvl4, postcode, country_code}}].
 * https://nominatim.org/release-docs/latest/api/Search/
 */

/** Results asked for: enough to see a few alternatives, few enough to answer fast. */
const LIMIT = 5;

/** The search URL for an address. */
export function nominatimSearchUrl(endpoint: URL, query: ExternalAddressQuery): string {
  return withParams(endpoint, {
    format: 'jsonv2',
    addressdetails: 1,
    limit: LIMIT,
    street: query.street,
    city: query.city,
    state: query.state,
    postalcode: query.postalCode,
    countrycodes: countryById(query.countryId).iso2.toLowerCase(),
  });
}

function level(result: Record<string, unknown>, address: Record<string, unknown>): ExternalMatchLevel {
  if (str(address, 'house_number')) return 'address';
  const kind = firstOf(result, ['addresstype', 'type']);
  if (kind === 'postcode') return 'postcode';
  if (str(address, 'road') && (str(result, 'category') === 'highway' || kind === 'road' || str(result, 'category') === 'building')) return 'street';
  return 'city';
}

/** Candidates from a Nominatim jsonv2 answer, in its order, in the query's country only. */
export function parseNominatim(body: unknown, query: ExternalAddressQuery): GeocodeCandidate[] {
  if (!Array.isArray(body)) return [];
  const out: GeocodeCandidate[] = [];
  for (const result of body) {
    if (!isRecord(result)) continue;
    const point = validPoint(num(result, 'lat'), num(result, 'lon'));
    const address = isRecord(result.address) ? result.address : {};
    if (!point) continue;
    const candidate = toCandidate(
      query,
      {
        country: str(address, 'country_code'),
        houseNumber: str(address, 'house_number'),
        street: str(address, 'road'),
        city: firstOf(address, ['city', 'town', 'village', 'hamlet', 'municipality']),
        state: str(address, 'state'),
        stateCode: str(address, 'ISO3166-2-lvl4'),
        postcode: str(address, 'postcode'),
        county: str(address, 'county'),
        ...point,
        level: level(result, address),
      },
      'nominatim',
    );
    if (candidate) out.push(candidate);
  }
  return out;
}
