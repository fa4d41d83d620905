import { loadBaseMapLayers, type BaseMapLayers, type DecodedFeature } from '@riskatlas/geo';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { project, viewBox, type MapView } from './mercator';
import { EdgeIndex } from './edge-index';
import { collapseOutside } from './ring-collapse';

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

/** Each polygon's box [west, south, east, north], worked out once per feature. */
const polygonBoxes = new WeakMap<DecodedFeature, Float64Array>();

function boxesOf(feature: DecodedFeature): Float64Array {
  let boxes = polygonBoxes.get(feature);
  if (boxes) return boxes;
  boxes = new Float64Array(feature.polygons.length * 4);
  feature.polygons.forEach((polygon, index) => {
    const outer = polygon[0]!;
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < outer.length; i += 2) {
      west = Math.min(west, outer[i]!);
      east = Math.max(east, outer[i]!);
      south = Math.min(south, outer[i + 1]!);
      north = Math.max(north, outer[i + 1]!);
    }
    boxes!.set([west, south, east, north], index * 4);
  });
  polygonBoxes.set(feature, boxes);
  return boxes;
}

/** Rings shorter than this are traced as they are. */
const LONG_RING = 64;
/** Pixels beyond the picture within which long rings keep their shape: more than the widest line (2.2) and its miter joins. */
const KEPT_MARGIN = 64;

/**
 * Traces a feature's polygons that meet the box as one path: a country's hundreds of islands far
 * from the view (Canada's Arctic under a Chicago map) are skipped. With `kept` (the view's box and
 * a margin), the long rings' runs of vertices beyond it are collapsed (collapseOutside): the
 * picture is the same, and Canada's coast is not traced vertex by vertex under every Chicago map.
 */
function tracePolygons(context: SKRSContext2D, view: MapView, feature: DecodedFeature, [west, south, east, north]: readonly number[], kept?: readonly [number, number, number, number]): void {
  const boxes = boxesOf(feature);
  feature.polygons.forEach((polygon, index) => {
    if (boxes[index * 4]! > east! || boxes[index * 4 + 2]! < west! || boxes[index * 4 + 1]! > north! || boxes[index * 4 + 3]! < south!) return;
    for (const full of polygon) {
      const ring = kept && full.length >= 2 * LONG_RING ? collapseOutside(full, kept) : full;
      for (let i = 0; i < ring.length; i += 2) {
        const [x, y] = project(view, ring[i]!, ring[i + 1]!);
        if (i === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      }
      context.closePath();
    }
  });
}

/**
 * Fills or strokes the features of a layer that meet the view; `solid` (a fill or an undashed
 * line) lets long rings be collapsed beyond the picture's margin.
 */
function drawLayer(context: SKRSContext2D, view: MapView, features: readonly DecodedFeature[], paint: (context: SKRSContext2D) => void, solid = true): void {
  const box = viewBox(view);
  const kept = solid ? viewBox({ ...view, left: view.left - KEPT_MARGIN, top: view.top - KEPT_MARGIN, width: view.width + 2 * KEPT_MARGIN, height: view.height + 2 * KEPT_MARGIN }) : undefined;
  context.beginPath();
  for (const feature of features) if (meets(feature, box)) tracePolygons(context, view, feature, box, kept);
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
  drawLayer(
    context,
    view,
    counties,
    (c) => {
      c.strokeStyle = BASE_COLORS.county;
      c.lineWidth = 1;
      c.setLineDash([4, 3]);
      c.stroke();
      c.setLineDash([]);
    },
    false,
  );
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

/** County edges split by kind, [x1, y1, x2, y2, …] in degrees. */
interface CountyEdges {
  /** Edges counties of two different states share. */
  state: EdgeIndex;
  /** Edges of one county only: coasts and the national border. */
  coast: EdgeIndex;
}

let edges: CountyEdges | undefined;

/**
 * The county edges by kind, worked out once per process: the pack's county rings come from one
 * topology, so neighbours share their vertices exactly and an edge's users can be counted by its
 * end points.
 */
function countyEdges(counties: readonly DecodedFeature[]): CountyEdges {
  if (edges) return edges;
  const key = (a: number, b: number, c: number, d: number) => (a < c || (a === c && b < d) ? `${a},${b},${c},${d}` : `${c},${d},${a},${b}`);
  // Edge → the states of the counties using it (one state's code, or '*' once two differ), and how many counties use it.
  const states = new Map<string, string>();
  const users = new Map<string, number>();
  const all: number[] = [];
  for (const feature of counties) {
    for (const polygon of feature.polygons) {
      for (const ring of polygon) {
        for (let i = 0; i + 3 < ring.length; i += 2) {
          const k = key(ring[i]!, ring[i + 1]!, ring[i + 2]!, ring[i + 3]!);
          const seen = states.get(k);
          if (seen === undefined) {
            states.set(k, feature.admin1Code);
            users.set(k, 1);
            all.push(ring[i]!, ring[i + 1]!, ring[i + 2]!, ring[i + 3]!);
          } else {
            if (seen !== feature.admin1Code) states.set(k, '*');
            users.set(k, users.get(k)! + 1);
          }
        }
      }
    }
  }
  const state: number[] = [];
  const coast: number[] = [];
  for (let i = 0; i < all.length; i += 4) {
    const k = key(all[i]!, all[i + 1]!, all[i + 2]!, all[i + 3]!);
    if (states.get(k) === '*') state.push(all[i]!, all[i + 1]!, all[i + 2]!, all[i + 3]!);
    else if (users.get(k) === 1) coast.push(all[i]!, all[i + 1]!, all[i + 2]!, all[i + 3]!);
  }
  edges = { state: new EdgeIndex(Float64Array.from(state)), coast: new EdgeIndex(Float64Array.from(coast)) };
  return edges;
}

/** Strokes the edges with an end in the view's box. */
function strokeEdges(context: SKRSContext2D, view: MapView, edges: EdgeIndex, colour: string, width: number): void {
  const list = edges.edges;
  context.beginPath();
  for (const i of edges.endingIn(viewBox(view))) {
    const [ax, ay] = project(view, list[i]!, list[i + 1]!);
    const [bx, by] = project(view, list[i + 2]!, list[i + 3]!);
    context.moveTo(ax, ay);
    context.lineTo(bx, by);
  }
  context.strokeStyle = colour;
  context.lineWidth = width;
  context.stroke();
}

/** State lines and coasts from the county edges (the pack has no US state layer). */
function drawStateLines(context: SKRSContext2D, view: MapView, counties: readonly DecodedFeature[]): void {
  const { state, coast } = countyEdges(counties);
  strokeEdges(context, view, coast, BASE_COLORS.coast, 1.4);
  strokeEdges(context, view, state, BASE_COLORS.state, 1.6);
}
