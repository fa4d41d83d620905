/** Mean Earth radius in metres (IUGG), the radius every distance in the product uses. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

const RAD = Math.PI / 180;

/** Great-circle distance in metres between two points in degrees (haversine). */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Writes the unit vector of a point into out[offset..offset+2]: nearest-neighbour search in 3-D needs no antimeridian cases. */
export function unitVector(latitude: number, longitude: number, out: Float64Array, offset: number): void {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  const c = Math.cos(phi);
  out[offset] = c * Math.cos(lambda);
  out[offset + 1] = c * Math.sin(lambda);
  out[offset + 2] = Math.sin(phi);
}

/** Squared chord length on the unit sphere → great-circle metres. */
export function chordSquaredToMeters(chordSquared: number): number {
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(chordSquared) / 2));
}

/** Great-circle metres → squared chord length on the unit sphere. */
export function metersToChordSquared(meters: number): number {
  const chord = 2 * Math.sin(Math.min(Math.PI, meters / EARTH_RADIUS_METERS) / 2);
  return chord * chord;
}

/**
 * Area of a ring in square metres on the sphere (the formula of Chamberlain & Duquette, as d3 and
 * Turf use); positive whatever the winding. Points interleaved [x0, y0, x1, y1, …] in degrees.
 */
export function ringAreaSquareMeters(ring: ArrayLike<number>): number {
  const n = ring.length / 2;
  if (n < 3) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    total += (ring[j * 2]! - ring[i * 2]!) * RAD * (2 + Math.sin(ring[i * 2 + 1]! * RAD) + Math.sin(ring[j * 2 + 1]! * RAD));
  }
  return Math.abs((total * EARTH_RADIUS_METERS * EARTH_RADIUS_METERS) / 2);
}

/** Square metres per square mile. */
export const SQUARE_METERS_PER_SQUARE_MILE = 2_589_988.110336;
