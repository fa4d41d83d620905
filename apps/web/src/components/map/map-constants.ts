/**
 * The map's business constants, shared by every page that moves or styles the map, so the Map page,
 * the Sites panel and the Detail page fly and zoom alike.
 */

/** Zoom levels the map goes to: a pin (street level, to check the building), a site (its town), a county, the user's own location. */
export const MAP_ZOOM = { pin: 17, site: 13, county: 11, userLocation: 18 } as const;

/** Fly speed of animated moves; INSTANT_FLY_SPEED makes a move look immediate. */
export const FLY_SPEED = 2;
export const INSTANT_FLY_SPEED = 1000;

/** How long the pointer rests on a site (or a polygon) before its tooltip shows, ms. */
export const TOOLTIP_DELAY_MS = 200;
export const POLYGON_TOOLTIP_DELAY_MS = 300;

/** Padding in px around sites fitted into view. */
export const FIT_PADDING = 50;

/** Marker popups are at most this wide, px. */
export const POPUP_MAX_WIDTH = 600;

/** @public Incident clusters: radius in px and the colours of persons and property crimes (for the incident overlays). */
export const INCIDENT_CLUSTER_RADIUS = 55;
/** @public */
export const INCIDENT_COLORS = { persons: '#9C27B0', property: '#4DD0E1' } as const;

/** Sites are clustered (off the main thread) when a portfolio has more points than this. */
export const CLUSTER_THRESHOLD = 5_000;
