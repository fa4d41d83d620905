/**
 * @riskatlas/geo — gazetteer, geocoder (forward, reverse, candidates, precision), places search,
 * boundaries and scorability, over the committed data pack.
 */
// The data pack and the gazetteer: postal areas, places, boundaries, density, places search.
export * from './gazetteer/types';
export { loadGazetteer, BOUNDARY_TOLERANCE_METERS } from './gazetteer/load-gazetteer';
export { normalizePlaceName, placeNamePrefixes } from './gazetteer/normalize';
export { normalizePostalCode } from './gazetteer/postal-code';
export { locatePackDir } from './pack/locate';
export { scoringLocationAt } from './gazetteer/scoring-location';
export { countryLabel, regionLabel, describePlace, describePostalArea } from './search/describe';
export { DEFAULT_SEARCH_RADIUS_METERS, postalQuery } from './search/place-search';
export { haversineMeters, EARTH_RADIUS_METERS } from './spatial/distance';
// Forward geocoding (embedded and external), address rules, MANUAL pins.
export * from './geocode/types';
export { geocodeAddress, DEFAULT_MAX_CANDIDATES } from './geocode/geocode-address';
export { createGeocoder, type Geocoder, type GeocoderOptions } from './geocode/create-geocoder';
export { manualCandidate } from './geocode/manual';
export { parseAddress, type ParsedAddress } from './geocode/parse-address';
export { UnknownCountryError, lookupCountry, resolveCountryCode, iso3Of } from './geocode/countries';
export { lookupRegion, regionByCode, regionsOf, type Region } from './geocode/regions';
export { parsePostalCode, isPuertoRicoZip, type ParsedPostalCode } from './geocode/postal-codes';
export { normalizeStreet, expandStreet } from './geocode/normalize';
export { createAddressGeocoder, detectGeocoderKind, DEFAULT_EXTERNAL_TIMEOUT_MS, type AddressGeocoderOptions } from './external/create-address-geocoder';
export { ExternalGeocoderError, EXTERNAL_GEOCODER_KINDS, type AddressGeocoder, type ExternalAddressQuery, type ExternalGeocoderKind, type FetchLike } from './external/types';
// A report's context: points of interest near a site, county demographics.
export { loadContextData, type ContextData, type NearbyPoint, type PointOfInterest, type DemographicSection, type DemographicVariable } from './context/load-context';
// Boundary layers for server-drawn maps.
export { loadBaseMapLayers, type BaseMapLayers } from './basemap/base-map';
export type { DecodedFeature } from './pack/read-pack';
