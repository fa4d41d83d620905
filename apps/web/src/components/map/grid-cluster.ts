/**
 * Grid clustering of many points, pure so it runs in a Web Worker and in tests: the world is cut
 * into square cells of `radiusPx` screen pixels at the zoom asked; a cell holding one point gives
 * that point back, a cell holding several gives one cluster at their mean position. Only the box
 * in view (padded) is clustered, so at street level the answer is a few hundred points however
 * large the portfolio.
 */

/** MapLibre's tile size: one world is 512 px wide at zoom 0. */
const WORLD_PX = 512;

/** Points held as Web Mercator x/y in 0..1, prepared once per portfolio. */
export interface ClusterIndex {
  x: Float64Array;
  y: Float64Array;
}

/** One clustering answer. */
export interface ClusterResult {
  /** Indexes (into the points given to buildClusterIndex) of points standing alone. */
  singles: Int32Array;
  /** Clusters: longitude, latitude and point count, three numbers per cluster. */
  clusters: Float64Array;
}

/** A query: the box in view (degrees, west/south/east/north), the whole zoom, the cell size in px. */
export interface ClusterQuery {
  bounds: readonly [number, number, number, number];
  zoom: number;
  radiusPx: number;
}

const mercatorX = (longitude: number) => (longitude + 180) / 360;
function mercatorY(latitude: number): number {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, latitude));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}
const longitudeOf = (x: number) => x * 360 - 180;
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** Projects interleaved longitude/latitude pairs once, so every later query is arithmetic only. */
export function buildClusterIndex(lngLat: Float64Array): ClusterIndex {
  const count = lngLat.length / 2;
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    x[i] = mercatorX(lngLat[2 * i]!);
    y[i] = mercatorY(lngLat[2 * i + 1]!);
  }
  return { x, y };
}

/** Clusters the points in the (padded) box at a zoom. */
export function clusterPoints(index: ClusterIndex, { bounds, zoom, radiusPx }: ClusterQuery): ClusterResult {
  const cell = radiusPx / (WORLD_PX * 2 ** Math.floor(zoom));
  const [west, south, east, north] = bounds;
  // Half a view of padding each way, so a short pan shows clusters already there.
  const padX = (mercatorX(east) - mercatorX(west)) / 2;
  const padY = (mercatorY(south) - mercatorY(north)) / 2;
  const minX = mercatorX(west) - padX;
  const maxX = mercatorX(east) + padX;
  const minY = mercatorY(north) - padY;
  const maxY = mercatorY(south) + padY;
  const cells = new Map<number, { first: number; count: number; sumX: number; sumY: number }>();
  const columns = Math.ceil(1 / cell) + 1;
  for (let i = 0; i < index.x.length; i += 1) {
    const px = index.x[i]!;
    const py = index.y[i]!;
    if (px < minX || px > maxX || py < minY || py > maxY) continue;
    const key = Math.floor(py / cell) * columns + Math.floor(px / cell);
    const found = cells.get(key);
    if (found) {
      found.count += 1;
      found.sumX += px;
      found.sumY += py;
    } else cells.set(key, { first: i, count: 1, sumX: px, sumY: py });
  }
  const singles: number[] = [];
  const clusters: number[] = [];
  for (const { first, count, sumX, sumY } of cells.values()) {
    if (count === 1) singles.push(first);
    else clusters.push(longitudeOf(sumX / count), latitudeOf(sumY / count), count);
  }
  return { singles: Int32Array.from(singles), clusters: Float64Array.from(clusters) };
}
