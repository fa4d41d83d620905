import { lazy, Suspense } from 'react';
import type { CrimeCategory, TSecondSourceIncident } from '@riskatlas/domain';

/** An incident as the clusters draw it. */
export interface IncidentPoint {
  id: string;
  latitude: number;
  longitude: number;
  category: CrimeCategory;
}

// Drawn with react-map-gl: loaded only with the map itself.
const IncidentClustersOverlay = lazy(() => import('./incident-clusters-overlay'));

/** @public Second-source incidents as cluster points. */
export function incidentPoints(incidents: readonly TSecondSourceIncident[]): IncidentPoint[] {
  return incidents.map((incident) => ({ id: incident.id, latitude: incident.lat, longitude: incident.lng, category: incident.cat }));
}

/** @public The incident clusters of the Map screen: put it among AtlasMap's children. */
export function IncidentClusters({ points }: { points: readonly IncidentPoint[] }) {
  return (
    <Suspense fallback={null}>
      <IncidentClustersOverlay points={points} />
    </Suspense>
  );
}
