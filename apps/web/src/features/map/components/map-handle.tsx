import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { LatLng } from '@riskatlas/domain';
import { FLY_SPEED } from '../../../components/map';

/**
 * What the Map page's own controls ask of the drawn map. Null where the browser draws no map
 * (no WebGL): the page then keeps working on its lists and panels alone.
 */
export interface MapHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  flyTo: (at: LatLng, zoom: number) => void;
  center: () => LatLng;
  /** The point under a screen position (CSS pixels from the map's corner). */
  unproject: (at: { x: number; y: number }) => LatLng;
  /** Shows or hides a layer of the base style ('counties', 'states'); a style without it is left alone. */
  setBaseLayerVisible: (layerId: string, visible: boolean) => void;
}

/**
 * Placed inside AtlasMap: hands the page a MapHandle for the map it sits in, so controls drawn
 * over the map (zoom, my location, reset, the layer switches) can move and style it.
 */
export function MapHandleBridge({ onHandle }: { onHandle: (handle: MapHandle | null) => void }) {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return undefined;
    onHandle({
      zoomIn: () => map.zoomIn(),
      zoomOut: () => map.zoomOut(),
      flyTo: (at, zoom) => map.flyTo({ center: [at.longitude, at.latitude], zoom, speed: FLY_SPEED, essential: true }),
      center: () => {
        const { lat, lng } = map.getCenter();
        return { latitude: lat, longitude: lng };
      },
      unproject: ({ x, y }) => {
        const { lat, lng } = map.unproject([x, y]);
        return { latitude: lat, longitude: lng };
      },
      setBaseLayerVisible: (layerId, visible) => {
        const raw = map.getMap();
        if (raw.getLayer(layerId)) raw.setLayoutProperty(layerId, 'visibility', visible ? 'visible' : 'none');
      },
    });
    return () => onHandle(null);
  }, [map, onHandle]);
  return null;
}
