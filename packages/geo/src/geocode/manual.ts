import type { Gazetteer } from '../gazetteer/types';
import { iso3Of } from './countries';
import { stateDisplay } from './format';
import { cityOfArea } from './geocode-address';
import { cleanText } from './normalize';
import type { GeocodeCandidate } from './types';

/**
 * A MANUAL candidate for a point the user placed (a pin), its address filled in by reverse lookup:
 * the nearest postal area's code, state and city, and the county.
 * Coordinates are kept exactly as given. Undefined when the point is in no covered
 * country (gazetteer.countryAt).
 */
export function manualCandidate(
  gazetteer: Gazetteer,
  latitude: number,
  longitude: number,
  given: { street?: string | null } = {},
): GeocodeCandidate | undefined {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  // The same boundary test as scorability, so a pin's country never disagrees with it.
  const countryId = gazetteer.countryAt(latitude, longitude);
  if (countryId === undefined) return undefined;
  const area = gazetteer.nearestPostalArea(latitude, longitude, countryId)?.area;
  const county = countryId === 1 || countryId === 6 ? gazetteer.countyAt(latitude, longitude) : undefined;
  const admin1Code = area?.admin1Code ?? '';
  const admin1Name = area?.admin1Name ?? '';
  const city = area ? cityOfArea(gazetteer, area) : '';
  return {
    street: cleanText(given.street),
    city,
    state: stateDisplay(countryId, admin1Code, admin1Name),
    postalCode: area?.code ?? '',
    countryCode: iso3Of(countryId),
    countryId,
    latitude,
    longitude,
    precision: 'MANUAL',
    confidence: 1,
    admin1Code,
    admin2Name: county?.name ?? area?.admin2Name ?? '',
    matchedBy: 'pin',
    source: 'pin',
  };
}
