import type { Gazetteer, PostalArea } from '../gazetteer/types';
import { isMexicoCity } from './city-names';
import { cityCandidates } from './city-candidates';
import { iso3Of } from './countries';
import { normalizePlaceName } from '../gazetteer/normalize';
import { parseAddress, type ParsedAddress } from './parse-address';
import { displayName, round7, roundConfidence, stateDisplay } from './format';
import { meetsAddressRequirement } from '@riskatlas/domain';
import { haversineMeters } from '../spatial/distance';
import type { AddressInput, GeocodeCandidate, GeocodeOptions, GeocodeResult } from './types';

/*
 * The embedded forward geocoder: postal code first (POSTCODE precision), then city + state
 * (CITY precision), over the gazetteer in memory. No I/O; tens of thousands of addresses a second.
 */

/** Candidates returned at most, unless the caller asks otherwise. */
export const DEFAULT_MAX_CANDIDATES = 10;

/** A named place within this distance of a postal area's centre is "the same city". */
const CITY_AGREES_WITHIN_METERS = 30_000;

/** Confidence of a postal-code match, before the city and state are compared with it. */
const POSTCODE_BASE = 0.85;

/** A postal area's place name without the neighbourhood list some sources append ('Downtown Toronto (CN Tower / …)'). */
function shortPlaceName(place: string): string {
  return place.replace(/\s*\(.*$/, '').trim();
}

/**
 * The name under which the city the address gives agrees with the postal area — its place, its
 * county, or a place of that name beside it — or undefined when it does not agree.
 */
function cityAgreement(gazetteer: Gazetteer, parsed: ParsedAddress, area: PostalArea): string | undefined {
  const placeKey = ` ${normalizePlaceName(area.place)} `;
  const countyKey = ` ${normalizePlaceName(area.admin2Name)} `;
  for (const key of parsed.cityKeys) {
    const padded = ` ${key} `;
    if (placeKey === padded) return area.place;
    if (placeKey.includes(padded) || countyKey.includes(padded)) return '';
  }
  for (const key of parsed.cityKeys) {
    for (const place of gazetteer.placesNamed(area.countryId, key, area.admin1Code || undefined)) {
      if (haversineMeters(place.latitude, place.longitude, area.latitude, area.longitude) <= CITY_AGREES_WITHIN_METERS) return place.name;
    }
  }
  return undefined;
}

/** The city to show when the address's city agrees: as typed when typed in mixed case, else the gazetteer's spelling. */
function agreedCityName(parsed: ParsedAddress, gazetteerName: string): string {
  if (parsed.countryId === 5 && isMexicoCity(normalizePlaceName(parsed.city))) return 'Ciudad de México';
  if (parsed.city !== parsed.city.toUpperCase() && parsed.city !== parsed.city.toLowerCase()) return parsed.city;
  if (gazetteerName && normalizePlaceName(gazetteerName) === parsed.cityKeys[0]) return gazetteerName;
  return displayName(parsed.city);
}

/**
 * The city to show for a postal area: the pack's place name (the post-office city of a US or PR
 * ZIP, the municipality of a Canadian FSA, the post town of a UK outcode, the nearest place of a
 * Mexican CP), else the nearest populated place.
 */
export function cityOfArea(gazetteer: Gazetteer, area: PostalArea): string {
  const name = shortPlaceName(area.place);
  if (name) return name;
  const near = gazetteer.nearestPlace(area.latitude, area.longitude, area.countryId);
  return near && near.distanceMeters <= CITY_AGREES_WITHIN_METERS ? near.place.name : '';
}

function findPostalArea(gazetteer: Gazetteer, parsed: ParsedAddress): PostalArea | undefined {
  const postal = parsed.postal;
  if (!postal) return undefined;
  const area = gazetteer.postalArea(parsed.countryId, postal.key);
  if (area) return area;
  for (const key of postal.fallbackKeys) {
    const fallback = gazetteer.postalArea(parsed.countryId, key);
    if (fallback) return fallback;
  }
  return undefined;
}

function postcodeCandidate(gazetteer: Gazetteer, parsed: ParsedAddress, area: PostalArea): { candidate: GeocodeCandidate; mismatch: boolean } {
  const agreedAs = parsed.cityKeys.length > 0 ? cityAgreement(gazetteer, parsed, area) : undefined;
  const cityAgrees = parsed.cityKeys.length > 0 ? agreedAs !== undefined : undefined;
  const stateAgrees = parsed.region ? parsed.region.code === area.admin1Code || parsed.countryId === 6 : undefined;
  let confidence = POSTCODE_BASE;
  // Mexican, British and Puerto Rican city fields often hold a colonia, district or urbanization.
  if (cityAgrees === true) confidence += 0.1;
  else if (cityAgrees === false) confidence -= parsed.countryId === 1 || parsed.countryId === 2 ? 0.25 : 0.15;
  if (stateAgrees === false) confidence -= 0.35;
  const mismatch = cityAgrees === false || stateAgrees === false;
  const candidate: GeocodeCandidate = {
    street: parsed.street,
    city: agreedAs !== undefined ? agreedCityName(parsed, agreedAs) : cityOfArea(gazetteer, area),
    state: stateDisplay(parsed.countryId, area.admin1Code, area.admin1Name),
    postalCode: parsed.postal!.display,
    countryCode: iso3Of(parsed.countryId),
    countryId: parsed.countryId,
    latitude: round7(area.latitude),
    longitude: round7(area.longitude),
    precision: 'POSTCODE',
    confidence: roundConfidence(confidence),
    admin1Code: area.admin1Code,
    admin2Name: area.admin2Name,
    matchedBy: mismatch ? 'postalCode-mismatch' : cityAgrees ? 'postalCode+city' : 'postalCode',
    source: 'embedded',
  };
  return { candidate, mismatch };
}

/** True when the address has what its country needs to be placed by city (e.g. city + state in the US). */
function cityAlternativeComplete(parsed: ParsedAddress): boolean {
  return meetsAddressRequirement(parsed.countryId, { ...parsed.present, zipCode: false });
}

/**
 * Candidates of an already parsed address from the gazetteer alone, best first, untrimmed.
 * Exposed for the composed geocoder, which parses once for both geocoders.
 */
export function embeddedCandidates(gazetteer: Gazetteer, parsed: ParsedAddress): GeocodeCandidate[] {
  if (!meetsAddressRequirement(parsed.countryId, parsed.present)) return [];
  const area = findPostalArea(gazetteer, parsed);
  if (area) {
    const { candidate, mismatch } = postcodeCandidate(gazetteer, parsed, area);
    if (!mismatch || !cityAlternativeComplete(parsed)) return [candidate];
    // City or state disagree with the code: offer the place they name as well, the likelier first.
    const others = cityCandidates(gazetteer, parsed).filter(
      (c) => haversineMeters(c.latitude, c.longitude, candidate.latitude, candidate.longitude) > CITY_AGREES_WITHIN_METERS,
    );
    return sortCandidates([candidate, ...others]);
  }
  // No code, or one the gazetteer does not know: never tried in another country, fall back to city.
  return cityAlternativeComplete(parsed) ? cityCandidates(gazetteer, parsed) : [];
}

/** Best first: higher confidence, then the order they were made in (stable). */
export function sortCandidates(candidates: GeocodeCandidate[]): GeocodeCandidate[] {
  return candidates
    .map((candidate, order) => ({ candidate, order }))
    .sort((a, b) => b.candidate.confidence - a.candidate.confidence || a.order - b.order)
    .map((entry) => entry.candidate);
}

/** Applies acceptFirstCandidate and maxCandidates. */
export function trimCandidates(candidates: GeocodeCandidate[], options: GeocodeOptions): GeocodeCandidate[] {
  const max = options.acceptFirstCandidate ? 1 : Math.max(1, options.maxCandidates ?? DEFAULT_MAX_CANDIDATES);
  return candidates.length > max ? candidates.slice(0, max) : candidates;
}

/**
 * Forward-geocodes an address with the embedded gazetteer: the candidates where it may be, best
 * first. Postal codes are read by the rules of the address's country (US ZIP and ZIP+4 with lost
 * leading zeros restored, Puerto Rico ZIPs, Canadian FSA, UK outward code, Mexican CP padded to 5
 * digits) and never matched in another country; when the code is missing or unknown the city and
 * state are looked up instead (several places → several CITY candidates, the biggest first).
 *
 * Never throws for the address's content: empty or garbage addresses, and addresses missing a
 * part their country requires (see ADDRESS_REQUIREMENTS), give no candidates. Throws
 * UnknownCountryError when countryCode names no covered country.
 */
export function geocodeAddress(gazetteer: Gazetteer, address: AddressInput, options: GeocodeOptions = {}): GeocodeResult {
  const parsed = parseAddress(address);
  return { candidates: trimCandidates(embeddedCandidates(gazetteer, parsed), options) };
}
