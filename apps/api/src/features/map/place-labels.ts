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
/** The side in degrees of the index's cells, and the most cells a box is answered from through it. */
const CELL_DEGREES = 1;
const MOST_CELLS = 64;
const cellOf = (degrees: number) => Math.floor(degrees / CELL_DEGREES);

/**
 * City and town labels from the data pack's places, largest first: the places in a box that a zoom
 * shows (see labelRule). Answers are cached per box and zoom: clients round their boxes to a grid,
 * so neighbouring views and other users share them.
 */
export class PlaceLabels {
  private readonly places: readonly SizedPlace[];
  private readonly cache = new Map<string, TPlaceLabelsResponse>();
  /** Cell 'column:row' → the places in it by their rank in `places`, lowest first. */
  private readonly cells = new Map<string, number[]>();

  constructor(places: readonly SizedPlace[]) {
    // Largest first, then by name, so equal sizes always come out in the same order.
    this.places = [...places].sort((a, b) => b.size - a.size || a.place.name.localeCompare(b.place.name) || a.place.id.localeCompare(b.place.id));
    this.places.forEach(({ place }, rank) => {
      const key = `${cellOf(place.longitude)}:${cellOf(place.latitude)}`;
      const cell = this.cells.get(key);
      if (cell) cell.push(rank);
      else this.cells.set(key, [rank]);
    });
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

  /**
   * The places that may lie in a small box, largest first: those of the index cells it meets (a
   * report map's box at a city zoom meets a few of them, so the world's places are not all
   * read). Undefined for a box across the antimeridian or over more than MOST_CELLS cells.
   */
  private candidates([west, south, east, north]: LabelBox): SizedPlace[] | undefined {
    if (west > east) return undefined;
    const [left, right, bottom, top] = [cellOf(west), cellOf(east), cellOf(south), cellOf(north)];
    if ((right - left + 1) * (top - bottom + 1) > MOST_CELLS) return undefined;
    const ranks: number[] = [];
    for (let column = left; column <= right; column += 1) {
      for (let row = bottom; row <= top; row += 1) ranks.push(...(this.cells.get(`${column}:${row}`) ?? []));
    }
    return ranks.sort((a, b) => a - b).map((rank) => this.places[rank]!);
  }

  private compute(box: LabelBox, zoom: number): TPlaceLabelsResponse {
    const [west, south, east, north] = box;
    const { limit, minSize } = labelRule(zoom);
    const crosses = west > east;
    const features: TPlaceLabelsResponse['features'] = [];
    for (const { place, size } of this.candidates(box) ?? this.places) {
      if (size < minSize || features.length >= limit) break;
      const { latitude, longitude } = place;
      if (latitude < south || latitude > north) continue;
      if (crosses ? longitude < west && longitude > east : longitude < west || longitude > east) continue;
      features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [round(longitude), round(latitude)] }, properties: { n: place.name, r: features.length } });
    }
    return { type: 'FeatureCollection', features };
  }
}
