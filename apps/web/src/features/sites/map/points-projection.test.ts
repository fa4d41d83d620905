import { describe, expect, it } from 'vitest';
import { makeSite } from '../testing/make-site';
import { NO_SCORE_COLOR, fitProjection, mercatorY, nearestPoint, pointColor, projectSites } from './points-projection';

describe('points map projection', () => {
  const sites = [
    makeSite({ siteId: 1, latitude: 41.88, longitude: -87.63 }),
    makeSite({ siteId: 2, latitude: 30.27, longitude: -97.74 }),
  ];

  it('fits the sites inside the padding with one scale for both axes', () => {
    const points = projectSites(sites);
    const projection = fitProjection(points, 400, 300, 20)!;
    const xs = [projection.x(points.xs[0]!), projection.x(points.xs[1]!)];
    const ys = [projection.y(points.ys[0]!), projection.y(points.ys[1]!)];
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(19.99);
      expect(x).toBeLessThanOrEqual(380.01);
    }
    for (const y of ys) {
      expect(y).toBeGreaterThanOrEqual(19.99);
      expect(y).toBeLessThanOrEqual(280.01);
    }
    // Chicago is north-east of Austin: right of it and above it on screen.
    expect(xs[0]).toBeGreaterThan(xs[1]!);
    expect(ys[0]).toBeLessThan(ys[1]!);
    expect(projection.latitude(projection.y(mercatorY(35)))).toBeCloseTo(35, 6);
    expect(projection.graticule.length).toBeGreaterThan(2);
    expect(fitProjection(projectSites([]), 400, 300, 20)).toBeNull();
    expect(fitProjection(points, 30, 30, 20)).toBeNull();
  });

  it('finds the dot under the pointer and colours dots by score band', () => {
    const points = projectSites(sites);
    const projection = fitProjection(points, 400, 300, 20)!;
    const x = projection.x(points.xs[1]!);
    const y = projection.y(points.ys[1]!);
    expect(nearestPoint(points, projection, x + 3, y - 3, 8)).toBe(1);
    expect(nearestPoint(points, projection, x + 30, y, 8)).toBe(-1);
    expect(pointColor(makeSite({ s: { '2': 850 } }), 2)).toBe('#d32f2f');
    expect(pointColor(makeSite({ s: { '2': 850 } }), 3)).toBe(NO_SCORE_COLOR);
    // A single site still gets a usable span.
    expect(fitProjection(projectSites(sites.slice(0, 1)), 400, 300, 20)).not.toBeNull();
  });
});
