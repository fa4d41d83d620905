export { AtlasMap, PinMap } from './lazy-maps';
export { fitView, roundPin } from './geometry';
/** @public The props of the product's one map, for the pages built on it. */
export type { AtlasMapProps, LatLng, MapPoint, MapView } from './types';
/** @public The props of the site-entry map, for the Create Report wizard and Add Site. */
export type { PinMapProps } from './types';
