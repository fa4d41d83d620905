import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapGL, { Layer, NavigationControl, Popup, ScaleControl, Source, type ErrorEvent, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { mapStyle } from './base-style';
import { DEFAULT_HEIGHT } from './geometry';
import { MapFallback } from './map-fallback';
import { dotRadius, pointsCollection, type PointProperties } from './points-layer';
import type { AtlasMapProps, MapView } from './types';

// After a Vite build the worker is a separate file; MapLibre must be told where it is.
setWorkerUrl(workerUrl);

const POINTS_LAYER = 'atlas-points';
const FIT_PADDING = 40;

// MapLibre reads an explicit `maxZoom: undefined` as a number (NaN): pass the key only with a value.
const fitOptions = (maxZoom: number | undefined) => (maxZoom === undefined ? { padding: FIT_PADDING } : { padding: FIT_PADDING, maxZoom });

function initialViewOf(view: MapView) {
  return 'center' in view
    ? { longitude: view.center.longitude, latitude: view.center.latitude, zoom: view.zoom }
    : { bounds: [...view.bounds] as [number, number, number, number], fitBoundsOptions: fitOptions(view.maxZoom) };
}

function moveTo(map: MapRef, view: MapView) {
  if ('center' in view) map.flyTo({ center: [view.center.longitude, view.center.latitude], zoom: view.zoom, essential: true });
  else map.fitBounds([...view.bounds] as [number, number, number, number], { ...fitOptions(view.maxZoom), duration: 600 });
}

/**
 * The product's one map (MapLibre): the offline base layers (or the configured online style), a
 * dots layer drawn on the GPU, selected dots ringed, navigation and scale controls, and the base
 * data's attribution. Falls back to a sentence when the browser cannot create the map.
 */
export default function AtlasMapView({ view, points, onPointClick, selectedIds, onMapClick, height = DEFAULT_HEIGHT.atlas, label, children, fallbackDetails }: AtlasMapProps) {
  const theme = useTheme();
  const mode = theme.palette.mode;
  const style = useMemo(() => mapStyle(mode), [mode]);
  const map = useRef<MapRef>(null);
  const [failed, setFailed] = useState(false);
  const [idle, setIdle] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [hovered, setHovered] = useState<{ label: string; longitude: number; latitude: number } | null>(null);
  const [initialView] = useState(() => initialViewOf(view));

  const all = points ?? [];
  const primary = theme.palette.primary.main;
  const dots = useMemo(() => pointsCollection(points ?? [], primary), [points, primary]);
  const selected = useMemo(() => pointsCollection(selectedIds && selectedIds.size > 0 ? (points ?? []).filter((point) => selectedIds.has(point.id)) : [], primary), [points, selectedIds, primary]);
  const radius = dotRadius(all.length);

  // Moves only when the caller passes a different view, not on every render's new object; a view
  // passed while MapLibre was still loading is applied once it has loaded.
  const viewKey = JSON.stringify(view);
  const shownKey = useRef(viewKey);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!loaded || !map.current || viewKey === shownKey.current) return;
    shownKey.current = viewKey;
    moveTo(map.current, JSON.parse(viewKey) as MapView);
  }, [viewKey, loaded]);

  if (failed) return <MapFallback label={label} height={height}>{fallbackDetails}</MapFallback>;

  const onClick = (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    if (feature && onPointClick) onPointClick((feature.properties as PointProperties).id);
    else onMapClick?.({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
  };
  const onMouseMove = (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const properties = feature?.properties as PointProperties | undefined;
    if (!properties?.label || feature?.geometry.type !== 'Point') return setHovered(null);
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    setHovered((current) => (current?.label === properties.label ? current : { label: properties.label, longitude, latitude }));
  };
  const onError = (event: ErrorEvent) => {
    // Without a target the map was never created (no WebGL context); a failed tile is not fatal.
    if (!event.target) setFailed(true);
  };

  return (
    <Box role="region" aria-label={label} aria-busy={!drawn} data-testid="atlas-map" data-idle={idle} sx={{ position: 'relative', width: '100%', height }}>
      {/* The base layers and a large points layer take seconds to draw the first time. */}
      {!drawn && <LinearProgress aria-label="Drawing the map" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }} />}
      <MapGL
        ref={map}
        initialViewState={initialView}
        mapStyle={style}
        style={{ width: '100%', height: '100%' }}
        interactiveLayerIds={all.length > 0 ? [POINTS_LAYER] : []}
        cursor={hovered ? 'pointer' : onMapClick ? 'crosshair' : 'grab'}
        onClick={onClick}
        onMouseMove={onMouseMove}
        onMouseLeave={() => setHovered(null)}
        onLoad={() => setLoaded(true)}
        onIdle={() => {
          setIdle(true);
          setDrawn(true);
        }}
        onMoveStart={() => setIdle(false)}
        onError={onError}
        attributionControl={{ compact: true }}
        dragRotate={false}
        pitchWithRotate={false}
      >
        <NavigationControl showCompass={false} />
        <ScaleControl />
        <Source id="atlas-points" type="geojson" data={dots}>
          <Layer
            id={POINTS_LAYER}
            type="circle"
            paint={{
              'circle-color': ['get', 'color'],
              'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, radius, 12, radius + 3],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': all.length > 20_000 ? 0 : 1,
            }}
          />
        </Source>
        <Source id="atlas-selected" type="geojson" data={selected}>
          <Layer
            id="atlas-selected"
            type="circle"
            paint={{
              'circle-color': 'rgba(0,0,0,0)',
              'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, radius + 4, 12, radius + 7],
              'circle-stroke-color': theme.palette.text.primary,
              'circle-stroke-width': 2,
            }}
          />
        </Source>
        {hovered && (
          <Popup longitude={hovered.longitude} latitude={hovered.latitude} closeButton={false} closeOnClick={false} offset={10}>
            {hovered.label}
          </Popup>
        )}
        {children}
      </MapGL>
    </Box>
  );
}
