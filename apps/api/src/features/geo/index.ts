/** The geo feature as the rest of the API sees it: what other features and the app may use. */
export { geoRoutes } from './geo.routes';
export { reverseGeocode } from './geo.service';
export { appGeocoder, presentCandidate, type GeocodeFn, type GeocoderLog } from './geocode.service';
export { describeLocation } from './location-facts.service';
