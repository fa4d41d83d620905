import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { LatLng } from '@riskatlas/domain';

/** Moves at this speed; MapLibre's default is 1.2. */
const FLY_SPEED = 2;

/**
 * What the Map page's own controls ask of the drawn map. Null where the browser draws no map
 * (no WebGL): the page then keeps working on its lists and panels alone.
 */
export interface MapHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  flyTo: (at: LatLng, zoom: number) => void;
  /** Screen pixels of a point at the current view. */
  project: (at: LatLng) => { x: number; y: number };
  center: () => LatLng;
}

/**
 * Placed inside AtlasMap: hands the page a MapHandle for the map it sits in, so controls drawn
 * over the map (zoom, my location, reset) can move it.
 */
export function MapHandleBridge({ onHandle }: { onHandle: (handle: MapHandle | null) => void }) {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return undefined;
    onHandle({
      zoomIn: () => map.zoomIn(),
      zoomOut: () => map.zoomOut(),
      flyTo: (at, zoom) => map.flyTo({ center: [at.longitude, at.latitude], zoom, speed: FLY_SPEED, essential: true }),
      project: (at) => map.project([at.longitude, at.latitude]),
      center: () => {
        const { lat, lng } = map.getCenter();
        return { latitude: lat, longitude: lng };
      },
    });
    return () => onHandle(null);
  }, [map, onHandle]);
  return null;
}
