import type { ReactNode } from 'react';

/** A point on the earth, in WGS 84 degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A point of the map's points layer (drawn on the GPU: 100,000 of them stay fluid). */
export interface MapPoint extends LatLng {
  /** Handed back by `onPointClick`. */
  id: number | string;
  /** CSS colour of the dot; the theme's primary colour when absent. */
  color?: string;
  /** Shown beside the dot while the pointer is over it. */
  label?: string;
}

/** What the map shows: a centre and zoom, or a box to fit (west, south, east, north in degrees). */
export type MapView =
  | { center: LatLng; zoom: number }
  | { bounds: readonly [west: number, south: number, east: number, north: number]; maxZoom?: number };

/** The props of AtlasMap, the product's one map. */
export interface AtlasMapProps {
  /** The view; the map moves (flies or fits) whenever a different view is passed. */
  view: MapView;
  /** The dots layer. */
  points?: readonly MapPoint[];
  /** Called with a point's id when the user clicks its dot. */
  onPointClick?: (id: MapPoint['id']) => void;
  /** Points drawn ringed, as selected. */
  selectedIds?: ReadonlySet<MapPoint['id']>;
  /** Called when the user clicks the map outside any dot. */
  onMapClick?: (at: LatLng) => void;
  /** Height of the map box (CSS length or px); 400 px when absent. */
  height?: number | string;
  /** The map's accessible name, e.g. "Map of 12 sites". */
  label: string;
  /** Markers, popups and controls drawn over the map (react-map-gl children). */
  children?: ReactNode;
  /** Shown under the fallback sentence when the browser cannot draw the map (e.g. the coordinates). */
  fallbackDetails?: ReactNode;
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
