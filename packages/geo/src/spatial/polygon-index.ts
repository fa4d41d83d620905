/*
 * Point-in-polygon over many features (counties, countries, states) with a uniform grid of
 * polygon bounding boxes, per-ring bounding boxes, and a y-band edge index on long rings, so a
 * lookup tests a handful of edges instead of every vertex of Canada.
 *
 * Rings are "unwrapped" at build time: consecutive longitudes never jump by more than 180°, so a
 * ring that crosses the antimeridian (the Aleutians) runs past 180 instead; a query tests x ± 360
 * against such rings.
 */

const BAND_THRESHOLD = 64;
const POINTS_PER_BAND = 4;

/** A ring as interleaved degrees [x0, y0, x1, y1, …], not repeating the first point at the end (either is fine). */
type RingCoordinates = Float64Array;

interface Ring {
  pts: Float64Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Band index: edges whose y-range meets band b are bandEdges[bandStart[b] .. bandStart[b + 1]). */
  bandHeight: number;
  bandStart: Int32Array | undefined;
  bandEdges: Int32Array | undefined;
}

interface Polygon {
  feature: number;
  rings: Ring[];
}

/** Unwraps a ring so that consecutive longitudes never jump by more than 180°. */
export function unwrapRing(pts: Float64Array): Float64Array {
  const out = new Float64Array(pts);
  for (let i = 2; i < out.length; i += 2) {
    let x = out[i]!;
    const previous = out[i - 2]!;
    while (x - previous > 180) x -= 360;
    while (previous - x > 180) x += 360;
    out[i] = x;
  }
  return out;
}

function makeRing(pts: Float64Array): Ring {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < pts.length; i += 2) {
    const x = pts[i]!;
    const y = pts[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const ring: Ring = { pts, minX, minY, maxX, maxY, bandHeight: 0, bandStart: undefined, bandEdges: undefined };
  const n = pts.length / 2;
  if (n >= BAND_THRESHOLD && maxY > minY) {
    const bands = Math.ceil(n / POINTS_PER_BAND);
    const height = (maxY - minY) / bands;
    const counts = new Int32Array(bands + 1);
    const bandOf = (y: number) => Math.min(bands - 1, Math.max(0, Math.floor((y - minY) / height)));
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const a = bandOf(pts[i * 2 + 1]!);
      const b = bandOf(pts[j * 2 + 1]!);
      for (let k = Math.min(a, b); k <= Math.max(a, b); k++) counts[k + 1]!++;
    }
    for (let k = 0; k < bands; k++) counts[k + 1]! += counts[k]!;
    const edges = new Int32Array(counts[bands]!);
    const fill = counts.slice(0, bands);
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const a = bandOf(pts[i * 2 + 1]!);
      const b = bandOf(pts[j * 2 + 1]!);
      for (let k = Math.min(a, b); k <= Math.max(a, b); k++) edges[fill[k]!++] = i;
    }
    ring.bandHeight = height;
    ring.bandStart = counts;
    ring.bandEdges = edges;
  }
  return ring;
}

function crosses(pts: Float64Array, n: number, i: number, x: number, y: number): boolean {
  const j = i + 1 === n ? 0 : i + 1;
  const xi = pts[i * 2]!;
  const yi = pts[i * 2 + 1]!;
  const xj = pts[j * 2]!;
  const yj = pts[j * 2 + 1]!;
  return yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi;
}

function ringContains(ring: Ring, x: number, y: number): boolean {
  if (x < ring.minX || x > ring.maxX || y < ring.minY || y > ring.maxY) return false;
  const pts = ring.pts;
  const n = pts.length / 2;
  let inside = false;
  if (ring.bandStart && ring.bandEdges) {
    const bands = ring.bandStart.length - 1;
    const band = Math.min(bands - 1, Math.max(0, Math.floor((y - ring.minY) / ring.bandHeight)));
    for (let e = ring.bandStart[band]!; e < ring.bandStart[band + 1]!; e++) if (crosses(pts, n, ring.bandEdges[e]!, x, y)) inside = !inside;
    return inside;
  }
  for (let i = 0; i < n; i++) if (crosses(pts, n, i, x, y)) inside = !inside;
  return inside;
}

function polygonContains(polygon: Polygon, x: number, y: number): boolean {
  const outer = polygon.rings[0];
  if (!outer || !ringContains(outer, x, y)) return false;
  for (let r = 1; r < polygon.rings.length; r++) if (ringContains(polygon.rings[r]!, x, y)) return false;
  return true;
}

/** Distance in metres from a point to one edge of a ring (local equirectangular; exact enough under ~50 km). */
function edgeDistanceSquared(pts: Float64Array, n: number, i: number, x: number, y: number, kx: number, ky: number): number {
  const j = i + 1 === n ? 0 : i + 1;
  const ax = (pts[i * 2]! - x) * kx;
  const ay = (pts[i * 2 + 1]! - y) * ky;
  const bx = (pts[j * 2]! - x) * kx;
  const by = (pts[j * 2 + 1]! - y) * ky;
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
  const px = ax + t * dx;
  const py = ay + t * dy;
  return px * px + py * py;
}

