// Writes the offline base layers the map draws when no online tile style is configured:
// public/basemap/{land,countries,states,counties}.json, GeoJSON made from Natural Earth via
// world-atlas (land and country borders, 1:50m) and us-atlas (state and county borders, 1:10m).
// Run before every `vite build` and `vite` (npm scripts), so a fresh clone needs nothing else.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { feature, mesh } from 'topojson-client';
import countries from 'world-atlas/countries-50m.json' with { type: 'json' };
import land from 'world-atlas/land-50m.json' with { type: 'json' };
import counties from 'us-atlas/counties-10m.json' with { type: 'json' };

const out = join(import.meta.dirname, '..', 'public', 'basemap');
// Detail kept, matched to the data's scale (more only adds bytes): the world's 1:50m data to 2 decimals
// (~1 km) and within 0.02° of its line, the US 1:10m data to 3 decimals (~100 m) and within 0.004°.
const detailOf = (decimals, tolerance) => ({ round: (value) => Math.round(value * 10 ** decimals) / 10 ** decimals, tolerance });
// Antarctica is outside the product's countries, and its ring along the pole would smear across the map.
const SOUTHERN_LIMIT = -60;

/**
 * Rounds a line's coordinates and unwraps its longitudes: a step of more than 180° is the same
 * line continuing across the antimeridian, so it continues past ±180 instead of streaking back
 * across the whole map (MapLibre draws longitudes beyond ±180 on the next world copy).
 */
function unwrap(line, { round, tolerance }) {
  const result = [];
  let shift = 0;
  let previous = null;
  for (const [longitude, latitude] of line) {
    if (previous !== null) {
      const step = longitude - previous;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    previous = longitude;
    const point = [round(longitude + shift), round(latitude)];
    const last = result.at(-1);
    if (!last || last[0] !== point[0] || last[1] !== point[1]) result.push(point);
  }
  // A line that starts just west of the antimeridian (Eurasia's ring starts in Chukotka) would be
  // unwrapped a whole world to the west; bring its middle back within ±180, where the tiler does
  // not split it into slivers.
  const middle = (Math.min(...result.map(([x]) => x)) + Math.max(...result.map(([x]) => x))) / 2;
  const recentre = middle < -180 ? 360 : middle > 180 ? -360 : 0;
  if (recentre !== 0) for (const point of result) point[0] = round(point[0] + recentre);
  return simplify(result, tolerance);
}

/** Squared distance from p to the segment a–b (degrees: the tolerance is small enough for that). */
function segmentDistance2([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  const x = ax + t * dx - px;
  const y = ay + t * dy - py;
  return x * x + y * y;
}

/**
 * Drops the points of a line that lie within `tolerance` degrees of the simplified line
 * (Douglas–Peucker): invisible at the zooms the base layer is read at, and it halves the files.
 */
function simplify(line, tolerance) {
  if (line.length <= 4) return line;
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack = [[0, line.length - 1]];
  const limit = tolerance * tolerance;
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    let farthest = -1;
    let distance = limit;
    for (let i = first + 1; i < last; i += 1) {
      const d = segmentDistance2(line[i], line[first], line[last]);
      if (d > distance) [farthest, distance] = [i, d];
    }
    if (farthest === -1) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return line.filter((_, i) => keep[i]);
}

const north = (ring) => ring.some(([, latitude]) => latitude > SOUTHERN_LIMIT);

function polygons(geometry, detail) {
  const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  const kept = list.filter((rings) => north(rings[0])).map((rings) => rings.map((ring) => unwrap(ring, detail)).filter((ring) => ring.length >= 4));
  return { type: 'MultiPolygon', coordinates: kept.filter((rings) => rings.length > 0) };
}

function lines(geometry, detail) {
  const list = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
  return { type: 'MultiLineString', coordinates: list.filter(north).map((line) => unwrap(line, detail)).filter((line) => line.length >= 2) };
}

const world = detailOf(2, 0.02);
const us = detailOf(3, 0.004);
const polygonsOf = ({ geometry }) => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates);
const collection = (geometry) => ({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry }] });

const layers = {
  land: collection(polygons({ type: 'MultiPolygon', coordinates: feature(land, land.objects.land).features.flatMap(polygonsOf) }, world)),
  // Borders are meshes (each shared edge once), not outlines of every country, so nothing is drawn twice.
  countries: collection(lines(mesh(countries, countries.objects.countries, (a, b) => a !== b), world)),
  states: collection(lines(mesh(counties, counties.objects.states, (a, b) => a !== b), us)),
  counties: collection(lines(mesh(counties, counties.objects.counties, (a, b) => a !== b && a.id.slice(0, 2) === b.id.slice(0, 2)), us)),
};

mkdirSync(out, { recursive: true });
for (const [name, data] of Object.entries(layers)) {
  const text = JSON.stringify(data);
  writeFileSync(join(out, `${name}.json`), text);
  console.log(`basemap/${name}.json ${(text.length / 1024).toFixed(0)} KiB`);
}
