import {
  countryCodeOf,
  formatCoordinateText,
  Messages,
  parseCoordinateText,
  roundCoordinate,
  type TAutocompletePrediction,
  type TAutocompleteRequest,
  type TAutocompleteResponse,
  type TPlaceDetails,
} from '@riskatlas/domain';
import type { Gazetteer, PlaceMatch } from '@riskatlas/geo';
import { AppError } from '../../lib/app-error';
import { stateDisplay } from './state-display';

/** Places search for the map's search box (places/autocomplete and places/details). */

/** Predictions answered at most. */
const AUTOCOMPLETE_LIMIT = 10;

/** The prefix of ids that carry coordinates ('coord:41.88,-87.62'). */
const COORDINATE_ID = 'coord:';

function toPrediction(match: PlaceMatch): TAutocompletePrediction {
  return { description: match.description, place_id: match.id, latitude: match.latitude, longitude: match.longitude, kind: match.kind };
}

/**
 * Predictions for what the user typed, nearby places first (within `radius` metres of lat/lng
 * when both are given). Coordinate text ('41.88, -87.62') is always answered first as itself, so
 * a pasted point is never lost among place names that happen to contain its digits.
 */
export function autocomplete(gazetteer: Gazetteer, request: TAutocompleteRequest): TAutocompleteResponse {
  const search = request.search.trim();
  if (!search) return { predictions: [] };
  const hasNear = typeof request.lat === 'number' && typeof request.lng === 'number';
  const radiusMeters = request.radius ?? 200_000;
  const matches = gazetteer.search(search, {
    near: hasNear ? { latitude: request.lat!, longitude: request.lng! } : undefined,
    radiusMeters,
    // More than shown, so nearby places the search ranked lower still make the list.
    limit: AUTOCOMPLETE_LIMIT * 3,
  });
  // Nearby first, keeping the search's order within each group: a distant exact name
  // ('Oak, NE') must not push 'Oak Park' out from under a user looking at Chicago.
  const nearby = (match: PlaceMatch) => match.distanceMeters !== undefined && match.distanceMeters <= radiusMeters;
  const ranked = hasNear ? [...matches.filter(nearby), ...matches.filter((match) => !nearby(match))] : matches;
  const predictions = ranked.map(toPrediction);
  const point = parseCoordinateText(search);
  if (point && !predictions.some((prediction) => prediction.kind === 'coordinates')) {
    predictions.unshift({
      description: formatCoordinateText(point.latitude, point.longitude, 7),
      place_id: `${COORDINATE_ID}${point.latitude},${point.longitude}`,
      latitude: point.latitude,
      longitude: point.longitude,
      kind: 'coordinates',
    });
  }
  return { predictions: predictions.slice(0, AUTOCOMPLETE_LIMIT) };
}

/** The place id of a details request: the JSON string body or {placeId}. */
export function placeIdOf(body: string | { placeId: string }): string {
  return (typeof body === 'string' ? body : body.placeId).trim();
}

/** Details of a coordinate id: the point, named by its text, addressed by its nearest postal area when covered. */
function coordinateDetails(gazetteer: Gazetteer, id: string): TPlaceDetails | undefined {
  const point = parseCoordinateText(id.slice(COORDINATE_ID.length));
  if (!point) return undefined;
  const countryId = gazetteer.countryAt(point.latitude, point.longitude);
  const area = countryId === undefined ? undefined : gazetteer.nearestPostalArea(point.latitude, point.longitude, countryId)?.area;
  return {
    coordinates: { latitude: point.latitude, longitude: point.longitude },
    name: formatCoordinateText(point.latitude, point.longitude, 7),
    street: '',
    street2: '',
    city: area?.place ?? '',
    state: area && countryId !== undefined ? stateDisplay(countryId, area.admin1Code, area.admin1Name) : '',
    postalCode: area?.code ?? '',
    country: countryId === undefined ? '' : countryCodeOf(countryId),
    countryId: countryId ?? null,
  };
}

/** Place details of an id autocomplete gave; 404 for an id it never gives. */
export function placeDetails(gazetteer: Gazetteer, placeId: string): TPlaceDetails {
  if (placeId.startsWith(COORDINATE_ID)) {
    const details = coordinateDetails(gazetteer, placeId);
    if (details) return details;
    throw AppError.notFound(Messages.placeNotFound);
  }
  const place = gazetteer.placeById(placeId);
  if (!place) throw AppError.notFound(Messages.placeNotFound);
  return {
    coordinates: { latitude: roundCoordinate(place.latitude), longitude: roundCoordinate(place.longitude) },
    name: place.name,
    street: '',
    street2: '',
    city: place.name,
    state: stateDisplay(place.countryId, place.admin1Code, place.admin1Name),
    postalCode: place.postalCode,
    country: countryCodeOf(place.countryId),
    countryId: place.countryId,
  };
}
