import { countryById } from '../geocode/countries';
import { expandStreet } from '../geocode/normalize';
import type { GeocodeCandidate } from '../geocode/types';
import { features, firstOf, geoJsonPoint, isRecord, str } from './json';
import { toCandidate, type ExternalMatchLevel } from './to-candidate';
import type { ExternalAddressQuery } from './types';
import { withParams } from './http';

/*
 * Photon free-text search: GET /api?q=…&limit= → GeoJSON FeatureCollection; properties
 * {housenumber, street, name, city, district, county, state, postcode, countrycode, osm_key,
 * osm_value, type}; geometry [lng, lat]. https://github.com/komoot/photon/blob/master/docs/api-v1.md
 * Photon matches words, not abbreviations, so street types go out written in full; older servers
 * reject unknown parameters, so the country is filtered here rather than sent.
 */

const LIMIT = 5;

/** The one-line query Photon searches for. */
export function photonQueryText(query: ExternalAddressQuery): string {
  const country = countryById(query.countryId).name;
  return [expandStreet(query.street), query.city, query.state, query.postalCode, country].filter((part) => part !== '').join(', ');
}

/** The search URL for an address. */
export function photonSearchUrl(endpoint: URL, query: ExternalAddressQuery): string {
  return withParams(endpoint, { q: photonQueryText(query), limit: LIMIT });
}

function level(properties: Record<string, unknown>): ExternalMatchLevel {
  const type = str(properties, 'type');
  if (str(properties, 'housenumber')) return 'address';
  if (type === 'street' || str(properties, 'osm_key') === 'highway') return 'street';
  if (type === 'postcode' || str(properties, 'osm_value') === 'postcode') return 'postcode';
  if (type === 'house' && str(properties, 'street')) return 'street';
  return 'city';
}

/** Candidates from a Photon answer, in its order, in the query's country only. */
export function parsePhoton(body: unknown, query: ExternalAddressQuery): GeocodeCandidate[] {
  const out: GeocodeCandidate[] = [];
  for (const feature of features(body)) {
    const properties = isRecord(feature.properties) ? feature.properties : {};
    const point = geoJsonPoint(feature);
    if (!point) continue;
    const type = str(properties, 'type');
    const isStreet = type === 'street' || str(properties, 'osm_key') === 'highway';
    const candidate = toCandidate(
      query,
      {
        country: str(properties, 'countrycode'),
        houseNumber: str(properties, 'housenumber'),
        // A street feature carries its own name in `name`.
        street: str(properties, 'street') || (isStreet ? str(properties, 'name') : ''),
        city: firstOf(properties, type === 'city' ? ['name', 'city'] : ['city', 'district']),
        state: str(properties, 'state'),
        stateCode: '',
        postcode: str(properties, 'postcode'),
        county: str(properties, 'county'),
        ...point,
        level: level(properties),
      },
      'photon',
    );
    if (candidate) out.push(candidate);
  }
  return out;
}
