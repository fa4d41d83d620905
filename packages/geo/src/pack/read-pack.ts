import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from '../gazetteer/types';
import {
  ADMIN1_COLUMNS,
  PACK_FILES,
  PACK_FORMAT_VERSION,
  PLACES_COLUMNS,
  POSTAL_COLUMNS,
  SETTLEMENT_COLUMNS,
  ZCTA_COLUMNS,
  deltaDecode,
  type PackFeature,
} from './format';

/** A boundary feature with its rings decoded to degrees. */
export interface DecodedFeature extends Omit<PackFeature, 'polygons' | 'bbox'> {
  /** [west, south, east, north] in degrees. */
  bbox: [number, number, number, number];
  polygons: Float64Array[][];
}

function readText(dir: string, name: string): string {
  return readFileSync(join(dir, name), 'utf8');
}

/**
 * Calls visit(fields) for each row of a pack table after checking its header; every row has
 * exactly the header's columns. The fields array is reused between rows (copy what you keep) —
 * loading allocates only the values it keeps, which keeps start-up under a second.
 */
export function forEachPackRow(dir: string, name: string, columns: readonly string[], visit: (fields: string[]) => void): number {
  const text = readText(dir, name);
  const width = columns.length;
  const fields = new Array<string>(width);
  let start = text.indexOf('\n');
  if (start < 0 || text.slice(0, start) !== columns.join('\t')) throw new Error(`${name}: unexpected header (pack format ${PACK_FORMAT_VERSION} expected)`);
  start++;
  let rows = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let from = start;
    let count = 0;
    for (let tab = text.indexOf('\t', from); tab >= 0 && tab < end; tab = text.indexOf('\t', from)) {
      if (count < width) fields[count] = text.slice(from, tab);
      count++;
      from = tab + 1;
    }
    if (count < width) fields[count] = text.slice(from, end);
    count++;
    rows++;
    if (count !== width) throw new Error(`${name}:${rows + 1}: ${count} fields, expected ${width}`);
    visit(fields);
    start = end + 1;
  }
  return rows;
}

/** Rows of a pack table (each a fresh array), for tools and tests; the loader uses forEachRow. */
function readTable(dir: string, name: string, columns: readonly string[]): string[][] {
  const rows: string[][] = [];
  forEachPackRow(dir, name, columns, (fields) => rows.push([...fields]));
  return rows;
}

/** The pack's manifest, checked for its format version. */
export function readManifest(dir: string): { formatVersion: number } {
  const manifest = JSON.parse(readText(dir, PACK_FILES.manifest)) as { formatVersion: number };
  if (manifest.formatVersion !== PACK_FORMAT_VERSION) {
    throw new Error(`Data pack format ${manifest.formatVersion} in ${dir}; this code reads format ${PACK_FORMAT_VERSION} (run npm run data:build)`);
  }
  return manifest;
}

export function readAttribution(dir: string): DataSource[] {
  return JSON.parse(readText(dir, PACK_FILES.attribution)) as DataSource[];
}

export const readPostal = (dir: string) => readTable(dir, PACK_FILES.postal, POSTAL_COLUMNS);
export const forEachAdmin1 = (dir: string, visit: (fields: string[]) => void) => forEachPackRow(dir, PACK_FILES.admin1, ADMIN1_COLUMNS, visit);
export const forEachPostal = (dir: string, visit: (fields: string[]) => void) => forEachPackRow(dir, PACK_FILES.postal, POSTAL_COLUMNS, visit);
export const forEachPlace = (dir: string, visit: (fields: string[]) => void) => forEachPackRow(dir, PACK_FILES.places, PLACES_COLUMNS, visit);
export const forEachZcta = (dir: string, visit: (fields: string[]) => void) => forEachPackRow(dir, PACK_FILES.zcta, ZCTA_COLUMNS, visit);
export const forEachSettlement = (dir: string, visit: (fields: string[]) => void) => forEachPackRow(dir, PACK_FILES.settlements, SETTLEMENT_COLUMNS, visit);

/** A *.geo.jsonl layer with rings decoded. */
export function readFeatures(dir: string, name: string): DecodedFeature[] {
  return readText(dir, name)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const feature = JSON.parse(line) as PackFeature;
      return {
        ...feature,
        bbox: feature.bbox.map((v) => v / 1e5) as [number, number, number, number],
        polygons: feature.polygons.map((polygon) => polygon.map((ring) => deltaDecode(ring))),
      };
    });
}
