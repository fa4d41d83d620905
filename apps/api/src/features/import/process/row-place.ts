import { GeocoderFlag, isValidGeocode, missingAddressParts, ADDRESS_PART_ERROR, parseCoordinate, parseCountryCode, presentAddressParts, roundCoordinate, type CountryId, type TGeocodeCandidate } from '@riskatlas/domain';
import { UnknownCountryError, type Gazetteer } from '@riskatlas/geo';
import { presentCandidate, type GeocodeFn } from '../../geo/index';
import type { ImportRowFields } from './import-row';
import { zipKey } from './import-row';
import type { RowFindings } from './row-status';

/** Where a row was placed, and how. */
export interface RowPlace {
  /** The covered country the row resolved to; null when none. */
  countryId: CountryId | null;
  latitude: number | null;
  longitude: number | null;
  /** 'MANUAL' (the file's coordinates), the geocode's precision, or '' when not placed. */
  precision: 'MANUAL' | 'ADDRESS' | 'POSTCODE' | 'CITY' | '';
  /** The candidates to choose from when the address matched several places. */
  candidates: TGeocodeCandidate[];
  /** geocoderFlags with 64 kept only when the file's coordinates were kept. */
  geocoderFlags: number;
}

/** What placing needs: the gazetteer (is a point in a covered country) and the geocoder. */
export interface PlaceDeps {
  gazetteer: Gazetteer;
  geocode: GeocodeFn;
}

/** Longest postal code per country, counted in letters and digits ('SW1A 1AA' is 7, a ZIP+4 9). */
const ZIP_MAX_CHARS: Readonly<Record<CountryId, number>> = { 1: 9, 2: 6, 3: 7, 5: 5, 6: 9 };

const hasText = (value: string) => value !== '';

/** The file's coordinates: MANUAL, inside a covered country, inside the row's country when it names one. */
function placeByCoordinates(deps: PlaceDeps, fields: ImportRowFields, countryId: CountryId | null, geocoderFlags: number, findings: RowFindings): RowPlace {
  const latitude = parseCoordinate(fields.latitude, 'latitude');
  const longitude = parseCoordinate(fields.longitude, 'longitude');
  const place: RowPlace = { countryId, latitude: null, longitude: null, precision: '', candidates: [], geocoderFlags: geocoderFlags | GeocoderFlag.UserDefined };
  if (latitude === undefined || longitude === undefined || !isValidGeocode(latitude, longitude)) {
    findings.error('GeocodeInvalid');
    return place;
  }
  place.latitude = roundCoordinate(latitude);
  place.longitude = roundCoordinate(longitude);
  place.precision = 'MANUAL';
  const pointCountry = deps.gazetteer.countryAt(place.latitude, place.longitude);
  if (pointCountry === undefined) {
    // Only an unknown country is worth more words than "not scorable": that one is said already.
    if (!findings.hasError('CountryNotAvailable')) findings.error('NotScorable');
  } else if (countryId !== null && pointCountry !== countryId) {
    findings.error('GeocodeOutsideCountry');
  } else {
    place.countryId = pointCountry;
  }
  return place;
}

/**
 * Geocodes the row's address in its country: the address parts the country requires first (a part
 * missing is its own error and the address is not geocoded), then the candidates inside a covered
 * country — none is GeocodingFailed, several (without acceptFirstCandidate) MultipleCandidatesFound
 * with the candidates to choose from.
 */
async function placeByAddress(deps: PlaceDeps, fields: ImportRowFields, countryId: CountryId, geocoderFlags: number, findings: RowFindings): Promise<RowPlace> {
  const place: RowPlace = { countryId, latitude: null, longitude: null, precision: '', candidates: [], geocoderFlags: geocoderFlags & ~GeocoderFlag.UserDefined };
  const missing = missingAddressParts(countryId, presentAddressParts(fields));
  for (const part of missing) findings.error(ADDRESS_PART_ERROR[part]);
  const zipTooLong = zipKey(fields.zipCode).length > ZIP_MAX_CHARS[countryId];
  if (zipTooLong) findings.error('ZipCodeTooLong');
  // An address missing what its country needs is not geocoded: its own errors say what to fix.
  if (missing.length > 0 || zipTooLong) return place;
  const acceptFirst = (geocoderFlags & GeocoderFlag.AcceptFirstCandidate) !== 0;
  let found;
  try {
    found = await deps.geocode(
      { street: fields.street, street2: fields.street2, city: fields.city, state: fields.state, zipCode: fields.zipCode, countryCode: fields.countryCode },
      { forceZipLevelPrecision: (geocoderFlags & GeocoderFlag.ForceZipLevelPrecision) !== 0, allowZipLevelPrecision: true },
    );
  } catch (error) {
    if (!(error instanceof UnknownCountryError)) throw error;
    findings.error('CountryNotAvailable');
    return place;
  }
  // Only candidates inside a covered country's boundary can be scored.
  const scorable = found.candidates.filter((candidate) => deps.gazetteer.countryAt(candidate.latitude, candidate.longitude) !== undefined);
  const best = scorable[0];
  if (!best) {
    findings.error(found.candidates.length > 0 ? 'NotScorable' : 'GeocodingFailed');
    return place;
  }
  if (scorable.length > 1 && !acceptFirst) {
    findings.error('MultipleCandidatesFound');
    place.candidates = scorable.map(presentCandidate);
    return place;
  }
  place.latitude = roundCoordinate(best.latitude);
  place.longitude = roundCoordinate(best.longitude);
  place.precision = best.precision;
  if (deps.gazetteer.countryAt(place.latitude, place.longitude) !== countryId) findings.error('GeocodeOutsideCountry');
  return place;
}

/**
 * Validates a row's name, country and address and places it. The file's coordinates are kept when
 * the user said so (capDefined: geocoderFlags 64) or when the row has coordinates and no address at
 * all; otherwise the address is geocoded. A country outside the covered ones is CountryNotAvailable
 * (the row keeps its status; nothing is dropped).
 */
export async function placeRow(deps: PlaceDeps, fields: ImportRowFields, geocoderFlags: number, findings: RowFindings): Promise<RowPlace> {
  if (!hasText(fields.siteName)) findings.error('SiteNameRequired');
  const countryText = fields.countryCode;
  const countryId = hasText(countryText) ? (parseCountryCode(countryText) ?? null) : null;
  if (hasText(countryText) && countryId === null) findings.error('CountryNotAvailable');
  const hasCoordinates = hasText(fields.latitude) || hasText(fields.longitude);
  const hasAddress = [fields.street, fields.city, fields.state, fields.zipCode].some(hasText);
  const userDefined = (geocoderFlags & GeocoderFlag.UserDefined) !== 0;
  if (hasCoordinates && (userDefined || !hasAddress)) return placeByCoordinates(deps, fields, countryId, geocoderFlags, findings);
  const unplaced: RowPlace = { countryId, latitude: null, longitude: null, precision: '', candidates: [], geocoderFlags: geocoderFlags & ~GeocoderFlag.UserDefined };
  if (!hasText(countryText)) findings.error('CountryRequired');
  if (countryId === null) return unplaced;
  return placeByAddress(deps, fields, countryId, geocoderFlags, findings);
}
