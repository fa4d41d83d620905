/**
 * Rules of the Map page and the Select Multiple Sites page: the site map style cycle, what the
 * search box text means, the geolocation messages, map layer exclusivity, and where Select
 * Multiple Sites returns to.
 */
import { isValidGeocode, parseCoordinateText, type LatLng } from './coordinates';

/** Map constants of the Map page (zoom levels and fly speed are the map component's). */
export const MapPageConstants = {
  /** Radius in metres around a pin inside which existing sites count as "at" the spot. */
  siteNearPointRadius: 101,
  /** How long the browser may take to determine the user's location. */
  geolocationTimeoutMs: 10_000,
  /** The pin panel's buttons stay disabled this long after a pin is set, so a double click does not act twice. */
  pinButtonsDisabledMs: 400,
  /** Most sites the search offers by name. */
  siteSearchLimit: 8,
} as const;

/** The site map style: none, standard, heat/contour. */
export const SiteMapStyle = { None: -1, Standard: 0, HeatContour: 1 } as const;
export type SiteMapStyle = (typeof SiteMapStyle)[keyof typeof SiteMapStyle];

/** The report feature bit of the heat map (Site.l.f). */
const HEAT_MAP_FEATURE = 1;

/** True when a site's report summary carries the heat-map feature. */
export function reportHasHeatMap(latest: { f: number } | null | undefined): boolean {
  return latest ? (latest.f & HEAT_MAP_FEATURE) !== 0 : false;
}

/**
 * The next site map style: none → standard → heat/contour → none; heat/contour is skipped when
 * the site's report has no heat map.
 */
export function nextSiteMapStyle(current: SiteMapStyle, hasHeatMap: boolean): SiteMapStyle {
  if (current === SiteMapStyle.None) return SiteMapStyle.Standard;
  if (current === SiteMapStyle.Standard && hasHeatMap) return SiteMapStyle.HeatContour;
  return SiteMapStyle.None;
}

/** The site map style's name as the control shows it. */
export function siteMapStyleName(style: SiteMapStyle): string {
  return style === SiteMapStyle.None ? 'None' : style === SiteMapStyle.Standard ? 'Standard' : 'Heat / contour';
}

/** What the Map page's search text asks for. */
export type MapSearch =
  | { kind: 'empty' }
  /** A valid coordinate pair: drop a pin there. */
  | { kind: 'coordinates'; point: LatLng }
  /** Two numbers that are not a valid location: say why instead of searching. */
  | { kind: 'invalidCoordinates'; message: string }
  /** Anything else: sites by name and places. */
  | { kind: 'text'; text: string };

/** Said when the search text is two numbers that are not a valid location. */
export const INVALID_COORDINATES_MESSAGE = 'Coordinates must be a latitude from -90 to 90 (not 0) and a longitude from -180 to 180, e.g. "41.88, -87.62".';

const TWO_NUMBERS = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*(?:,\s*|\s+)[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

/**
 * Reads the search text: two numbers separated by a comma or spaces are coordinates (latitude
 * first), accepted only as a valid geocode (both in range, latitude non-zero); other text
 * searches sites and places.
 */
export function parseMapSearch(text: string): MapSearch {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'empty' };
  if (!TWO_NUMBERS.test(trimmed)) return { kind: 'text', text: trimmed };
  const point = parseCoordinateText(trimmed);
  if (!point || !isValidGeocode(point.latitude, point.longitude)) return { kind: 'invalidCoordinates', message: INVALID_COORDINATES_MESSAGE };
  return { kind: 'coordinates', point };
}

/**
 * Sites whose name contains the text (ignoring case), names starting with it first, then by
 * name; at most `limit`.
 */
export function sitesMatchingName<T extends { siteName: string }>(sites: readonly T[], text: string, limit: number = MapPageConstants.siteSearchLimit): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const site of sites) {
    const name = site.siteName.toLowerCase();
    if (name.startsWith(needle)) starts.push(site);
    else if (name.includes(needle)) contains.push(site);
  }
  const byName = (a: T, b: T) => a.siteName.localeCompare(b.siteName);
  return [...starts.sort(byName), ...contains.sort(byName)].slice(0, limit);
}

/** The browser's geolocation error codes. */
export const GeolocationError = { PermissionDenied: 1, PositionUnavailable: 2, Timeout: 3 } as const;

/** What the user is told when their location could not be determined, by the browser's error code. */
export function geolocationErrorMessage(code: number): string {
  if (code === GeolocationError.PermissionDenied) return 'You declined to permit your location to be determined.';
  if (code === GeolocationError.PositionUnavailable) return 'Your location could not be determined. Please try again.';
  return 'It took too long to determine your location. Please try again.';
}

/**
 * The map layers shown after the user switches `layerId` on or off: switching one on switches off
 * the others of its exclusivity group (one heat surface at a time).
 */
export function toggleMapLayer<T extends { mapLayerID: number; exclusivityGroup: number | null }>(layers: readonly T[], shown: ReadonlySet<number>, layerId: number, on: boolean): Set<number> {
  const next = new Set(shown);
  if (!on) {
    next.delete(layerId);
    return next;
  }
  const group = layers.find((layer) => layer.mapLayerID === layerId)?.exclusivityGroup ?? null;
  if (group !== null) for (const layer of layers) if (layer.exclusivityGroup === group) next.delete(layer.mapLayerID);
  next.add(layerId);
  return next;
}

/**
 * The sites inside a box drawn on the map between two corners (any two opposite corners, in
 * degrees; a box across the antimeridian is not drawn on this map).
 */
export function sitesInBox<T extends LatLng>(sites: readonly T[], a: LatLng, b: LatLng): T[] {
  const south = Math.min(a.latitude, b.latitude);
  const north = Math.max(a.latitude, b.latitude);
  const west = Math.min(a.longitude, b.longitude);
  const east = Math.max(a.longitude, b.longitude);
  return sites.filter((site) => site.latitude >= south && site.latitude <= north && site.longitude >= west && site.longitude <= east);
}

/** Pages after which Select Multiple Sites returns to the Sites page rather than to them. */
const RETURN_TO_SITES_FROM = new Set(['sites', 'dashboard']);

/**
 * Where Select Multiple Sites goes when the user finishes: back to the page it was opened from,
 * unless that was Sites or Dashboard (or is unknown), which go to Sites.
 */
export function pageAfterSiteSelection(previousPage: string | null | undefined): string {
  const previous = previousPage?.trim();
  if (!previous || RETURN_TO_SITES_FROM.has(previous.toLowerCase().replace(/[\s_-]+/g, ''))) return 'Sites';
  return previous;
}
