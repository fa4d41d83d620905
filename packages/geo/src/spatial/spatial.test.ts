import { describe, expect, it } from 'vitest';
import { haversineMeters, ringAreaSquareMeters, SQUARE_METERS_PER_SQUARE_MILE } from './distance';
import { PointIndex } from './point-index';
import { PolygonIndex, unwrapRing } from './polygon-index';
import { seededRandom as random } from '../testing/seeded-random';


describe('haversineMeters', () => {
  it('measures known distances', () => {
    // Chicago Loop to O'Hare ≈ 25.3 km; London to Paris ≈ 343.6 km.
    expect(haversineMeters(41.8781, -87.6298, 41.9742, -87.9073) / 1000).toBeCloseTo(25.3, 0);
    expect(haversineMeters(51.5074, -0.1278, 48.8566, 2.3522) / 1000).toBeCloseTo(343.6, 0);
    expect(haversineMeters(10, 179.9, 10, -179.9)).toBeLessThan(25_000);
  });

  it('computes a 1° × 1° cell at the equator as about 4,775 square miles', () => {
    const ring = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 1]);
    expect(ringAreaSquareMeters(ring) / SQUARE_METERS_PER_SQUARE_MILE).toBeCloseTo(4_775, -1);
  });
});

describe('PointIndex', () => {
  const next = random(42);
  const lat = Array.from({ length: 5_000 }, () => next() * 170 - 85);
  const lng = Array.from({ length: 5_000 }, () => next() * 360 - 180);
  const index = new PointIndex(lat, lng);

  it('finds the same nearest point as a brute-force scan, across the antimeridian too', () => {
    for (let probe = 0; probe < 300; probe++) {
      const qLat = next() * 180 - 90;
      const qLng = probe % 10 === 0 ? 179.99 : next() * 360 - 180;
      let best = -1;
      let bestMeters = Infinity;
      for (let i = 0; i < lat.length; i++) {
        const meters = haversineMeters(qLat, qLng, lat[i]!, lng[i]!);
        if (meters < bestMeters) {
          bestMeters = meters;
          best = i;
        }
      }
      const hit = index.nearest(qLat, qLng)!;
      expect(hit.index).toBe(best);
      expect(hit.meters).toBeCloseTo(bestMeters, 0);
    }
  });

  it('honours a maximum distance', () => {
    const hit = index.nearest(lat[0]!, lng[0]!, 1)!;
    expect(hit.index).toBe(0);
    expect(new PointIndex([0], [0]).nearest(1, 1, 1_000)).toBeUndefined();
    expect(new PointIndex([], []).nearest(0, 0)).toBeUndefined();
  });

  it('visits exactly the points within a radius', () => {
    const seen = new Set<number>();
    index.within(10, 10, 1_500_000, (i, meters) => {
      expect(meters).toBeLessThanOrEqual(1_500_000);
      seen.add(i);
    });
    const expected = lat.map((_, i) => i).filter((i) => haversineMeters(10, 10, lat[i]!, lng[i]!) <= 1_500_000);
    expect([...seen].sort((a, b) => a - b)).toEqual(expected);
  });

  it('breaks ties by the lower index', () => {
    const tied = new PointIndex([5, 34, 34, 34, 7], [5, -118, -118, -118, 7]);
    expect(tied.nearest(34, -118)?.index).toBe(1);
  });
});

describe('PolygonIndex', () => {
  const square = (x0: number, y0: number, size: number) => Float64Array.from([x0, y0, x0 + size, y0, x0 + size, y0 + size, x0, y0 + size]);

  it('finds the containing feature, respecting holes', () => {
    const index = new PolygonIndex([[[square(0, 0, 10), square(4, 4, 2)]], [[square(20, 0, 5)]]], 1);
    expect(index.find(1, 1)).toBe(0);
    expect(index.find(5, 5)).toBe(-1); // in the hole
    expect(index.find(2, 22)).toBe(1);
    expect(index.find(2, 17)).toBe(-1);
  });

  it('handles rings that cross the antimeridian', () => {
    // An island from 179°E to 179°W, written as the source writes it (longitudes jump at ±180).
    const ring = Float64Array.from([179, 50, -179, 50, -179, 52, 179, 52]);
    expect([...unwrapRing(ring)]).toEqual([179, 50, 181, 50, 181, 52, 179, 52]);
    const index = new PolygonIndex([[[ring]]], 0.5);
    expect(index.find(51, 179.5)).toBe(0);
    expect(index.find(51, -179.5)).toBe(0);
    expect(index.find(51, 178.5)).toBe(-1);
    expect(index.find(51, -178.5)).toBe(-1);
  });

  it('gives the same answers with the band index on a long ring', () => {
    // A 2,000-vertex star-shaped ring: the band index kicks in above 64 vertices.
    const points: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      const angle = (i / 2_000) * 2 * Math.PI;
      const r = 5 + (i % 2 === 0 ? 1 : -1) * 0.5 + Math.sin(angle * 7);
      points.push(Math.cos(angle) * r, Math.sin(angle) * r);
    }
    const ring = Float64Array.from(points);
    const index = new PolygonIndex([[[ring]]], 1);
    const next = random(7);
    for (let probe = 0; probe < 2_000; probe++) {
      const x = next() * 16 - 8;
      const y = next() * 16 - 8;
      let inside = false;
      const n = points.length / 2;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const xi = points[i * 2]!;
        const yi = points[i * 2 + 1]!;
        const xj = points[j * 2]!;
        const yj = points[j * 2 + 1]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      expect(index.find(y, x) === 0).toBe(inside);
    }
  });

  it('finds the nearest boundary within a tolerance', () => {
    const index = new PolygonIndex([[[square(0, 0, 1)]], [[square(2, 0, 1)]]], 1);
    // 0.001° east of the first square's east edge at the equator ≈ 111 m.
    const near = index.nearestWithin(0.5, 1.001, 250)!;
    expect(near.feature).toBe(0);
    expect(near.meters).toBeCloseTo(111, -1);
    expect(index.nearestWithin(0.5, 1.5, 250)).toBeUndefined();
  });
});
