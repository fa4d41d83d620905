import type { TPlaceLabelsResponse } from '@riskatlas/domain';
import type { SizedPlace } from '@riskatlas/geo';

/** A box in degrees: west, south, east, north (west > east crosses the antimeridian). */
export type LabelBox = readonly [number, number, number, number];

/**
 * How many labels and how small a place (its size proxy: postal areas naming it) each zoom shows:
 * a continent shows its large cities, a county its towns, a street its villages.
 */
function labelRule(zoom: number): { limit: number; minSize: number } {
  if (zoom < 4) return { limit: 30, minSize: 25 };
  if (zoom < 6) return { limit: 50, minSize: 8 };
  if (zoom < 8) return { limit: 70, minSize: 3 };
  if (zoom < 10) return { limit: 90, minSize: 1 };
  return { limit: 120, minSize: 0 };
}

const CACHE_SIZE = 500;
const round = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * City and town labels from the data pack's places, largest first: the places in a box that a zoom
 * shows (see labelRule). Answers are cached per box and zoom: clients round their boxes to a grid,
 * so neighbouring views and other users share them.
 */
export class PlaceLabels {
  private readonly places: readonly SizedPlace[];
  private readonly cache = new Map<string, TPlaceLabelsResponse>();

  constructor(places: readonly SizedPlace[]) {
    // Largest first, then by name, so equal sizes always come out in the same order.
    this.places = [...places].sort((a, b) => b.size - a.size || a.place.name.localeCompare(b.place.name) || a.place.id.localeCompare(b.place.id));
  }

  /** The labels of a box at a whole zoom. */
  labels(box: LabelBox, zoom: number): TPlaceLabelsResponse {
    const key = `${zoom}:${box.join(':')}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const answer = this.compute(box, zoom);
    this.cache.set(key, answer);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return answer;
  }

  private compute([west, south, east, north]: LabelBox, zoom: number): TPlaceLabelsResponse {
    const { limit, minSize } = labelRule(zoom);
    const crosses = west > east;
    const features: TPlaceLabelsResponse['features'] = [];
    for (const { place, size } of this.places) {
      if (size < minSize || features.length >= limit) break;
      const { latitude, longitude } = place;
      if (latitude < south || latitude > north) continue;
      if (crosses ? longitude < west && longitude > east : longitude < west || longitude > east) continue;
      features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [round(longitude), round(latitude)] }, properties: { n: place.name, r: features.length } });
    }
    return { type: 'FeatureCollection', features };
  }
}
