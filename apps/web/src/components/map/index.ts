export { AtlasMap, PinMap } from './lazy-maps';
export { fitView, roundPin } from './geometry';
export { sitePoint } from './site-points';
export { layerToken } from './map-api';
/** @public Zoom levels, fly speed, tooltip delays and the other map constants pages move and style the map by. */
export * from './map-constants';
/** @public The props of the product's one map, for the pages built on it. */
export type { AtlasMapHandle, AtlasMapProps, LatLng, MapBounds, MapOverlay, MapPoint, MapView, OverlayData, OverlayStyle } from './types';
/** @public The props of the site-entry map, for the Create Report wizard and Add Site. */
export type { PinMapProps } from './types';
