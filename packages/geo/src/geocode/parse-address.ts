import { DEFAULT_COUNTRY_ID, type CountryId, type PresentParts } from '@riskatlas/domain';
import { cityKeys, isMexicoCity } from './city-names';
import { resolveCountryCode } from './countries';
import { normalizePlaceName } from '../gazetteer/normalize';
import { cleanText, hasContent, normalizeStreet } from './normalize';
import { countryOfPostalShape, isPuertoRicoZip, parsePostalCode, type ParsedPostalCode } from './postal-codes';
import { countriesWithRegion, lookupRegion, regionByCode, type Region } from './regions';
import type { AddressInput } from './types';

/** An address read for geocoding: its country settled, its parts cleaned and recognised. */
export interface ParsedAddress {
  countryId: CountryId;
  /** The country came from the address's content (no countryCode was given). */
  countryInferred: boolean;
  /** The street line normalised for display ('233 S Wacker Dr'); '' when none. */
  street: string;
  /** Second line as given, cleaned (suite, PR urbanization, MX colonia). */
  street2: string;
  /** City as given, cleaned (state or code split off when they were typed into it). */
  city: string;
  /** Keys to look the city up by, most literal first ([] when the field names nothing). */
  cityKeys: string[];
  /** The state / province the State field (or the city field's tail) names, when recognised. */
  region: Region | undefined;
  /** The State field as given, cleaned. */
  stateText: string;
  /** The postal code, when it fits the country's pattern. */
  postal: ParsedPostalCode | undefined;
  /** The postal code field as given, cleaned. */
  zipText: string;
  /** Which parts count as present for the country's address requirement. */
  present: PresentParts;
}

/** Full postal codes at the end of a city or state field ('Chicago IL 60601', 'Toronto ON M5V 3L9'). */
const TRAILING_POSTAL: Record<CountryId, RegExp> = {
  1: /[\s,]+(\d{5}(?:-\d{4})?)$/,
  6: /[\s,]+(\d{5}(?:-\d{4})?)$/,
  2: /[\s,]+([A-Za-z]\d[A-Za-z][\s-]?\d[A-Za-z]\d)$/,
  3: /[\s,]+([A-Za-z]{1,2}\d[A-Za-z\d]?\s?\d[A-Za-z]{2})$/,
  5: /[\s,]+(?:C\.?\s?P\.?\s*)?(\d{5})$/i,
};

function takeTrailingPostal(countryId: CountryId, text: string): { rest: string; code: string } | undefined {
  const match = TRAILING_POSTAL[countryId].exec(text);
  if (!match || match.index === 0) return undefined;
  return { rest: text.slice(0, match.index).trim(), code: match[1]! };
}

/**
 * A region at the end of the city field ('Springfield, IL', 'Guadalajara, Jal.', 'Springfield IL').
 * Without a comma only an upper-case two-letter code counts, so 'Fort Wayne' stays a city.
 */
function takeTrailingRegion(countryId: CountryId, city: string): { rest: string; region: Region } | undefined {
  const comma = city.lastIndexOf(',');
  if (comma > 0) {
    const rest = city.slice(0, comma).trim();
    const region = regionFor(countryId, city.slice(comma + 1));
    if (region && hasContent(rest)) return { rest, region };
  }
  const code = /^(.*\S)\s+([A-Z]{2})$/.exec(city);
  if (code) {
    const region = regionFor(countryId, code[2]!);
    if (region) return { rest: code[1]!, region };
  }
  return undefined;
}

/** A region of the country, or Puerto Rico itself when a US address names it. */
function regionFor(countryId: CountryId, text: string): Region | undefined {
  return lookupRegion(countryId, text) ?? (countryId === 1 ? lookupRegion(6, text) : undefined);
}

function inferCountry(state: string, zip: string): CountryId {
  const byRegion = countriesWithRegion(state);
  if (byRegion.length === 1) return byRegion[0]!;
  return countryOfPostalShape(zip) ?? DEFAULT_COUNTRY_ID;
}

/**
 * Reads an address for geocoding. Throws UnknownCountryError when countryCode is given and names
 * no covered country; otherwise never throws (an empty address reads as empty).
 *
 * Puerto Rico: a US address whose ZIP is in Puerto Rico's ranges, or whose state is PR, is a
 * Puerto Rico address. A blank countryCode is inferred from the state or a full CA/UK postal code,
 * else the default country (USA).
 */
export function parseAddress(input: AddressInput | null | undefined): ParsedAddress {
  const address: AddressInput = input ?? {};
  let zipText = cleanText(address.zipCode);
  let stateText = cleanText(address.state);
  let city = cleanText(address.city);
  const given = resolveCountryCode(address.countryCode);
  let countryId: CountryId = given ?? inferCountry(stateText, zipText);

  // Codes and states typed into the city or state field.
  if (!zipText) {
    const fromState = stateText ? takeTrailingPostal(countryId, stateText) : undefined;
    const fromCity = !fromState && city ? takeTrailingPostal(countryId, city) : undefined;
    if (fromState) [stateText, zipText] = [fromState.rest, fromState.code];
    else if (fromCity) [city, zipText] = [fromCity.rest, fromCity.code];
  }
  let region: Region | undefined;
  if (stateText) {
    region = regionFor(countryId, stateText);
  } else if (city) {
    const split = takeTrailingRegion(countryId, city);
    if (split) [city, region] = [split.rest, split.region];
  }

  // Puerto Rico is its own country here, whatever the customer's file called it.
  let postal = parsePostalCode(countryId, zipText);
  if (countryId === 1 && (region?.countryId === 6 || (postal && isPuertoRicoZip(postal.key)))) countryId = 6;
  if (countryId === 6) region = regionByCode(6, 'PR');
  postal = parsePostalCode(countryId, zipText);

  const keys = hasContent(city) ? cityKeys(countryId, city) : [];
  // 'CDMX' in the city field names the state too.
  if (countryId === 5 && !region && keys.length > 0 && isMexicoCity(normalizePlaceName(city))) region = regionByCode(5, '09');

  const street = normalizeStreet(address.street, countryId === 1 || countryId === 2 || countryId === 6 ? 'usps' : 'plain');
  return {
    countryId,
    countryInferred: given === undefined,
    street,
    street2: cleanText(address.street2),
    city,
    cityKeys: keys,
    region,
    stateText,
    postal,
    zipText,
    present: { street: street !== '', city: keys.length > 0, state: region !== undefined, zipCode: postal !== undefined },
  };
}
