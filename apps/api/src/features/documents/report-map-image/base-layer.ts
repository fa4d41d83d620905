import { loadBaseMapLayers, type BaseMapLayers, type DecodedFeature } from '@riskatlas/geo';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { project, viewBox, type MapView } from './mercator';

let layers: BaseMapLayers | undefined;

/** The pack's boundary layers, read once per process on the first map drawn. */
function baseLayers(): BaseMapLayers {
  layers ??= loadBaseMapLayers();
  return layers;
}

/** The base map's colours: water behind, land on top, borders darker the higher the level. */
export const BASE_COLORS = { water: '#b3d4ee', land: '#f3f0e8', county: '#a9a39a', coast: '#6f8fa8', state: '#6f6a63', country: '#3f3b36' } as const;

/** Whether a feature's box meets the view's box (features across the antimeridian are kept). */
function meets(feature: DecodedFeature, [west, south, east, north]: readonly number[]): boolean {
  const [fw, fs, fe, fn] = feature.bbox;
  if (fs > north! || fn < south!) return false;
  return fw > fe || !(fw > east! || fe < west!);
}

/** Traces a feature's rings (each [lng, lat, …]) as one path. */
function tracePolygons(context: SKRSContext2D, view: MapView, feature: DecodedFeature): void {
  for (const polygon of feature.polygons) {
    for (const ring of polygon) {
      for (let i = 0; i < ring.length; i += 2) {
        const [x, y] = project(view, ring[i]!, ring[i + 1]!);
        if (i === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      }
      context.closePath();
    }
  }
}

/** Fills or strokes the features of a layer that meet the view. */
function drawLayer(context: SKRSContext2D, view: MapView, features: readonly DecodedFeature[], paint: (context: SKRSContext2D) => void): void {
  const box = viewBox(view);
  context.beginPath();
  for (const feature of features) if (meets(feature, box)) tracePolygons(context, view, feature);
  paint(context);
}

/**
 * The base map: water, the land (countries, US and Puerto Rico counties, Mexican states), then county borders (US and Puerto Rico), Mexican
 * state borders and country borders. The pack has no US state layer, so state lines are drawn from
 * the county rings (drawStateLines).
 */
export function drawBaseMap(context: SKRSContext2D, view: MapView): void {
  const { countries, counties, mxStates } = baseLayers();
  context.fillStyle = BASE_COLORS.water;
  context.fillRect(0, 0, view.width, view.height);
  // The pack's countries layer leaves out the US and Puerto Rico, whose land is their counties.
  for (const layer of [countries, counties, mxStates]) {
    drawLayer(context, view, layer, (c) => {
      c.fillStyle = BASE_COLORS.land;
      c.fill('evenodd');
    });
  }
  drawLayer(context, view, counties, (c) => {
    c.strokeStyle = BASE_COLORS.county;
    c.lineWidth = 1;
    c.setLineDash([4, 3]);
    c.stroke();
    c.setLineDash([]);
  });
  drawStateLines(context, view, counties);
  drawLayer(context, view, mxStates, (c) => {
    c.strokeStyle = BASE_COLORS.state;
    c.lineWidth = 1.6;
    c.stroke();
  });
  drawLayer(context, view, countries, (c) => {
    c.strokeStyle = BASE_COLORS.country;
    c.lineWidth = 2.2;
    c.stroke();
  });
}

/**
 * State lines: the county ring segments that counties of two different states share (the pack's
 * county rings come from one topology, so neighbours share their vertices exactly); and coasts:
 * the segments of one county only.
 */
function drawStateLines(context: SKRSContext2D, view: MapView, counties: readonly DecodedFeature[]): void {
  const box = viewBox(view);
  const visible = counties.filter((feature) => meets(feature, box));
  // Segment key → the states whose county rings use it.
  const key = (a: number, b: number, c: number, d: number) => (a < c || (a === c && b < d) ? `${a},${b},${c},${d}` : `${c},${d},${a},${b}`);
  const uses = new Map<string, Set<string>>();
  const segments: Array<[number, number, number, number, string]> = [];
  for (const feature of visible) {
    for (const polygon of feature.polygons) {
      for (const ring of polygon) {
        for (let i = 0; i + 3 < ring.length; i += 2) {
          const segment: [number, number, number, number, string] = [ring[i]!, ring[i + 1]!, ring[i + 2]!, ring[i + 3]!, feature.admin1Code];
          const k = key(segment[0], segment[1], segment[2], segment[3]);
          let states = uses.get(k);
          if (!states) uses.set(k, (states = new Set()));
          states.add(feature.admin1Code);
          segments.push(segment);
        }
      }
    }
  }
  const stroke = (states: number, colour: string, width: number) => {
    context.beginPath();
    for (const [x1, y1, x2, y2] of segments) {
      if ((uses.get(key(x1, y1, x2, y2))!.size >= 2) !== states >= 2) continue;
      const [ax, ay] = project(view, x1, y1);
      const [bx, by] = project(view, x2, y2);
      context.moveTo(ax, ay);
      context.lineTo(bx, by);
    }
    context.strokeStyle = colour;
    context.lineWidth = width;
    context.stroke();
  };
  // A segment only one county uses is a coast or the national border: drawn solid over the dashes.
  stroke(1, BASE_COLORS.coast, 1.4);
  stroke(2, BASE_COLORS.state, 1.6);
}
