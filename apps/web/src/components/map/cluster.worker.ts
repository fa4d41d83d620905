/// <reference lib="webworker" />
import { buildClusterIndex, clusterPoints, type ClusterIndex, type ClusterQuery } from './grid-cluster';

/** Messages the map sends: the portfolio's coordinates once, then queries as the view moves. */
export type ClusterRequest = { kind: 'points'; lngLat: Float64Array } | { kind: 'query'; id: number; query: ClusterQuery };
/** The answer to a query, tagged with its id so the map keeps only the latest. */
export interface ClusterReply {
  id: number;
  singles: Int32Array;
  clusters: Float64Array;
}

// Indexing 100,000 points and clustering them takes tens of ms: kept off the main thread so
// panning and the page stay responsive.
let index: ClusterIndex = { x: new Float64Array(0), y: new Float64Array(0) };
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ClusterRequest>) => {
  const message = event.data;
  if (message.kind === 'points') {
    index = buildClusterIndex(message.lngLat);
    return;
  }
  const { singles, clusters } = clusterPoints(index, message.query);
  const reply: ClusterReply = { id: message.id, singles, clusters };
  scope.postMessage(reply, [singles.buffer, clusters.buffer]);
};
