import { useCallback, useRef, useState } from 'react';
import type { LatLng } from '@riskatlas/domain';
import type { MapView } from '../../../components/map';
import type { MapHandle } from '../components/map-handle';

/**
 * The page's hold on the map: the view it was last sent to, and the drawn map's handle once it
 * exists. Moves fly the drawn map; without one (no WebGL) the view is still kept, so what the
 * page shows stays consistent.
 */
export function useMapMover(initial: () => MapView) {
  const [view, setView] = useState<MapView>(initial);
  const handle = useRef<MapHandle | null>(null);
  const [drawn, setDrawn] = useState(false);
  const onHandle = useCallback((next: MapHandle | null) => {
    handle.current = next;
    setDrawn(next !== null);
  }, []);
  const flyTo = useCallback((at: LatLng, zoom: number) => {
    if (handle.current) handle.current.flyTo(at, zoom);
    else setView({ center: at, zoom });
  }, []);
  const show = useCallback((next: MapView) => {
    if (handle.current && 'center' in next) handle.current.flyTo(next.center, next.zoom);
    else setView(next);
  }, []);
  const setBaseLayerVisible = useCallback((layerId: string, visible: boolean) => handle.current?.setBaseLayerVisible(layerId, visible), []);
  const center = useCallback((): LatLng => handle.current?.center() ?? ('center' in view ? view.center : { latitude: (view.bounds[1] + view.bounds[3]) / 2, longitude: (view.bounds[0] + view.bounds[2]) / 2 }), [view]);
  const unproject = useCallback((at: { x: number; y: number }) => handle.current?.unproject(at) ?? null, []);
  return { view, unproject, onHandle, drawn, flyTo, show, center, setBaseLayerVisible, zoomIn: () => handle.current?.zoomIn(), zoomOut: () => handle.current?.zoomOut() };
}
