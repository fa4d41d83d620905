import { communityTypeFromDensity, type CountryId } from '@riskatlas/domain';
import type { Gazetteer } from '@riskatlas/geo';

/** What site creation records about a point (the site's state, county and community type). */
export interface LocationFacts {
  /** The covered country whose boundary contains the point; null outside every one. */
  countryId: CountryId | null;
  /** State / province / region code of the point ('IL', 'ON', 'ENG', INEGI '09'); null when unknown. */
  admin1Code: string | null;
  /** The US/PR county (municipio) or Mexican state containing the point. */
  county: { id: string; name: string } | null;
  /** Community type: 0 Rural, 1 Suburban, 2 Urban, 3 Unknown (from population density). */
  ct: 0 | 1 | 2 | 3;
  /** Inside a covered country's boundary. */
  isScorable: boolean;
}

/**
 * Facts about a point for site creation: its country (boundary, not bounding box), state, county
 * and community type. The state comes from the county when there is one, else from the nearest
 * postal area in the same country (Canada and the UK have no county layer).
 */
export function describeLocation(gazetteer: Gazetteer, latitude: number, longitude: number): LocationFacts {
  const countryId = gazetteer.countryAt(latitude, longitude) ?? null;
  if (countryId === null) return { countryId: null, admin1Code: null, county: null, ct: 3, isScorable: false };
  const county = gazetteer.countyAt(latitude, longitude);
  const sameCountryCounty = county && county.countryId === countryId ? county : undefined;
  const admin1Code = sameCountryCounty?.admin1Code || gazetteer.nearestPostalArea(latitude, longitude, countryId)?.area.admin1Code || null;
  return {
    countryId,
    admin1Code,
    county: sameCountryCounty ? { id: sameCountryCounty.id, name: sameCountryCounty.name } : null,
    ct: communityTypeFromDensity(gazetteer.populationDensity(latitude, longitude)),
    isScorable: true,
  };
}
