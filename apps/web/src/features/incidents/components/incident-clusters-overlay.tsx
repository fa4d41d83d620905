import { useMemo } from 'react';
import type { ExpressionSpecification } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import { CRIME_CATEGORY_COLORS, INCIDENT_CLUSTER_RADIUS } from '@riskatlas/domain';
import type { IncidentPoint } from './incident-clusters';

/**
 * Incidents on the product's map (drawn as its children): clustered within 55 px, a cluster purple
 * where crimes against persons outnumber those against property, cyan otherwise.
 */
export default function IncidentClustersOverlay({ points }: { points: readonly IncidentPoint[] }) {
  const data = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: points.map((point) => ({ type: 'Feature' as const, properties: { id: point.id, category: point.category }, geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] } })),
    }),
    [points],
  );
  const personsFirst: ExpressionSpecification = ['>', ['get', 'persons'], ['get', 'property']];
  return (
    <Source
      id="incident-clusters"
      type="geojson"
      data={data}
      cluster
      clusterRadius={INCIDENT_CLUSTER_RADIUS}
      clusterProperties={{
        persons: ['+', ['case', ['==', ['get', 'category'], 'persons'], 1, 0]],
        property: ['+', ['case', ['==', ['get', 'category'], 'property'], 1, 0]],
      }}
    >
      <Layer
        id="incident-cluster-circles"
        type="circle"
        filter={['has', 'point_count']}
        paint={{ 'circle-color': ['case', personsFirst, CRIME_CATEGORY_COLORS.persons, CRIME_CATEGORY_COLORS.property], 'circle-radius': ['step', ['get', 'point_count'], 12, 10, 16, 50, 22], 'circle-opacity': 0.85 }}
      />
      <Layer
        id="incident-points"
        type="circle"
        filter={['!', ['has', 'point_count']]}
        paint={{ 'circle-color': ['match', ['get', 'category'], 'persons', CRIME_CATEGORY_COLORS.persons, 'property', CRIME_CATEGORY_COLORS.property, CRIME_CATEGORY_COLORS.other], 'circle-radius': 6, 'circle-stroke-width': 1, 'circle-stroke-color': '#fff' }}
      />
    </Source>
  );
}
