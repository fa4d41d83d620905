import { haversineMeters, normalizePlaceName, type Gazetteer, type Place, type PostalArea } from '@riskatlas/geo';
import { agencyNameVariants } from './agency-names';

/*
 * Puts a Table 8 agency on the map: a gazetteer place of its state with one of the names
 * agencyNameVariants gives, else the post-office areas carrying that name. Townships and small
 * boroughs are often no GeoNames place but do have a post office of that name.
 */

/** Postal areas of the place's name within this distance count towards its size. */
const SIZE_RADIUS_METERS = 15_000;

/**
 * A candidate "fits" when its county holds at least this share of the agency's population (a
 * city may spread over several counties, so not all of it); Shelby Township MI (80,000) is the
 * Shelby in Macomb County, not the village in Oceana County (26,000 residents in all).
 */
const FIT_SHARE = 0.5;
/** Below this share the candidate is rejected outright: a 50,000-resident agency is not in a county of 4,000. */
const REJECT_SHARE = 0.1;

/** What placing an agency needs besides its name: its population and the population of a point's county. */
export interface PlacementContext {
  gazetteer: Gazetteer;
  /** Population of the county containing the point, undefined when unknown. */
  countyPopulationAt(latitude: number, longitude: number): number | undefined;
}

/** Where an agency was placed and how. */
export interface AgencyPlacement {
  latitude: number;
  longitude: number;
  /** 'place': a gazetteer place; 'postal': a postal area's point. */
  via: 'place' | 'postal';
  /** The candidate name that matched. */
  matchedName: string;
}

const sameCounty = (admin2Name: string, county: string) => normalizePlaceName(admin2Name) === normalizePlaceName(county);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How well a point's county can hold the agency's population: 2 fits, 1 doubtful, 0 impossible. */
function fit(context: PlacementContext, latitude: number, longitude: number, population: number): number {
  const county = context.countyPopulationAt(latitude, longitude);
  if (county === undefined) return 1;
  return county >= FIT_SHARE * population ? 2 : county >= REJECT_SHARE * population ? 1 : 0;
}

/**
 * Of several same-named places in a state, the likeliest: one whose county can hold the agency,
 * then the largest — the most postal areas of that name within 15 km (a city has many ZIPs, a
 * hamlet none), then the denser — then the first by id so the choice never depends on input
 * order. Place exposes no population of its own.
 */
function likeliestPlace(context: PlacementContext, places: readonly Place[], postal: readonly PostalArea[], population: number): Place | undefined {
  const scored = places
    .map((place) => ({
      place,
      fit: fit(context, place.latitude, place.longitude, population),
      postal: postal.filter((area) => haversineMeters(place.latitude, place.longitude, area.latitude, area.longitude) <= SIZE_RADIUS_METERS).length,
      density: context.gazetteer.populationDensity(place.latitude, place.longitude) ?? 0,
    }))
    .filter((entry) => entry.fit > 0);
  scored.sort((a, b) => b.fit - a.fit || b.postal - a.postal || b.density - a.density || (a.place.id < b.place.id ? -1 : a.place.id > b.place.id ? 1 : 0));
  return scored[0]?.place;
}

/** Of several postal areas of one name, the one nearest their median point (the town's centre, not an outlying PO box). */
function centralArea(areas: readonly PostalArea[]): PostalArea {
  const lat = median(areas.map((area) => area.latitude));
  const lng = median(areas.map((area) => area.longitude));
  const scored = areas.map((area) => ({ area, meters: haversineMeters(lat, lng, area.latitude, area.longitude) }));
  scored.sort((a, b) => a.meters - b.meters || (a.area.code < b.area.code ? -1 : a.area.code > b.area.code ? 1 : 0));
  return scored[0]!.area;
}

/**
 * The point of an FBI agency of a state (two-letter code) with its Table 8 population, or
 * undefined when no name variant matches a place or postal area of that state (and of the county
 * the name gives, if it gives one) whose county could hold that population.
 */
export function placeAgency(context: PlacementContext, state: string, fbiName: string, population: number): AgencyPlacement | undefined {
  const { gazetteer } = context;
  const { names, county } = agencyNameVariants(fbiName);
  for (const name of names) {
    let postal = gazetteer.postalAreasOfPlace(1, name, state);
    let places = gazetteer.placesNamed(1, name, state);
    if (county) {
      places = places.filter((place) => sameCounty(place.admin2Name, county));
      postal = postal.filter((area) => sameCounty(area.admin2Name, county));
    }
    const place = likeliestPlace(context, places, postal, population);
    if (place) return { latitude: place.latitude, longitude: place.longitude, via: 'place', matchedName: name };
    const area = postal.length > 0 ? centralArea(postal) : undefined;
    if (area && fit(context, area.latitude, area.longitude, population) > 0) return { latitude: area.latitude, longitude: area.longitude, via: 'postal', matchedName: name };
  }
  return undefined;
}
