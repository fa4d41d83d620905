import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import { deltaEncode, toE5, type PackFeature } from '../src/pack/format';
import { ringAreaSquareMeters, SQUARE_METERS_PER_SQUARE_MILE } from '../src/spatial/distance';
import { readPackageJson } from './paths';

/** A boundary as the build handles it: rings of absolute 1e-5 integer pairs, already unwrapped. */
export interface BuildFeature {
  id: string;
  name: string;
  polygons: number[][][];
}

/** US states and territories the product does not cover (American Samoa, Guam, N. Mariana Is., US Virgin Is.). */
const UNCOVERED_STATE_FIPS = new Set(['60', '66', '69', '78']);

/** World-atlas (Natural Earth) features used for countries the Census files do not cover. */
export const WORLD_COUNTRIES: ReadonlyArray<{ numeric: string; iso3: string; countryId: number; name: string }> = [
  { numeric: '124', iso3: 'CAN', countryId: 2, name: 'Canada' },
  { numeric: '826', iso3: 'GBR', countryId: 3, name: 'United Kingdom' },
  { numeric: '484', iso3: 'MEX', countryId: 5, name: 'Mexico' },
];

const E5_HALF_TURN = 18_000_000;

/**
 * GeoJSON rings → 1e-5 integer rings: no closing duplicate, no repeated points (quantisation can
 * make neighbours equal), at least three points, and longitudes unwrapped so consecutive points
 * never jump by more than 180° (a ring crossing the antimeridian runs past 180 instead).
 */
function quantizeRing(ring: Position[]): number[] | undefined {
  const out: number[] = [];
  for (const [lng, lat] of ring) {
    let x = toE5(lng!);
    const y = toE5(lat!);
    if (out.length > 0) {
      const previousX = out[out.length - 2]!;
      while (x - previousX > E5_HALF_TURN) x -= 2 * E5_HALF_TURN;
      while (previousX - x > E5_HALF_TURN) x += 2 * E5_HALF_TURN;
      if (x === previousX && y === out[out.length - 1]) continue;
    }
    out.push(x, y);
  }
  while (out.length >= 4 && out[0] === out[out.length - 2] && out[1] === out[out.length - 1]) out.splice(-2, 2);
  return out.length >= 6 ? out : undefined;
}

function polygonsOf(geometry: Geometry | null): number[][][] {
  if (!geometry) return [];
  const list: Position[][][] =
    geometry.type === 'Polygon' ? [(geometry as Polygon).coordinates] : geometry.type === 'MultiPolygon' ? (geometry as MultiPolygon).coordinates : [];
  const polygons: number[][][] = [];
  for (const polygon of list) {
    const rings: number[][] = [];
    for (const [index, ring] of polygon.entries()) {
      const quantized = quantizeRing(ring);
      if (quantized) rings.push(quantized);
      else if (index === 0) break; // a degenerate outer ring drops its holes too
    }
    if (rings.length > 0) polygons.push(rings);
  }
  return polygons;
}

/**
 * [west, south, east, north] in 1e-5 degree. A feature with parts on both sides of the
 * antimeridian (the Aleutians) gets west > east, as RFC 7946 §5.2 writes such boxes.
 */
export function boundingBoxE5(polygons: number[][][]): [number, number, number, number] {
  const xs: number[] = [];
  let south = Infinity;
  let north = -Infinity;
  for (const polygon of polygons) {
    const outer = polygon[0]!;
    for (let i = 0; i < outer.length; i += 2) {
      xs.push(outer[i]!);
      south = Math.min(south, outer[i + 1]!);
      north = Math.max(north, outer[i + 1]!);
    }
  }
  let west = Math.min(...xs);
  let east = Math.max(...xs);
  if (east - west > E5_HALF_TURN) {
    // Shift the western-hemisphere part east by 360° and see whether that box is narrower.
    const shifted = xs.map((x) => (x < 0 ? x + 2 * E5_HALF_TURN : x));
    const w = Math.min(...shifted);
    const e = Math.max(...shifted);
    if (e - w < east - west) {
      west = w > E5_HALF_TURN ? w - 2 * E5_HALF_TURN : w;
      east = e > E5_HALF_TURN ? e - 2 * E5_HALF_TURN : e;
    }
  }
  west = Math.max(west, -E5_HALF_TURN);
  east = Math.min(east, E5_HALF_TURN);
  return [west, south, east, north];
}

