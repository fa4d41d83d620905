import type { ReactNode, Ref } from 'react';
import type { FeatureCollection } from 'geojson';

/** A point on the earth, in WGS 84 degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A box on the map: west, south, east, north in degrees. */
export type MapBounds = readonly [west: number, south: number, east: number, north: number];

/** A point of the map's points layer (drawn on the GPU: 100,000 of them stay fluid). */
export interface MapPoint extends LatLng {
  /** Handed back by `onPointClick` / `onPointsClick`. */
  id: number | string;
  /** CSS colour of the dot; the theme's primary colour when absent (sitePoint gives the score band's colour). */
  color?: string;
  /** Shown beside the dot while the pointer rests on it (the site's name). */
  label?: string;
  /** Second line of the tooltip, e.g. the score reading "412 — 400–799, Medium-High". */
  detail?: string;
}

/** What the map shows: a centre and zoom, or a box to fit (west, south, east, north in degrees). */
/** Padding in px on each side when bounds are fitted (more on a side a panel covers); the usual margin is FIT_PADDING all round. */
export interface MapPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export type MapView = { center: LatLng; zoom: number } | { bounds: MapBounds; maxZoom?: number; padding?: MapPadding };

/**
 * How an overlay's features are drawn. Colours left out come from each feature's `color`
 * property, else the theme's primary colour.
 */
export type OverlayStyle =
  | { kind: 'circle'; color?: string; radius?: number; strokeColor?: string; opacity?: number }
  | { kind: 'fill'; color?: string; opacity?: number; outlineColor?: string }
  | { kind: 'line'; color?: string; width?: number; dash?: readonly number[]; opacity?: number }
  /** A density surface; `weightProperty` names a numeric property weighting each point (1 each without). */
  | { kind: 'heat'; weightProperty?: string; radius?: number; intensity?: number; opacity?: number };

/** Data of an overlay: a collection, or a loader the map calls (and aborts when a newer load starts). */
export type OverlayData = FeatureCollection | ((signal: AbortSignal) => Promise<FeatureCollection>);

/** One overlay: a GeoJSON source drawn with one style (incidents, proximity points, heat cells, rings, drive-time polygons). */
export interface MapOverlay {
  /** Unique among the overlays; also the MapLibre source and layer id prefix. */
  id: string;
  data: OverlayData;
  /**
   * With a loader: what the data depends on. A new key starts a new load and aborts the older one;
   * only the latest load's result is drawn (so a slow answer for an old site never replaces a newer one).
   */
  dataKey?: string;
  style: OverlayStyle;
  /** Cluster points (circle overlays only); a cluster click zooms in. */
  cluster?: { radius?: number; maxZoom?: number; color?: string };
  /** Hidden overlays keep their data but draw nothing. Default true. */
  visible?: boolean;
  /** 'below-points' (default) draws under the sites; 'above-points' over them. */
  placement?: 'below-points' | 'above-points';
  /** A feature property shown as the tooltip on hover. */
  tooltipProperty?: string;
  /** Called with a clicked feature's properties and where it is. */
  onFeatureClick?: (properties: Record<string, unknown>, at: LatLng) => void;
  /** Called when a loader fails (the overlay is then cleared): the page sets its map error state. */
  onError?: (error: unknown) => void;
}

/** Moves the map from outside (a page's search box, "zoom to", a grid row's double click). */
export interface AtlasMapHandle {
  /** Flies to a point at a zoom (the current zoom when absent); `instant` jumps there. */
  flyTo(center: LatLng, zoom?: number, options?: { instant?: boolean }): void;
  /** Fits a box into view, zooming in no further than maxZoom. */
  fitBounds(bounds: MapBounds, options?: { maxZoom?: number; padding?: number; instant?: boolean }): void;
  /** The box now in view; null before the map has loaded. */
  getBounds(): MapBounds | null;
}

/** The props of AtlasMap, the product's one map. */
export interface AtlasMapProps {
  /** The view; the map moves (flies or fits) whenever a different view is passed. */
  view: MapView;
  /** Moves the map from outside: flyTo, fitBounds, getBounds. */
  ref?: Ref<AtlasMapHandle>;
  /** The dots layer. */
  points?: readonly MapPoint[];
  /**
   * Called with a point's id when the user clicks its dot; when several dots lie under the
   * pointer and `onPointsClick` is absent, with the topmost one's.
   */
  onPointClick?: (id: MapPoint['id']) => void;
  /** Called with every id under the pointer when a click hits several overlapping dots (the page shows a selection list). */
  onPointsClick?: (ids: MapPoint['id'][]) => void;
  /** Points drawn ringed, as selected. */
  selectedIds?: ReadonlySet<MapPoint['id']>;
  /** One point drawn enlarged on top of all others (e.g. the grid row under the pointer). */
  highlightedId?: MapPoint['id'] | null;
  /**
   * Cluster the points: 'auto' (default) above CLUSTER_THRESHOLD points. Clusters are computed in a
   * Web Worker; a cluster click zooms in.
   */
  cluster?: boolean | 'auto';
  /** City and town names (HTML labels, more as the map zooms in). Default true. */
  cityLabels?: boolean;
  /** Extra GeoJSON layers drawn with the sites. */
  overlays?: readonly MapOverlay[];
  /** Called when the user clicks the map outside any dot. */
  onMapClick?: (at: LatLng) => void;
  /** Called after each move with the box in view (e.g. to recount the sites in view). */
  onViewChange?: (bounds: MapBounds, zoom: number) => void;
  /** Height of the map box (CSS length or px); 400 px when absent. */
  height?: number | string;
  /** The map's accessible name, e.g. "Map of 12 sites". */
  label: string;
  /** Markers, popups and controls drawn over the map (react-map-gl children). */
  children?: ReactNode;
  /** Shown under the fallback sentence when the browser cannot draw the map (e.g. the coordinates). */
  fallbackDetails?: ReactNode;
  /** The built-in zoom buttons (top right); a page with its own zoom control turns them off. Default true. */
  navigationControl?: boolean;
}

/** The props of PinMap, the site-entry map of the Create Report wizard and Add Site. */
export interface PinMapProps {
  /** The pinned point, or null before one is set. */
  pin: { latitude: number; longitude: number } | null;
  /** Called when the user clicks the map or drags the pin (coordinates rounded to 7 decimals). */
  onPin: (pin: { latitude: number; longitude: number }) => void;
  /** Geocode candidates to choose from: numbered markers; the map fits them all. */
  candidates?: ReadonlyArray<{ key: string; label: string; latitude: number; longitude: number }>;
  onChooseCandidate?: (key: string) => void;
  /** Existing sites near the pin, drawn as distinct markers with their names on hover/focus. */
  nearbySites?: ReadonlyArray<{ siteId: number; siteName: string; latitude: number; longitude: number }>;
  /** Disables pinning (e.g. while geocoding). */
  disabled?: boolean;
  height?: number | string;
}
