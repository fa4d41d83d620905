import { describe, expect, it } from 'vitest';
import { loadGazetteer, type SizedPlace } from '@riskatlas/geo';
import { PlaceLabels, type LabelBox } from './place-labels';

/** The labels of a box read the slow way: every place, largest first, as the zoom's rule allows. */
function everyPlace(places: readonly SizedPlace[], [west, south, east, north]: LabelBox, limit: number, minSize: number): string[] {
  const sorted = [...places].sort((a, b) => b.size - a.size || a.place.name.localeCompare(b.place.name) || a.place.id.localeCompare(b.place.id));
  const names: string[] = [];
  for (const { place, size } of sorted) {
    if (size < minSize || names.length >= limit) break;
    if (place.latitude < south || place.latitude > north || place.longitude < west || place.longitude > east) continue;
    names.push(place.name);
  }
  return names;
}

describe('PlaceLabels: the labels of a box from the grid index', () => {
  const places = loadGazetteer().sizedPlaces();
  const labels = new PlaceLabels(places);

  it('gives the labels the whole list gives, for report-map boxes in cities, at the county and site zooms', () => {
    const centres: Array<[number, number]> = [[41.8789, -87.6359], [47.6, -122.33], [29.76, -95.37], [40.71, -74.0], [19.43, -99.13], [51.5, -0.12], [43.65, -79.38], [-0.5, -0.5]];
    let compared = 0;
    for (const [latitude, longitude] of centres) {
      for (const [zoom, half] of [[11, 0.4], [13, 0.1]] as const) {
        const box: LabelBox = [longitude - half, latitude - half * 0.7, longitude + half, latitude + half * 0.7];
        const got = labels.labels(box, zoom).features.map((feature) => feature.properties.n);
        expect(got).toEqual(everyPlace(places, box, 120, 0));
        compared += got.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('answers a continent-wide box through the whole list, largest places first', () => {
    const box: LabelBox = [-125, 25, -66, 49];
    expect(labels.labels(box, 3).features.map((feature) => feature.properties.n)).toEqual(everyPlace(places, box, 30, 25));
  });
});
