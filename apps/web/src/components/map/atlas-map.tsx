import 'maplibre-gl/dist/maplibre-gl.css';
import { use, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import { setWorkerUrl, type GeoJSONSource, type MapGeoJSONFeature } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapGL, { Layer, NavigationControl, Popup, ScaleControl, Source, type ErrorEvent, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { loadCountiesWhenNeeded, mapStyle } from './base-style';
import { CityLabels } from './city-labels';
import { DEFAULT_HEIGHT } from './geometry';
import { CLUSTER_THRESHOLD, FIT_PADDING, FLY_SPEED, INSTANT_FLY_SPEED, POLYGON_TOOLTIP_DELAY_MS, POPUP_MAX_WIDTH, TOOLTIP_DELAY_MS } from './map-constants';
import { loadMapConfig } from './map-api';
import { MapFallback } from './map-fallback';
import { MovingResolution } from './moving-resolution';
import { interactiveOverlayLayers, overlayClusterLayerId, overlayLayerId, OverlayLayers } from './overlays';
import { dotRadius, pointsCollection, type PointProperties } from './points-layer';
import type { AtlasMapHandle, AtlasMapProps, MapBounds, MapOverlay, MapPadding, MapPoint, MapView } from './types';
import { usePointClusters, type ClusterProperties } from './use-point-clusters';

// After a Vite build the worker is a separate file; MapLibre must be told where it is.
setWorkerUrl(workerUrl);

const POINTS_LAYER = 'atlas-points';
const CLUSTERS_LAYER = 'atlas-clusters';
/** Pointer slop in px: a 1.5 px dot of a large portfolio must still be hittable. */
const HIT_SLOP = 4;
const NO_OVERLAYS: readonly MapOverlay[] = [];

// MapLibre reads an explicit `maxZoom: undefined` as a number (NaN): pass the key only with a value.
const fitOptions = (maxZoom: number | undefined, padding: number | MapPadding = FIT_PADDING) => (maxZoom === undefined ? { padding } : { padding, maxZoom });

function initialViewOf(view: MapView) {
  return 'center' in view
    ? { longitude: view.center.longitude, latitude: view.center.latitude, zoom: view.zoom }
    : { bounds: [...view.bounds] as [number, number, number, number], fitBoundsOptions: fitOptions(view.maxZoom, view.padding) };
}

function moveTo(map: MapRef, view: MapView) {
  if ('center' in view) map.flyTo({ center: [view.center.longitude, view.center.latitude], zoom: view.zoom, speed: FLY_SPEED, essential: true });
  else map.fitBounds([...view.bounds] as [number, number, number, number], { ...fitOptions(view.maxZoom, view.padding), duration: 600 });
}

function boundsOf(map: MapRef): MapBounds {
  const bounds = map.getBounds();
  return [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
}

/** A dot's radius in px at a zoom, as the points layer draws it (radius at zoom 3, radius + 3 from zoom 12). */
function dotPixels(radius: number, zoom: number): number {
  return radius + 3 * Math.min(1, Math.max(0, (zoom - 3) / 9));
}

/**
 * The ids of the dots under the pointer, nearest first: every dot whose disc covers the pointer
 * (overlapping sites all count), or only the nearest when the pointer is just beside a dot (within
 * the hit slop): a click never opens a neighbour the pointer was not on.
 */
function pointsUnder(map: MapRef, hits: readonly MapGeoJSONFeature[], pointer: { x: number; y: number }, dotPx: number): Array<MapPoint['id']> {
  const found = new Map<MapPoint['id'], number>();
  for (const hit of hits) {
    if (hit.layer.id !== POINTS_LAYER || hit.geometry.type !== 'Point') continue;
    const { x, y } = map.project(hit.geometry.coordinates as [number, number]);
    const distance = Math.hypot(x - pointer.x, y - pointer.y);
    const id = (hit.properties as PointProperties).id;
    found.set(id, Math.min(distance, found.get(id) ?? Infinity));
  }
  const nearest = [...found].sort((a, b) => a[1] - b[1]);
  const covering = nearest.filter(([, distance]) => distance <= dotPx + 1);
  return (covering.length > 0 ? covering : nearest.slice(0, 1)).map(([id]) => id);
}

/** What the tooltip shows and where. */
interface Tooltip {
  key: string;
  title: string;
  detail?: string;
  longitude: number;
  latitude: number;
}

/**
 * The product's one map (MapLibre): the offline base layers with city labels (or the server's
 * online style), the sites as dots coloured by the caller (clustered in a Web Worker for large
 * portfolios), selected dots ringed, one highlighted dot on top, overlays, a delayed tooltip,
 * navigation and scale controls. A click on overlapping dots hands the caller all their ids.
 * Falls back to a sentence when the browser cannot create the map.
 */
export default function AtlasMapView({
  view,
  ref,
  points,
  onPointClick,
  onPointsClick,
  selectedIds,
  highlightedId,
  cluster = 'auto',
  cityLabels = true,
  overlays = NO_OVERLAYS,
  onMapClick,
  onViewChange,
  height = DEFAULT_HEIGHT.atlas,
  label,
  children,
  fallbackDetails,
  navigationControl = true,
}: AtlasMapProps) {
  const config = use(loadMapConfig());
  const theme = useTheme();
  const mode = theme.palette.mode;
  const style = useMemo(() => mapStyle(mode, config.styleUrl), [mode, config.styleUrl]);
  const map = useRef<MapRef>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [idle, setIdle] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [tooltip, setTooltip] = useState<Tooltip | null>(null);
  const pendingTooltip = useRef<{ key: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const [initialView] = useState(() => initialViewOf(view));
  // The offline style whose county borders are loaded (they load on the way to the zoom showing them).
  const countiesFor = useRef<object | null>(null);
  const [movingResolution] = useState(() => new MovingResolution());
  useEffect(() => () => movingResolution.dispose(), [movingResolution]);

  const all = useMemo(() => points ?? [], [points]);
  const primary = theme.palette.primary.main;
  const clustering = cluster === true || (cluster === 'auto' && all.length > CLUSTER_THRESHOLD);
  const { clustered, update: updateClusters, pending: clustersPending } = usePointClusters(all, clustering);
  const drawnPoints = clustered ? clustered.singles : all;
  const dots = useMemo(() => pointsCollection(drawnPoints, primary), [drawnPoints, primary]);
  const byId = useMemo(() => new Map(all.map((point) => [point.id, point])), [all]);
  const selected = useMemo(() => pointsCollection(selectedIds && selectedIds.size > 0 ? all.filter((point) => selectedIds.has(point.id)) : [], primary), [all, selectedIds, primary]);
  const highlighted = useMemo(() => {
    const point = highlightedId === undefined || highlightedId === null ? undefined : byId.get(highlightedId);
    return pointsCollection(point ? [point] : [], primary);
  }, [byId, highlightedId, primary]);
  const radius = dotRadius(all.length);
  // The map is idle for the caller (data-idle) only once it has drawn the data it now holds: new
  // dots or clusters make it busy until MapLibre's next idle, which comes after it has drawn them.
  const dataKey = useMemo(() => ({ dots, clustered }), [dots, clustered]);
  const [idleKey, setIdleKey] = useState<object | null>(null);
  useEffect(() => {
    const instance = map.current?.getMap();
    if (!loaded || !instance) return;
    let current = true;
    // A repaint is forced so an idle event follows even when the map was already idle; it comes
    // once the sources hold the new data and it is drawn.
    instance.once('idle', () => {
      if (current) setIdleKey(dataKey);
    });
    instance.triggerRepaint();
    return () => {
      current = false;
    };
  }, [dataKey, loaded]);
  const overlayLayers = useMemo(() => interactiveOverlayLayers(overlays), [overlays]);

  useImperativeHandle(
    ref,
    (): AtlasMapHandle => ({
      flyTo(center, zoom, options) {
        map.current?.flyTo({ center: [center.longitude, center.latitude], zoom: zoom ?? map.current.getZoom(), speed: options?.instant ? INSTANT_FLY_SPEED : FLY_SPEED, essential: true });
      },
      fitBounds(bounds, options) {
        map.current?.fitBounds([...bounds] as [number, number, number, number], { ...fitOptions(options?.maxZoom, options?.padding), duration: options?.instant ? 0 : 600 });
      },
      getBounds() {
        return map.current && loaded ? boundsOf(map.current) : null;
      },
    }),
    [loaded],
  );

  // Moves only when the caller passes a different view, not on every render's new object; a view
  // passed while MapLibre was still loading is applied once it has loaded.
  const viewKey = JSON.stringify(view);
  const shownKey = useRef(viewKey);
  useEffect(() => {
    if (!loaded || !map.current || viewKey === shownKey.current) return;
    shownKey.current = viewKey;
    moveTo(map.current, JSON.parse(viewKey) as MapView);
  }, [viewKey, loaded]);

  // The clusters of the view, as soon as the map can say what is in view and whenever the points change.
  useEffect(() => {
    if (loaded && map.current && clustering) updateClusters(boundsOf(map.current), map.current.getZoom());
  }, [loaded, clustering, updateClusters]);

  useEffect(() => () => clearTimeout(pendingTooltip.current?.timer), []);

  if (failed) return <MapFallback label={label} height={height}>{fallbackDetails}</MapFallback>;

  const overlayOf = (layerId: string) => overlays.find((overlay) => overlayLayerId(overlay) === layerId || overlayClusterLayerId(overlay) === layerId);
  const hitsAt = (event: MapLayerMouseEvent): MapGeoJSONFeature[] => {
    const instance = map.current;
    if (!instance) return [];
    const layers = [POINTS_LAYER, ...(clustered ? [CLUSTERS_LAYER] : []), ...overlayLayers].filter((id) => instance.getLayer(id));
    if (layers.length === 0) return [];
    const { x, y } = event.point;
    return instance.queryRenderedFeatures(
      [
        [x - HIT_SLOP, y - HIT_SLOP],
        [x + HIT_SLOP, y + HIT_SLOP],
      ],
      { layers },
    );
  };

  const onClick = (event: MapLayerMouseEvent) => {
    const hits = hitsAt(event);
    const ids = map.current ? pointsUnder(map.current, hits, event.point, dotPixels(radius, map.current.getZoom())) : [];
    if (ids.length > 1 && onPointsClick) return onPointsClick(ids);
    if (ids.length > 0 && (onPointClick || onPointsClick)) return onPointClick ? onPointClick(ids[0]!) : onPointsClick!(ids);
    const first = hits[0];
    if (first && first.layer.id === CLUSTERS_LAYER && first.geometry.type === 'Point') {
      // A cluster opens up two zoom levels closer, centred on it.
      const [longitude, latitude] = first.geometry.coordinates as [number, number];
      map.current?.easeTo({ center: [longitude, latitude], zoom: map.current.getZoom() + 2 });
      return;
    }
    const overlay = first ? overlayOf(first.layer.id) : undefined;
    if (first && overlay) {
      if (first.layer.id === overlayClusterLayerId(overlay) && first.geometry.type === 'Point') {
        const center = first.geometry.coordinates as [number, number];
        const source = map.current?.getSource(overlayLayerId(overlay)) as GeoJSONSource | undefined;
        void source?.getClusterExpansionZoom(first.properties.cluster_id as number).then((zoom) => map.current?.easeTo({ center, zoom }));
        return;
      }
      overlay.onFeatureClick?.(first.properties, { latitude: event.lngLat.lat, longitude: event.lngLat.lng });
      return;
    }
    onMapClick?.({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
  };

  const showTooltip = (next: Tooltip | null, delay: number) => {
    if (next && (tooltip?.key === next.key || pendingTooltip.current?.key === next.key)) return;
    clearTimeout(pendingTooltip.current?.timer);
    pendingTooltip.current = null;
    if (!next) return setTooltip(null);
    setTooltip(null);
    pendingTooltip.current = { key: next.key, timer: setTimeout(() => setTooltip(next), delay) };
  };

  const onMouseMove = (event: MapLayerMouseEvent) => {
    // While a button is held the user drags the map: no tooltip, and no feature query per frame.
    if (event.originalEvent.buttons !== 0) return showTooltip(null, 0);
    const hits = hitsAt(event);
    const nearestId = map.current ? pointsUnder(map.current, hits, event.point, dotPixels(radius, map.current.getZoom()))[0] : undefined;
    if (nearestId !== undefined) {
      const point = byId.get(nearestId);
      if (!point?.label) return showTooltip(null, 0);
      return showTooltip({ key: `p:${point.id}`, title: point.label, detail: point.detail, longitude: point.longitude, latitude: point.latitude }, TOOLTIP_DELAY_MS);
    }
    const hit = hits.find((candidate) => candidate.layer.id !== POINTS_LAYER);
    if (!hit) return showTooltip(null, 0);
    const at = hit.geometry.type === 'Point' ? (hit.geometry.coordinates as [number, number]) : [event.lngLat.lng, event.lngLat.lat];
    const [longitude, latitude] = at as [number, number];
    if (hit.layer.id === CLUSTERS_LAYER) {
      const { count } = hit.properties as ClusterProperties;
      return showTooltip({ key: `c:${longitude}:${latitude}`, title: `${count.toLocaleString()} sites`, detail: 'Click to zoom in', longitude, latitude }, TOOLTIP_DELAY_MS);
    }
    const overlay = overlayOf(hit.layer.id);
    const text = overlay?.tooltipProperty ? hit.properties[overlay.tooltipProperty] : undefined;
    if (overlay && text !== undefined && text !== null) {
      const polygon = hit.geometry.type === 'Polygon' || hit.geometry.type === 'MultiPolygon';
      return showTooltip({ key: `o:${overlay.id}:${String(hit.id ?? text)}`, title: String(text), longitude, latitude }, polygon ? POLYGON_TOOLTIP_DELAY_MS : TOOLTIP_DELAY_MS);
    }
    showTooltip(null, 0);
  };

  const showCounties = (instance: MapRef) => {
    if (countiesFor.current !== style && typeof style !== 'string' && loadCountiesWhenNeeded(instance)) countiesFor.current = style;
  };

  const onError = (event: ErrorEvent) => {
    // Without a target the map was never created (no WebGL context); a failed tile is not fatal.
    if (!event.target) setFailed(true);
  };

  // The view shown, on the frame as "latitude,longitude,zoom" (end-to-end tests read where the map is);
  // written to the element directly, as a re-render per move would redraw the map's children for nothing.
  const reportView = (instance: MapRef) => {
    const { lat, lng } = instance.getCenter();
    frame.current?.setAttribute('data-view', `${lat.toFixed(4)},${lng.toFixed(4)},${instance.getZoom().toFixed(2)}`);
  };

  const onMoveStart = () => {
    setIdle(false);
    if (map.current) movingResolution.lower(map.current);
  };

  const onMoveEnd = () => {
    const instance = map.current;
    if (!instance) return;
    reportView(instance);
    showCounties(instance);
    const bounds = boundsOf(instance);
    if (clustering) updateClusters(bounds, instance.getZoom());
    onViewChange?.(bounds, instance.getZoom());
  };

  const interactive = all.length > 0 || overlayLayers.length > 0;
  return (
    <Box ref={frame} role="region" aria-label={label} aria-busy={!drawn} data-testid="atlas-map" data-idle={idle && idleKey === dataKey && !clustersPending} sx={{ position: 'relative', width: '100%', height }}>
      {/* The base layers and a large points layer take seconds to draw the first time. */}
      {!drawn && <LinearProgress aria-label="Drawing the map" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }} />}
      <MapGL
        ref={map}
        initialViewState={initialView}
        mapStyle={style}
        style={{ width: '100%', height: '100%' }}
        interactiveLayerIds={interactive ? [POINTS_LAYER, ...overlayLayers] : []}
        cursor={tooltip ? 'pointer' : onMapClick ? 'crosshair' : 'grab'}
        onClick={onClick}
        onMouseMove={onMouseMove}
        onMouseLeave={() => showTooltip(null, 0)}
        onLoad={() => {
          setLoaded(true);
          if (map.current) {
            showCounties(map.current);
            reportView(map.current);
          }
        }}
        onIdle={() => {
          // At the lowered resolution the map is not finished: it sharpens once its clusters are drawn too.
          setIdle(!movingResolution.isLowered);
          if (movingResolution.isLowered && !clustersPending && map.current) movingResolution.restoreWhenRested(map.current);
          setDrawn(true);
        }}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        onError={onError}
        attributionControl={{ compact: true }}
        dragRotate={false}
        pitchWithRotate={false}
      >
        {navigationControl && <NavigationControl showCompass={false} />}
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
        <Source id="atlas-clusters" type="geojson" data={clustered?.clusters ?? EMPTY_COLLECTION}>
          <Layer
            id={CLUSTERS_LAYER}
            type="circle"
            paint={{
              'circle-color': theme.palette.mode === 'dark' ? '#90a4ae' : '#546e7a',
              'circle-opacity': 0.85,
              'circle-radius': ['step', ['get', 'count'], 8, 10, 11, 100, 15, 1000, 20, 10000, 26],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 1.5,
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
        <OverlayLayers overlays={overlays} pointsLayerId={POINTS_LAYER} primary={primary} />
        <Source id="atlas-highlighted" type="geojson" data={highlighted}>
          <Layer
            id="atlas-highlighted"
            type="circle"
            paint={{
              'circle-color': ['get', 'color'],
              'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, radius + 4, 12, radius + 8],
              'circle-stroke-color': theme.palette.text.primary,
              'circle-stroke-width': 3,
            }}
          />
        </Source>
        {cityLabels && config.styleUrl === null && <CityLabels dark={mode === 'dark'} />}
        {tooltip && (
          <Popup longitude={tooltip.longitude} latitude={tooltip.latitude} closeButton={false} closeOnClick={false} offset={10} maxWidth={`${POPUP_MAX_WIDTH}px`}>
            <Box component="strong" sx={{ display: 'block' }}>
              {tooltip.title}
            </Box>
            {tooltip.detail && <Box component="span">{tooltip.detail}</Box>}
          </Popup>
        )}
        {children}
      </MapGL>
    </Box>
  );
}

const EMPTY_COLLECTION = { type: 'FeatureCollection' as const, features: [] };
