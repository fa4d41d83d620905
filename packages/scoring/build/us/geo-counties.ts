import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locatePackDir } from '@riskatlas/geo';

/*
 * US counties and Puerto Rico municipios of the committed geo pack (data/pack/counties.geo.jsonl,
 * Census 2017 cartographic boundaries with ACS 2013–2017 populations). The gazetteer finds a
 * county by point only, so names and areas by FIPS are read from the file.
 */

/** A county of the geo pack. */
export interface GeoCounty {
  /** Five-digit FIPS. */
  fips: string;
  /** The Census name ('Cook County', 'Baltimore city', 'San Juan Municipio'). */
  name: string;
  /** 1 United States, 6 Puerto Rico. */
  countryId: number;
  /** State code ('IL'; 'PR' for municipios). */
  state: string;
  /** ACS 2013–2017 population (the pack's), -1 when it has none. */
  population: number;
  /**
   * Square miles of the boundary polygons, as the gazetteer uses for county density. The 1:10m
   * cartographic boundaries are cut at the shoreline, so this approximates land area (to 0.1 sq mi).
   */
  areaSqMi: number;
}

/** The pack file, relative to the geo pack directory. */
const COUNTIES_FILE = 'counties.geo.jsonl';

/** Parses counties.geo.jsonl text (one feature per line; only the attributes are kept). */
function parseGeoCounties(text: string): Map<string, GeoCounty> {
  const counties = new Map<string, GeoCounty>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const feature = JSON.parse(line) as { id: string; name: string; countryId: number; admin1Code: string; population: number; areaSqMiE1: number };
    if (!/^\d{5}$/.test(feature.id)) throw new Error(`${COUNTIES_FILE}: bad county id ${feature.id}`);
    counties.set(feature.id, {
      fips: feature.id,
      name: feature.name,
      countryId: feature.countryId,
      state: feature.admin1Code,
      population: feature.population,
      areaSqMi: feature.areaSqMiE1 / 10,
    });
  }
  return counties;
}

/** Reads the counties of the geo pack (packDir, else the one locatePackDir finds — the gazetteer's). */
export function readGeoCounties(packDir?: string): Map<string, GeoCounty> {
  return parseGeoCounties(readFileSync(join(locatePackDir(packDir), COUNTIES_FILE), 'utf8'));
}
