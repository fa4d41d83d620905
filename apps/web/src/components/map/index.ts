export { AtlasMap, PinMap } from './lazy-maps';
export { fitView, roundPin } from './geometry';
/** @public A site as a map point coloured by its score, for the pages that show sites. */
export { sitePoint } from './site-points';
/** @public A layer's token for its data requests (report heat maps, drive-time rings), renewed before it expires. */
export { layerToken } from './map-api';
/** @public Zoom levels, fly speed, tooltip delays and the other map constants pages move and style the map by. */
export * from './map-constants';
/** @public The props of the product's one map, for the pages built on it. */
export type { AtlasMapHandle, AtlasMapProps, LatLng, MapBounds, MapOverlay, MapPadding, MapPoint, MapView, OverlayData, OverlayStyle } from './types';
/** @public The props of the site-entry map, for the Create Report wizard and Add Site. */
export type { PinMapProps } from './types';
