import type { CircleLayerSpecification, ExpressionSpecification, FillLayerSpecification, HeatmapLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useLatestLoad } from './use-latest-load';
import type { MapOverlay, OverlayStyle } from './types';

/** Layer ids of an overlay: its features, and its clusters when it clusters. */
export const overlayLayerId = (overlay: Pick<MapOverlay, 'id'>) => `overlay-${overlay.id}`;
export const overlayClusterLayerId = (overlay: Pick<MapOverlay, 'id'>) => `overlay-${overlay.id}-clusters`;

/** The layers a pointer can hit: overlays that click or show a tooltip, and every overlay's clusters. */
export function interactiveOverlayLayers(overlays: readonly MapOverlay[]): string[] {
  const ids: string[] = [];
  for (const overlay of overlays) {
    if (overlay.visible === false) continue;
    if (overlay.onFeatureClick || overlay.tooltipProperty) ids.push(overlayLayerId(overlay));
    if (overlay.cluster && overlay.style.kind === 'circle') ids.push(overlayClusterLayerId(overlay));
  }
  return ids;
}

const colorOf = (color: string | undefined, fallback: string): string | ExpressionSpecification => color ?? ['coalesce', ['get', 'color'], fallback];

/** The MapLibre layer type and paint of a style. */
type OverlayPaint =
  | { type: 'circle'; paint: CircleLayerSpecification['paint'] }
  | { type: 'fill'; paint: FillLayerSpecification['paint'] }
  | { type: 'line'; paint: LineLayerSpecification['paint'] }
  | { type: 'heatmap'; paint: HeatmapLayerSpecification['paint'] };

/** The MapLibre layer of a style (without id, source and placement). */
function layerOf(style: OverlayStyle, primary: string): OverlayPaint {
  switch (style.kind) {
    case 'circle':
      return {
        type: 'circle',
        paint: {
          'circle-color': colorOf(style.color, primary),
          'circle-radius': style.radius ?? 5,
          'circle-opacity': style.opacity ?? 0.9,
          'circle-stroke-color': style.strokeColor ?? '#ffffff',
          'circle-stroke-width': 1,
        },
      };
    case 'fill':
      return { type: 'fill', paint: { 'fill-color': colorOf(style.color, primary), 'fill-opacity': style.opacity ?? 0.45, 'fill-outline-color': style.outlineColor ?? 'rgba(0,0,0,0.25)' } };
    case 'line':
      return {
        type: 'line',
        paint: { 'line-color': colorOf(style.color, primary), 'line-width': style.width ?? 2, 'line-opacity': style.opacity ?? 1, ...(style.dash ? { 'line-dasharray': [...style.dash] } : {}) },
      };
    case 'heat':
      return {
        type: 'heatmap',
        paint: {
          'heatmap-weight': style.weightProperty ? ['coalesce', ['to-number', ['get', style.weightProperty]], 1] : 1,
          'heatmap-radius': style.radius ?? 20,
          'heatmap-intensity': style.intensity ?? 1,
          'heatmap-opacity': style.opacity ?? 0.75,
        },
      };
  }
}

const NOT_CLUSTER: ExpressionSpecification = ['!', ['has', 'point_count']];

/** One overlay's source and layers; its data loads through useLatestLoad. */
function OverlaySource({ overlay, beforeId, primary }: { overlay: MapOverlay; beforeId: string | undefined; primary: string }) {
  const data = useLatestLoad(overlay.data, overlay.dataKey, overlay.onError);
  const visibility = overlay.visible === false ? 'none' : 'visible';
  const clustered = overlay.cluster !== undefined && overlay.style.kind === 'circle';
  const layer = layerOf(overlay.style, primary);
  return (
    <Source
      id={overlayLayerId(overlay)}
      type="geojson"
      data={data}
      cluster={clustered}
      clusterRadius={overlay.cluster?.radius ?? 50}
      clusterMaxZoom={overlay.cluster?.maxZoom ?? 14}
    >
      <Layer {...layer} id={overlayLayerId(overlay)} beforeId={beforeId} layout={{ visibility }} {...(clustered ? { filter: NOT_CLUSTER } : {})} />
      {clustered && (
        <Layer
          id={overlayClusterLayerId(overlay)}
          type="circle"
          beforeId={beforeId}
          filter={['has', 'point_count']}
          layout={{ visibility }}
          paint={{
            'circle-color': overlay.cluster?.color ?? primary,
            'circle-opacity': 0.8,
            'circle-radius': ['step', ['get', 'point_count'], 12, 10, 16, 100, 22, 1000, 28],
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
          }}
        />
      )}
    </Source>
  );
}

/**
 * The overlays, each a GeoJSON source drawn with its style: below the sites unless placed above
 * them (`pointsLayerId` is the sites' layer, already on the map).
 */
export function OverlayLayers({ overlays, pointsLayerId, primary }: { overlays: readonly MapOverlay[]; pointsLayerId: string; primary: string }) {
  return overlays.map((overlay) => (
    <OverlaySource key={overlay.id} overlay={overlay} beforeId={overlay.placement === 'above-points' ? undefined : pointsLayerId} primary={primary} />
  ));
}
