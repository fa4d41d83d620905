import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { ClusterReply, ClusterRequest } from './cluster.worker';
import { clusterPoints, buildClusterIndex, type ClusterQuery } from './grid-cluster';
import type { MapBounds, MapPoint } from './types';

/** Cell size of site clusters, px. */
const CLUSTER_RADIUS_PX = 48;
/** From this zoom on every site is drawn on its own. */
const CLUSTER_MAX_ZOOM = 15;

/** A cluster's properties: how many sites it holds. */
export interface ClusterProperties {
  count: number;
}

/** What the map draws when clustering: the lone points and the clusters of the view. */
export interface PointClusters {
  singles: readonly MapPoint[];
  clusters: FeatureCollection<Point, ClusterProperties>;
}

const EMPTY: PointClusters = { singles: [], clusters: { type: 'FeatureCollection', features: [] } };

function toClusters(points: readonly MapPoint[], singles: Int32Array, clusters: Float64Array): PointClusters {
  const features: FeatureCollection<Point, ClusterProperties>['features'] = [];
  for (let i = 0; i < clusters.length; i += 3) {
    features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [clusters[i]!, clusters[i + 1]!] }, properties: { count: clusters[i + 2]! } });
  }
  return { singles: Array.from(singles, (index) => points[index]!), clusters: { type: 'FeatureCollection', features } };
}

function createWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Clusters the points in a Web Worker as the view moves; `enabled` false returns null and costs
 * nothing. Each move asks the worker again; only the latest answer is drawn.
 */
export function usePointClusters(
  points: readonly MapPoint[],
  enabled: boolean,
): { clustered: PointClusters | null; update: (bounds: MapBounds, zoom: number) => void; /** A query is in flight, or none answered yet for these points. */ pending: boolean } {
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  // Answers name the coordinates they were computed from, so an answer for an older portfolio is never drawn.
  const [answer, setAnswer] = useState<{ source: Float64Array; clusters: PointClusters | null } | null>(null);
  const [inFlight, setInFlight] = useState(false);
  const pointsRef = useRef(points);
  const lastQuery = useRef<ClusterQuery | null>(null);

  const lngLat = useMemo(() => {
    if (!enabled) return null;
    const pairs = new Float64Array(points.length * 2);
    points.forEach((point, i) => {
      pairs[2 * i] = point.longitude;
      pairs[2 * i + 1] = point.latitude;
    });
    return pairs;
  }, [points, enabled]);

  const ask = useCallback(
    (source: Float64Array, query: ClusterQuery) => {
      lastQuery.current = query;
      const id = (latest.current += 1);
      if (query.zoom >= CLUSTER_MAX_ZOOM) {
        setInFlight(false);
        return setAnswer({ source, clusters: null });
      }
      if (worker.current) {
        const request: ClusterRequest = { kind: 'query', id, query };
        setInFlight(true);
        worker.current.postMessage(request);
        return;
      }
      // No Web Worker (tests): the same clustering, inline.
      const result = clusterPoints(buildClusterIndex(source), query);
      setAnswer({ source, clusters: toClusters(pointsRef.current, result.singles, result.clusters) });
    },
    [],
  );

  useEffect(() => {
    pointsRef.current = points;
    if (!lngLat) return;
    const created = createWorker();
    worker.current = created;
    if (created) {
      created.onmessage = (event: MessageEvent<ClusterReply>) => {
        if (event.data.id !== latest.current) return;
        setInFlight(false);
        setAnswer({ source: lngLat, clusters: toClusters(pointsRef.current, event.data.singles, event.data.clusters) });
      };
      const message: ClusterRequest = { kind: 'points', lngLat: lngLat.slice() };
      created.postMessage(message, [message.lngLat.buffer]);
    }
    if (lastQuery.current) ask(lngLat, lastQuery.current);
    return () => {
      created?.terminate();
      worker.current = null;
    };
  }, [lngLat, points, ask]);

  const update = useCallback(
    (bounds: MapBounds, zoom: number) => {
      if (lngLat) ask(lngLat, { bounds: [...bounds] as [number, number, number, number], zoom, radiusPx: CLUSTER_RADIUS_PX });
    },
    [lngLat, ask],
  );

  if (!lngLat) return { clustered: null, update, pending: false };
  const answered = answer?.source === lngLat;
  return { clustered: answered ? answer.clusters : EMPTY, update, pending: inFlight || !answered };
}