/** Distance in metres from a point to a ring's edges, looking only at edges within reachY degrees of latitude when the ring has a band index. */
function ringDistanceMeters(ring: Ring, x: number, y: number, reachY: number): number {
  const pts = ring.pts;
  const n = pts.length / 2;
  const kx = Math.cos((y * Math.PI) / 180) * 111_195;
  const ky = 111_195;
  let best = Infinity;
  if (ring.bandStart && ring.bandEdges) {
    const bands = ring.bandStart.length - 1;
    const first = Math.max(0, Math.floor((y - reachY - ring.minY) / ring.bandHeight));
    const last = Math.min(bands - 1, Math.floor((y + reachY - ring.minY) / ring.bandHeight));
    for (let band = first; band <= last; band++) {
      for (let e = ring.bandStart[band]!; e < ring.bandStart[band + 1]!; e++) {
        const d = edgeDistanceSquared(pts, n, ring.bandEdges[e]!, x, y, kx, ky);
        if (d < best) best = d;
      }
    }
    return Math.sqrt(best);
  }
  for (let i = 0; i < n; i++) {
    const d = edgeDistanceSquared(pts, n, i, x, y, kx, ky);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** The features of a polygon layer: each a list of polygons, each a list of rings (outer first). */
export type FeatureGeometry = ReadonlyArray<ReadonlyArray<RingCoordinates>>;

/** A point-in-polygon index over features that do not overlap (counties, states, countries). */
export class PolygonIndex {
  private readonly polygons: Polygon[] = [];
  private readonly cells = new Map<number, number[]>();

  /** cellDegrees: grid cell size; smaller cells mean fewer candidates and more memory. */
  constructor(features: ReadonlyArray<FeatureGeometry>, private readonly cellDegrees: number) {
    features.forEach((feature, featureIndex) => {
      for (const rings of feature) {
        if (rings.length === 0) continue;
        const polygon: Polygon = { feature: featureIndex, rings: rings.map((ring) => makeRing(unwrapRing(ring))) };
        const polygonIndex = this.polygons.push(polygon) - 1;
        const outer = polygon.rings[0]!;
        this.register(polygonIndex, outer.minX, outer.minY, outer.maxX, outer.maxY);
        // A ring unwrapped past ±180 is also registered where queries in [-180, 180] land.
        if (outer.maxX > 180) this.register(polygonIndex, outer.minX - 360, outer.minY, outer.maxX - 360, outer.maxY);
        if (outer.minX < -180) this.register(polygonIndex, outer.minX + 360, outer.minY, outer.maxX + 360, outer.maxY);
      }
    });
  }

  private key(cx: number, cy: number): number {
    return cy * 4096 + cx;
  }

  private cellX(x: number): number {
    return Math.floor((x + 540) / this.cellDegrees);
  }

  private cellY(y: number): number {
    return Math.floor((y + 90) / this.cellDegrees);
  }

  private register(polygonIndex: number, minX: number, minY: number, maxX: number, maxY: number): void {
    const x0 = this.cellX(Math.max(-180, minX));
    const x1 = this.cellX(Math.min(180, maxX));
    const y0 = this.cellY(minY);
    const y1 = this.cellY(maxY);
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const key = this.key(cx, cy);
        const list = this.cells.get(key);
        if (list) list.push(polygonIndex);
        else this.cells.set(key, [polygonIndex]);
      }
    }
  }

  private testPolygon(polygon: Polygon, x: number, y: number): boolean {
    if (polygonContains(polygon, x, y)) return true;
    const outer = polygon.rings[0]!;
    if (outer.maxX > 180 && x < 0 && polygonContains(polygon, x + 360, y)) return true;
    if (outer.minX < -180 && x > 0 && polygonContains(polygon, x - 360, y)) return true;
    return false;
  }

  /** The index of the feature containing the point, or -1. */
  find(latitude: number, longitude: number): number {
    const list = this.cells.get(this.key(this.cellX(longitude), this.cellY(latitude)));
    if (!list) return -1;
    for (const polygonIndex of list) {
      const polygon = this.polygons[polygonIndex]!;
      if (this.testPolygon(polygon, longitude, latitude)) return polygon.feature;
    }
    return -1;
  }

  /**
   * The feature whose boundary passes nearest the point, if within maxMeters (for points that
   * simplified coastlines leave just outside every polygon). Ties go to the lower feature index.
   */
  nearestWithin(latitude: number, longitude: number, maxMeters: number): { feature: number; meters: number } | undefined {
    const degreesY = maxMeters / 111_195;
    const degreesX = degreesY / Math.max(0.05, Math.cos((latitude * Math.PI) / 180));
    const seen = new Set<number>();
    let best: { feature: number; meters: number } | undefined;
    for (let cy = this.cellY(latitude - degreesY); cy <= this.cellY(latitude + degreesY); cy++) {
      for (let cx = this.cellX(longitude - degreesX); cx <= this.cellX(longitude + degreesX); cx++) {
        for (const polygonIndex of this.cells.get(this.key(cx, cy)) ?? []) {
          if (seen.has(polygonIndex)) continue;
          seen.add(polygonIndex);
          const polygon = this.polygons[polygonIndex]!;
          for (const shift of [0, 360, -360]) {
            const x = longitude + shift;
            const outer = polygon.rings[0]!;
            if (x < outer.minX - degreesX || x > outer.maxX + degreesX || latitude < outer.minY - degreesY || latitude > outer.maxY + degreesY) continue;
            for (const ring of polygon.rings) {
              if (x < ring.minX - degreesX || x > ring.maxX + degreesX || latitude < ring.minY - degreesY || latitude > ring.maxY + degreesY) continue;
              const meters = ringDistanceMeters(ring, x, latitude, degreesY);
              if (meters <= maxMeters && (!best || meters < best.meters || (meters === best.meters && polygon.feature < best.feature))) {
                best = { feature: polygon.feature, meters };
              }
            }
          }
        }
      }
    }
    return best;
  }
}
