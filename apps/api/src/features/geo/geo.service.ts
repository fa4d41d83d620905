import {
  countryCodeOf,
  countryNameOf,
  Messages,
  REVERSE_GEOCODE_COORDINATE_DECIMALS,
  roundCoordinate,
  type TCountyBoundingBox,
  type TDataSource,
  type TIsScorableResponse,
  type TReverseGeocodeResponse,
} from '@riskatlas/domain';
import type { Gazetteer, PostalArea } from '@riskatlas/geo';
import { AppError } from '../../lib/app-error';
import { stateDisplay } from './state-display';

/**
 * Point questions of the map and the add-site wizard: is it scorable (sites/isscorable),
 * what address is it (sites/reverse), which county is it in (map/countyboundingbox).
 */

/** A populated place this close to a point names it (a neighbourhood, a town). */
const NAME_WITHIN_METERS = 5_000;
/** A populated place this close to a Mexican postal area's centre names its city. */
const CITY_WITHIN_METERS = 30_000;

/** True inside a covered country's boundary polygon (its bounding box is not enough). */
export function isScorable(gazetteer: Gazetteer, latitude: number, longitude: number): TIsScorableResponse {
  const countryId = gazetteer.countryAt(latitude, longitude);
  return { isScorable: countryId !== undefined, countryId: countryId ?? null };
}

/**
 * The city of a point in a postal area. US, Puerto Rico, Canadian and UK sources name the post
 * town ('Chicago', 'Toronto', 'London'); Mexican ones name the colonia, so there the populated
 * place nearest the point names the city ('Cuauhtémoc', 'Guadalajara').
 */
function cityAt(gazetteer: Gazetteer, area: PostalArea, latitude: number, longitude: number): string {
  const postTown = area.place.replace(/\s*\(.*$/, '').trim();
  if (area.countryId !== 5 && postTown) return postTown;
  const near = gazetteer.nearestPlace(latitude, longitude, area.countryId);
  if (near && near.distanceMeters <= CITY_WITHIN_METERS) return near.place.name;
  return postTown;
}

/**
 * The nearest postal area to a point inside a covered country, as an address. The point itself is
 * answered kept to 12 decimals, as coordinates are stored after a reverse geocode. Outside
 * every covered country: 404 with the product's not-scorable message.
 */
export function reverseGeocode(gazetteer: Gazetteer, latitude: number, longitude: number): TReverseGeocodeResponse {
  const countryId = gazetteer.countryAt(latitude, longitude);
  const nearest = countryId === undefined ? undefined : gazetteer.nearestPostalArea(latitude, longitude, countryId);
  if (countryId === undefined || !nearest) throw AppError.notFound(Messages.locationNotScorable);
  const { area, distanceMeters } = nearest;
  const county = gazetteer.countyAt(latitude, longitude);
  const place = gazetteer.nearestPlace(latitude, longitude, countryId);
  const city = cityAt(gazetteer, area, latitude, longitude);
  return {
    name: place && place.distanceMeters <= NAME_WITHIN_METERS ? place.place.name : city,
    street: '',
    city,
    state: stateDisplay(countryId, area.admin1Code, area.admin1Name),
    zipCode: area.code,
    countryCode: countryCodeOf(countryId),
    countryId,
    countryDisplay: countryNameOf(countryId),
    county: (county && county.countryId === countryId ? county.name : area.admin2Name) || null,
    latitude: roundCoordinate(latitude, REVERSE_GEOCODE_COORDINATE_DECIMALS),
    longitude: roundCoordinate(longitude, REVERSE_GEOCODE_COORDINATE_DECIMALS),
    distanceMeters: Math.round(distanceMeters),
  };
}

/** The county (US/PR) or Mexican state containing the point, with its bounding box; 404 elsewhere. */
export function countyBoundingBox(gazetteer: Gazetteer, latitude: number, longitude: number): TCountyBoundingBox {
  const county = gazetteer.countyAt(latitude, longitude);
  if (!county) throw AppError.notFound(Messages.noCountyAtLocation);
  return {
    countyId: county.id,
    name: county.name,
    state: stateDisplay(county.countryId, county.admin1Code, county.admin1Name),
    stateName: county.admin1Name,
    countryId: county.countryId,
    boundingBox: [...county.boundingBox],
  };
}

/** The data pack's sources and licences with the attribution each requires (Help page, report footers). */
export function listDataSources(gazetteer: Gazetteer): TDataSource[] {
  return gazetteer.sources.map(({ usedBy, ...source }) => (usedBy ? { ...source, usedBy: [...usedBy] } : { ...source }));
}
