import type { ScoringLocation } from '@riskatlas/domain';
import type { ScoringModel } from '../model/build-model';
import type { AreaSeries } from '../model/series';

/** The areas a location is compared with, and the finest one its estimate starts from. */
export interface LocationAreas {
  national: AreaSeries;
  /** State / province / region; undefined where the country has none at the point (Puerto Rico, Scotland). */
  state: AreaSeries | undefined;
  /** County / municipality / force area / CMA; undefined where the pack has none at the point. */
  county: AreaSeries | undefined;
  /** The finest area with data containing the point: what the methodologies refine. */
  base: AreaSeries;
  /**
   * False where the point lies outside every area of the country's source, so that its scores rest on
   * another territory's averages (Scotland and Northern Ireland take England and Wales's): every
   * score of such a point is imputed, the national one included.
   */
  covered: boolean;
}

/** UK nations the ONS police force data do not cover. */
const UK_NATIONS_OUTSIDE_SOURCE = new Set(['SCT', 'NIR']);

const KM_PER_DEGREE = 111.195;

function nearestMetropolitanArea(model: ScoringModel, location: ScoringLocation, province: AreaSeries | undefined): AreaSeries | undefined {
  let best: AreaSeries | undefined;
  let bestShare = Number.POSITIVE_INFINITY;
  const cosLat = Math.cos((location.latitude * Math.PI) / 180);
  for (const area of model.metropolitanAreas) {
    if (province && area.parent && area.parent !== province) continue;
    const dy = (area.latitude! - location.latitude) * KM_PER_DEGREE;
    const dx = (area.longitude! - location.longitude) * KM_PER_DEGREE * cosLat;
    const share = Math.sqrt(dx * dx + dy * dy) / area.radiusKm!;
    if (share <= 1 && share < bestShare) {
      best = area;
      bestShare = share;
    }
  }
  return best;
}

/** Finds the comparison areas of a location; undefined when the pack has no data for its country. */
export function locateAreas(model: ScoringModel, location: ScoringLocation): LocationAreas | undefined {
  const national = model.national.get(location.countryId);
  if (!national) return undefined;
  const area = (key: string | undefined) => (key ? model.areas.get(key) : undefined);
  switch (location.countryId) {
    case 1: {
      const state = area(location.admin1Code && `US-${location.admin1Code}`);
      const county = area(location.countyCode && `US-${location.countyCode}`);
      return { national, state, county, base: state ?? national, covered: true };
    }
    case 6: {
      const county = area(location.countyCode && `PR-${location.countyCode}`);
      return { national, state: undefined, county, base: county ?? national, covered: true };
    }
    case 2: {
      const state = area(location.admin1Code && `CA-${location.admin1Code}`);
      const county = nearestMetropolitanArea(model, location, state);
      return { national, state, county, base: county ?? state ?? national, covered: true };
    }
    case 5: {
      const state = area(location.admin1Code && `MX-${location.admin1Code}`);
      return { national, state, county: undefined, base: state ?? national, covered: true };
    }
    case 3: {
      const authority = location.countyCode ? model.localAuthorities.get(location.countyCode) : undefined;
      const forceKey = authority?.pfaKey ?? (location.postalCode ? model.forceOfOutcode.get(location.postalCode) : undefined);
      const outside = UK_NATIONS_OUTSIDE_SOURCE.has(location.admin1Code ?? '');
      const county = outside ? undefined : area(forceKey);
      // Without a force area the point takes England and Wales's averages: not its own data.
      return { national, state: county?.parent, county, base: county ?? national, covered: county !== undefined };
    }
    default:
      return undefined;
  }
}
