import type { CountryId } from '@riskatlas/domain';

/*
 * Types of forward geocoding: the geocode candidate and its coordinates. The API maps a
 * GeocodeCandidate to its public shape {Street, City, State, PostalCode, Country, Coordinates}.
 */

/** ISO 3166-1 alpha-3 code of a covered country. */
export type CountryIso3 = 'USA' | 'CAN' | 'GBR' | 'MEX' | 'PRI';

/**
 * How precisely a candidate is placed. ADDRESS comes only from an external address-level
 * geocoder; POSTCODE is the centroid of the postal area the code names; CITY the centre of a
 * populated place; MANUAL a point the user placed on the map.
 */
export type GeocodePrecision = 'ADDRESS' | 'POSTCODE' | 'CITY' | 'MANUAL';

/** What placed the candidate. */
export type GeocodeMatch =
  /** An external geocoder matched the house number and street. */
  | 'address'
  /** An external geocoder matched the street without a house number. */
  | 'street'
  /** The postal code matched; the city was not given. */
  | 'postalCode'
  /** The postal code matched and the city agrees with it. */
  | 'postalCode+city'
  /** The postal code matched but the city (or state) given disagrees with it. */
  | 'postalCode-mismatch'
  /** City and state/province matched a place. */
  | 'city+state'
  /** The city matched a place; no state was given or needed. */
  | 'city'
  /** The user placed the point; the address comes from reverse lookup. */
  | 'pin';

/** Where a candidate came from. */
export type GeocodeSource = 'embedded' | 'nominatim' | 'pelias' | 'photon' | 'pin';

/** An address as a user or an import file gives it. Every part is optional free text. */
export interface AddressInput {
  street?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  /** ISO-3 (USA, CAN, GBR, MEX, PRI), ISO-2 (US, CA, GB, MX, PR) or a common name, any case. */
  countryCode?: string | null;
}

/** One place an address may be. */
export interface GeocodeCandidate {
  /** Street line, normalised for display ('233 S Wacker Dr'); '' when none was given. */
  street: string;
  city: string;
  /** State / province as customers write it: 'IL', 'ON', 'PR'; the name where there is no code ('England', 'Jalisco'). */
  state: string;
  /** Postal code formatted for the country: '60606', '60606-1234', 'M5V 3L9', 'SW1A 1AA', '06700'. */
  postalCode: string;
  countryCode: CountryIso3;
  countryId: CountryId;
  latitude: number;
  longitude: number;
  precision: GeocodePrecision;
  /** 0..1: how sure the geocoder is that this is the place the address names. */
  confidence: number;
  /** The gazetteer's state / province code: US 'IL', PR 'PR', CA 'ON', GB 'ENG', MX INEGI '09'. */
  admin1Code: string;
  /** County, municipio or district ('' when unknown). */
  admin2Name: string;
  matchedBy: GeocodeMatch;
  source: GeocodeSource;
}

/** What geocoding an address returns: candidates, best first (none when nothing matched). */
export interface GeocodeResult {
  candidates: GeocodeCandidate[];
}

/** Options of forward geocoding (the API's query flags and the import's geocoder flags). */
export interface GeocodeOptions {
  /** Return only the best candidate (geocoder flag 2 / query acceptFirstCandidate). */
  acceptFirstCandidate?: boolean;
  /** POSTCODE precision is acceptable: skip the external address-level geocoder. */
  allowZipLevelPrecision?: boolean;
  /** Geocode at postal-code level only (geocoder flag 8): skip the external geocoder. */
  forceZipLevelPrecision?: boolean;
  /** At most this many candidates (default 10). */
  maxCandidates?: number;
}