/** Spherical area of the polygons (outer rings minus holes) in square miles × 10, rounded. */
export function areaSqMiE1(polygons: number[][][]): number {
  let squareMeters = 0;
  for (const polygon of polygons) {
    polygon.forEach((ring, index) => {
      const area = ringAreaSquareMeters(ring.map((v) => v / 1e5));
      squareMeters += index === 0 ? area : -area;
    });
  }
  return Math.round((squareMeters / SQUARE_METERS_PER_SQUARE_MILE) * 10);
}

/** The pack's line for a feature. */
export function packFeature(
  feature: BuildFeature,
  fields: { countryId: number; admin1Code: string; admin1Name: string; population: number },
): PackFeature {
  return {
    id: feature.id,
    name: feature.name,
    countryId: fields.countryId,
    admin1Code: fields.admin1Code,
    admin1Name: fields.admin1Name,
    population: fields.population,
    areaSqMiE1: areaSqMiE1(feature.polygons),
    bbox: boundingBoxE5(feature.polygons),
    polygons: feature.polygons.map((polygon) => polygon.map((ring) => deltaEncode(ring))),
  };
}

interface NamedProperties {
  name: string;
}

/** US counties and Puerto Rico municipios (us-atlas counties-10m, Census cartographic boundaries 2017). */
export function readUsCounties(): BuildFeature[] {
  const topology = readPackageJson<Topology>('us-atlas', 'counties-10m.json');
  const collection = feature(topology, topology.objects.counties as GeometryCollection<NamedProperties>);
  return collection.features
    .filter((f) => !UNCOVERED_STATE_FIPS.has(String(f.id).slice(0, 2)))
    .map((f) => ({ id: String(f.id), name: (f.properties as NamedProperties).name, polygons: polygonsOf(f.geometry) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** US state FIPS code → state name (us-atlas states). */
export function readUsStateNames(): Map<string, string> {
  const topology = readPackageJson<Topology>('us-atlas', 'states-10m.json');
  const collection = topology.objects.states as GeometryCollection<NamedProperties>;
  return new Map(collection.geometries.map((g) => [String(g.id), (g.properties as NamedProperties).name]));
}

/** Canada, the United Kingdom and Mexico from world-atlas countries-10m (Natural Earth 1:10m). */
export function readWorldCountries(): Array<BuildFeature & { countryId: number }> {
  const topology = readPackageJson<Topology>('world-atlas', 'countries-10m.json');
  const collection = feature(topology, topology.objects.countries as GeometryCollection<NamedProperties>);
  return WORLD_COUNTRIES.map((country) => {
    const match = collection.features.find((f: Feature) => String(f.id) === country.numeric);
    if (!match) throw new Error(`world-atlas has no country ${country.numeric} (${country.name})`);
    return { id: country.iso3, name: country.name, countryId: country.countryId, polygons: polygonsOf(match.geometry) };
  });
}

/** Mexican states (INEGI marco geoestadístico, simplified), id 'MX-' + INEGI code. */
export function readMexicanStates(sharedDir: string): Array<BuildFeature & { code: string }> {
  const path = join(sharedDir, 'intl/mexico_sesnsp/00ent_mexico.geojson');
  const collection = JSON.parse(readFileSync(path, 'utf8')) as { features: Array<Feature<Geometry, { cve_geo: string; nombre_estado: string }>> };
  return collection.features
    .map((f) => {
      const code = f.properties.cve_geo.padStart(2, '0');
      return { id: `MX-${code}`, code, name: f.properties.nombre_estado.trim(), polygons: polygonsOf(f.geometry) };
    })
    .sort((a, b) => (a.code < b.code ? -1 : 1));
}
