import { useEffect, useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import type { ExpressionSpecification, GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { Layer, Popup, Source, useMap } from 'react-map-gl/maplibre';
import { CRIME_CATEGORY_COLORS, POLICE_MAP, type LngLat, type TPoliceFeature } from '@riskatlas/domain';

const CLUSTERS = 'police-clusters';
const POINTS = 'police-points';

/** Crimes by type, most first: a cluster's or a point's popup lines. */
function byType(features: ReadonlyArray<{ properties: { crime_type: string; count: number } }>): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const feature of features) counts.set(feature.properties.crime_type, (counts.get(feature.properties.crime_type) ?? 0) + feature.properties.count);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * Drawn inside the product's map (as its children): the ring of the radius and the police
 * incidents, clustered (radius 30, up to zoom 20) and coloured by whether crimes against persons
 * or property dominate, sized by their crimes (the offline base style has no glyphs, so counts are
 * in the popups, not drawn as text). The map stops at zoom 17; clicking a cluster zooms into it, and once the
 * map cannot zoom further its popup lists the crimes by type.
 */
export default function PoliceMapOverlay({ ring, features }: { ring: readonly LngLat[]; features: readonly TPoliceFeature[] }) {
  const { current: map } = useMap();
  const [popup, setPopup] = useState<{ at: LngLat; lines: Array<[string, number]> } | null>(null);
  const ringData = useMemo(() => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: ring.map((point) => [...point]) } }), [ring]);
  const incidents = useMemo(() => ({ type: 'FeatureCollection' as const, features: [...features] }), [features]);

  useEffect(() => {
    if (!map) return;
    map.getMap().setMaxZoom(POLICE_MAP.maxZoom);
    const onCluster = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature) return;
      const source = map.getSource('police-incidents') as GeoJSONSource | undefined;
      const clusterId = Number(feature.properties?.cluster_id);
      const at = (feature.geometry as GeoJSON.Point).coordinates as LngLat;
      if (!source) return;
      if (map.getZoom() >= POLICE_MAP.popupListZoom) {
        void source.getClusterLeaves(clusterId, Infinity, 0).then((leaves) => setPopup({ at, lines: byType(leaves as unknown as TPoliceFeature[]) }));
      } else {
        void source.getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center: at, zoom: Math.min(zoom, POLICE_MAP.maxZoom) }));
      }
    };
    const onPoint = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature) return;
      const properties = feature.properties as { crime_type: string; count: number; month: string };
      setPopup({ at: (feature.geometry as GeoJSON.Point).coordinates as LngLat, lines: [[`${properties.crime_type} (${properties.month})`, Number(properties.count)]] });
    };
    map.on('click', CLUSTERS, onCluster);
    map.on('click', POINTS, onPoint);
    return () => {
      map.off('click', CLUSTERS, onCluster);
      map.off('click', POINTS, onPoint);
    };
  }, [map]);

  const personsFirst: ExpressionSpecification = ['>', ['get', 'persons'], ['get', 'property']];
  return (
    <>
      <Source id="police-ring" type="geojson" data={ringData}>
        <Layer id="police-ring-line" type="line" paint={{ 'line-color': '#1976D2', 'line-width': 2 }} />
      </Source>
      <Source
        id="police-incidents"
        type="geojson"
        data={incidents}
        cluster
        clusterRadius={POLICE_MAP.clusterRadius}
        clusterMaxZoom={POLICE_MAP.clusterMaxZoom}
        clusterProperties={{
          crimes: ['+', ['get', 'count']],
          persons: ['+', ['case', ['==', ['get', 'category'], 'persons'], ['get', 'count'], 0]],
          property: ['+', ['case', ['==', ['get', 'category'], 'property'], ['get', 'count'], 0]],
        }}
      >
        <Layer
          id={CLUSTERS}
          type="circle"
          filter={['has', 'point_count']}
          paint={{ 'circle-color': ['case', personsFirst, CRIME_CATEGORY_COLORS.persons, CRIME_CATEGORY_COLORS.property], 'circle-radius': ['step', ['get', 'crimes'], 14, 20, 18, 100, 24], 'circle-opacity': 0.85 }}
        />
        <Layer
          id={POINTS}
          type="circle"
          filter={['!', ['has', 'point_count']]}
          paint={{ 'circle-color': ['match', ['get', 'category'], 'persons', CRIME_CATEGORY_COLORS.persons, 'property', CRIME_CATEGORY_COLORS.property, CRIME_CATEGORY_COLORS.other], 'circle-radius': 7, 'circle-stroke-width': 1, 'circle-stroke-color': '#fff' }}
        />
      </Source>
      {popup && (
        <Popup longitude={popup.at[0]} latitude={popup.at[1]} onClose={() => setPopup(null)} maxWidth="600px">
          {popup.lines.map(([type, count]) => (
            <Typography key={type} variant="body2">
              {type}: {count}
            </Typography>
          ))}
        </Popup>
      )}
    </>
  );
}
