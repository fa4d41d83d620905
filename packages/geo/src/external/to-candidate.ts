import { iso3Of, lookupCountry } from '../geocode/countries';
import { displayName, roundConfidence, round7 } from '../geocode/format';
import { normalizeStreet } from '../geocode/normalize';
import { parsePostalCode } from '../geocode/postal-codes';
import { lookupRegion } from '../geocode/regions';
import type { GeocodeCandidate, GeocodeMatch, GeocodePrecision, GeocodeSource } from '../geocode/types';
import type { ExternalAddressQuery } from './types';

/** How much of the address an external result matched. */
export type ExternalMatchLevel = 'address' | 'street' | 'postcode' | 'city';

/** One external result, its fields pulled out of the server's own shape. */
export interface ExternalResult {
  /** The result's country as the server writes it: 'us', 'USA', 'PR'… */
  country: string;
  houseNumber: string;
  street: string;
  city: string;
  /** State / province name or code, as the server writes it. */
  state: string;
  /** Alternative state spelling (ISO 3166-2 'US-IL', Pelias region_a 'IL'), tried first. */
  stateCode: string;
  postcode: string;
  county: string;
  latitude: number;
  longitude: number;
  level: ExternalMatchLevel;
  /** The server's own confidence when it gives one (Pelias), 0..1. */
  confidence?: number;
}

const LEVEL: Record<ExternalMatchLevel, { precision: GeocodePrecision; matchedBy: GeocodeMatch; confidence: number }> = {
  address: { precision: 'ADDRESS', matchedBy: 'address', confidence: 0.95 },
  street: { precision: 'ADDRESS', matchedBy: 'street', confidence: 0.8 },
  postcode: { precision: 'POSTCODE', matchedBy: 'postalCode', confidence: 0.75 },
  city: { precision: 'CITY', matchedBy: 'city', confidence: 0.55 },
};

/**
 * A candidate from an external result, or undefined when the result lies in another country than
 * the one asked for (servers search worldwide; a US address never lands in Mexico).
 */
export function toCandidate(query: ExternalAddressQuery, result: ExternalResult, source: GeocodeSource): GeocodeCandidate | undefined {
  const countryId = lookupCountry(result.country);
  if (countryId !== query.countryId) return undefined;
  const stateCode = result.stateCode.replace(/^[A-Z]{2}-/i, '');
  const region = lookupRegion(countryId, stateCode) ?? lookupRegion(countryId, result.state);
  const level = LEVEL[result.level];
  const streetLine = result.street ? [result.houseNumber, result.street].filter(Boolean).join(' ') : '';
  const style = countryId === 1 || countryId === 2 || countryId === 6 ? 'usps' : 'plain';
  const confidence = result.confidence !== undefined ? Math.min(result.confidence, level.confidence) : level.confidence;
  return {
    street: streetLine ? normalizeStreet(streetLine, style) : query.street,
    city: result.city ? displayName(result.city) : query.city,
    state: region?.display ?? result.state,
    postalCode: result.postcode ? (parsePostalCode(countryId, result.postcode)?.display ?? result.postcode) : '',
    countryCode: iso3Of(countryId),
    countryId,
    latitude: round7(result.latitude),
    longitude: round7(result.longitude),
    precision: level.precision,
    confidence: roundConfidence(confidence),
    admin1Code: region?.code ?? '',
    admin2Name: result.county,
    matchedBy: level.matchedBy,
    source,
  };
}
