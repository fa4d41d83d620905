import type { ScoringLocation } from '@riskatlas/domain';
import type { Gazetteer } from './types';

/**
 * The geography the scoring engine needs for a point: country (boundary, not bounding box),
 * state/province/region, county (US/PR FIPS) or, in Great Britain, the local-authority code of the
 * nearest postcode district, and the population density. Undefined outside every covered country.
 */
export function scoringLocationAt(gazetteer: Gazetteer, latitude: number, longitude: number): ScoringLocation | undefined {
  const countryId = gazetteer.countryAt(latitude, longitude);
  if (countryId === undefined) return undefined;
  const county = gazetteer.countyAt(latitude, longitude);
  const sameCountryCounty = county && county.countryId === countryId ? county : undefined;
  const needsPostal = !sameCountryCounty || countryId === 3;
  const postal = needsPostal ? gazetteer.nearestPostalArea(latitude, longitude, countryId)?.area : undefined;
  const location: ScoringLocation = { latitude, longitude, countryId };
  const admin1Code = sameCountryCounty?.admin1Code || postal?.admin1Code;
  if (admin1Code) location.admin1Code = admin1Code;
  // Mexican "counties" in the gazetteer are the states themselves ('MX-09'); the scoring pack has no municipality level.
  if (sameCountryCounty && (countryId === 1 || countryId === 6)) location.countyCode = sameCountryCounty.id;
  if (countryId === 3 && postal) {
    if (postal.admin2Code) location.countyCode = postal.admin2Code;
    location.postalCode = postal.code;
  }
  const density = gazetteer.populationDensity(latitude, longitude);
  if (density !== undefined) location.populationDensity = density;
  return location;
}
