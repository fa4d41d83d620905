import { COUNTRIES, parseCountryCode, type CountryId } from '@riskatlas/domain';
import type { CountryIso3 } from './types';

/**
 * The country code of a request is not one of the covered countries. The API answers 400 naming
 * the field (`field` is always 'countryCode').
 */
export class UnknownCountryError extends Error {
  readonly field = 'countryCode';
  constructor(readonly value: string) {
    super(`Unknown country code '${value}'. Use one of USA, CAN, GBR, MEX, PRI.`);
    this.name = 'UnknownCountryError';
  }
}

/** A covered country as the domain writes it. */
export type CoveredCountry = (typeof COUNTRIES)[number];

const BY_ID = new Map<CountryId, CoveredCountry>(COUNTRIES.map((c) => [c.countryId, c]));

/** The covered country with this id. */
export function countryById(countryId: CountryId): CoveredCountry {
  const country = BY_ID.get(countryId);
  if (!country) throw new Error(`Not a covered country id: ${countryId}`);
  return country;
}

/** The ISO-3 code of a covered country. */
export function iso3Of(countryId: CountryId): CountryIso3 {
  return countryById(countryId).iso3;
}

/**
 * The covered country a country code or name names — ISO-3, ISO-2, ISO numeric or a common name,
 * any case, accents optional ('usa', 'US', 'United States', 'UK', 'Great Britain', 'México') —
 * read by the domain's parseCountryCode, so the API's validation and the geocoder agree.
 * Undefined when it names none of them (or is empty).
 */
export function lookupCountry(text: string | number | null | undefined): CountryId | undefined {
  return parseCountryCode(typeof text === 'number' ? String(text) : text);
}

/**
 * Like lookupCountry but throws UnknownCountryError for a non-empty code that names no covered
 * country; an empty code gives undefined (the caller infers or defaults).
 */
export function resolveCountryCode(text: string | number | null | undefined): CountryId | undefined {
  const value = typeof text === 'number' ? String(text) : typeof text === 'string' ? text.trim() : '';
  if (value === '') return undefined;
  const countryId = lookupCountry(value);
  if (countryId === undefined) throw new UnknownCountryError(value);
  return countryId;
}
