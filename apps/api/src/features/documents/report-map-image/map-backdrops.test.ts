import { describe, expect, it } from 'vitest';
import type { MapPicture } from './draw-map';
import { mapOverlay } from './draw-map';
import { MapBackdrops } from './report-map-image';

/** A map B picture at a point, with one cell around it. */
function pictureAt(latitude: number, longitude: number, countryId: MapPicture['countryId'] = 1): MapPicture {
  const cell = { type: 'Feature' as const, geometry: { type: 'Polygon' as const, coordinates: [[[longitude - 0.01, latitude - 0.01], [longitude + 0.01, latitude - 0.01], [longitude + 0.01, latitude + 0.01], [longitude - 0.01, latitude + 0.01], [longitude - 0.01, latitude - 0.01]] as Array<[number, number]>] }, properties: { score: 150, color: '#b7d77a', band: 1 } };
  return {
    latitude,
    longitude,
    zoom: 11,
    countryId,
    title: 'Map B — Crimes Against Persons',
    subtitle: 'A site · Composite · release 2026',
    cells: [cell],
    labelsFor: () => [{ name: 'Chicago', longitude: -87.65, latitude: 41.85 }],
    attribution: 'Attribution',
  };
}

describe('MapBackdrops: maps of nearby sites share one backdrop', () => {
  it('gives sites a few hundred metres apart the same backdrop, each with its own pin near the centre', async () => {
    const backdrops = new MapBackdrops();
    const [a, b] = [pictureAt(41.8789, -87.6359), pictureAt(41.8805, -87.6372)];
    const shared = backdrops.backdropFor(a);
    expect(backdrops.backdropFor(b)).toBe(shared);
    const jpeg = await shared.jpeg;
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const [pinA, pinB] = [mapOverlay(a, shared).site, mapOverlay(b, shared).site];
    expect(pinA).not.toEqual(pinB);
    for (const [x, y] of [pinA, pinB]) {
      expect(Math.abs(x - 600)).toBeLessThanOrEqual(37.5);
      expect(Math.abs(y - 400)).toBeLessThanOrEqual(37.5);
    }
    // The overlay carries the report's own cells and title; the backdrop only the view's labels and panels.
    const overlay = mapOverlay(a, shared);
    expect(overlay.cells).toHaveLength(1);
    expect(overlay.title).toBe('Map B — Crimes Against Persons');
    expect(overlay.labels.map((label) => label.name)).toEqual(['Chicago']);
    expect(overlay.panels.length).toBe(3);
  });

  it('draws another backdrop for a site farther away or in another country, and keeps only the most recent ones', async () => {
    const backdrops = new MapBackdrops(2);
    const chicago = backdrops.backdropFor(pictureAt(41.8789, -87.6359));
    expect(backdrops.backdropFor(pictureAt(41.95, -87.75))).not.toBe(chicago);
    expect(backdrops.backdropFor(pictureAt(41.8789, -87.6359, 2)).key).not.toBe(chicago.key);
    // Two newer backdrops pushed Chicago's out: it is drawn again.
    expect(backdrops.backdropFor(pictureAt(41.8789, -87.6359))).not.toBe(chicago);
    await Promise.all([chicago.jpeg]);
  });
});
