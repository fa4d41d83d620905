import { countryById } from '../geocode/countries';
import type { GeocodeCandidate } from '../geocode/types';
import { features, firstOf, geoJsonPoint, isRecord, num, str } from './json';
import { toCandidate, type ExternalMatchLevel } from './to-candidate';
import type { ExternalAddressQuery } from './types';
import { withParams } from './http';

/*
 * Pelias structured search: GET /v1/search/structured?address=&locality=&region=&postalcode=&country=
 * → GeoJSON FeatureCollection; properties {layer, housenumber, street, locality, region, region_a,
 * macroregion, county, postalcode, country_a, confidence, match_type, accuracy}; geometry [lng, lat].
 * https://github.com/pelias/documentation/blob/master/structured-geocoding.md
 */

const SIZE = 5;

/** The search URL for an address. */
export function peliasSearchUrl(endpoint: URL, query: ExternalAddressQuery): string {
  return withParams(endpoint, {
    address: query.street,
    locality: query.city,
    region: query.state,
    postalcode: query.postalCode,
    country: countryById(query.countryId).iso3,
    size: SIZE,
  });
}

function level(properties: Record<string, unknown>): ExternalMatchLevel {
  const layer = str(properties, 'layer');
  if (str(properties, 'housenumber') && (layer === 'address' || layer === 'venue' || layer === '')) return 'address';
  if (layer === 'street' || ((layer === 'address' || layer === 'venue') && str(properties, 'street'))) return 'street';
  if (layer === 'postalcode') return 'postcode';
  return 'city';
}

/** Candidates from a Pelias answer, in its order, in the query's country only. */
export function parsePelias(body: unknown, query: ExternalAddressQuery): GeocodeCandidate[] {
  const out: GeocodeCandidate[] = [];
  for (const feature of features(body)) {
    const properties = isRecord(feature.properties) ? feature.properties : {};
    const point = geoJsonPoint(feature);
    if (!point) continue;
    const confidence = num(properties, 'confidence');
    const candidate = toCandidate(
      query,
      {
        // Puerto Rico is a dependency of the USA in Who's On First: its dependency_a is 'PRI'.
        country: firstOf(properties, ['dependency_a', 'country_a', 'country_code', 'country']),
        houseNumber: str(properties, 'housenumber'),
        street: str(properties, 'street'),
        city: firstOf(properties, ['locality', 'localadmin', 'borough']),
        // UK regions in Pelias are counties; the nation is the macroregion.
        state: query.countryId === 3 ? firstOf(properties, ['macroregion', 'region']) : str(properties, 'region'),
        stateCode: query.countryId === 3 ? '' : str(properties, 'region_a'),
        postcode: str(properties, 'postalcode'),
        county: str(properties, 'county'),
        ...point,
        level: level(properties),
        ...(confidence !== undefined && confidence >= 0 && confidence <= 1 ? { confidence } : {}),
      },
      'pelias',
    );
    if (candidate) out.push(candidate);
  }
  return out;
}
