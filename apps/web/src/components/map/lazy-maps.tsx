import { lazy, Suspense } from 'react';
import { DEFAULT_HEIGHT } from './geometry';
import { MapFallback, MapLoading } from './map-fallback';
import { PIN_MAP_LABEL, PinDetails } from './pin-details';
import type { AtlasMapProps, PinMapProps } from './types';
import { canDrawMaps } from './webgl';

// Loaded on first use, so MapLibre (~480 KiB) stays out of the first bundle.
const AtlasMapView = lazy(() => import('./atlas-map'));
const PinMapView = lazy(() => import('./pin-map'));

/** The product's one map (see atlas-map.tsx); a sentence and `fallbackDetails` where WebGL is missing. */
export function AtlasMap(props: AtlasMapProps) {
  const height = props.height ?? DEFAULT_HEIGHT.atlas;
  if (!canDrawMaps()) return <MapFallback label={props.label} height={height}>{props.fallbackDetails}</MapFallback>;
  return (
    <Suspense fallback={<MapLoading label={props.label} height={height} />}>
      <AtlasMapView {...props} />
    </Suspense>
  );
}

/** The site-entry map (see pin-map.tsx); the pin's coordinates and the choices as text where WebGL is missing. */
export function PinMap(props: PinMapProps) {
  const height = props.height ?? DEFAULT_HEIGHT.pin;
  if (!canDrawMaps())
    return (
      <MapFallback label={PIN_MAP_LABEL} height={height}>
        <PinDetails pin={props.pin} candidates={props.candidates} onChooseCandidate={props.onChooseCandidate} nearbySites={props.nearbySites} />
      </MapFallback>
    );
  return (
    <Suspense fallback={<MapLoading label={PIN_MAP_LABEL} height={height} />}>
      <PinMapView {...props} />
    </Suspense>
  );
}
