import { join } from 'node:path';
import { readLines } from './paths';
import { compareStrings } from './util';

/** A ZCTA as written to zcta.tsv: internal point (1e-5 degree), 2010 population, land area (sq mi × 1000). */
export interface ZctaRow {
  code: string;
  lat: number;
  lng: number;
  population: number;
  landSqMiE3: number;
}

const SQUARE_METERS_PER_THOUSANDTH_SQUARE_MILE = 2_589.988110336;

/**
 * ZCTAs with 2010 population and land area, for population density. The gazetteer file's columns
 * are GEOID, ALAND, AWATER, ALAND_SQMI, AWATER_SQMI, INTPTLONG, INTPTLAT — longitude BEFORE
 * latitude (reordered from the Census original). The population file strips leading zeros and
 * lists a few state-split ZCTAs twice: rows are padded and summed. ZCTAs without population
 * (Puerto Rico is not in that file) or without land are left out.
 */
export function readZctas(sharedDir: string): { rows: ZctaRow[]; withoutPopulation: number } {
  const populationLines = readLines(join(sharedDir, 'postal/us_zcta/2010-pop-by-zcta.csv'));
  if (!populationLines[0]!.startsWith('Zip Code ZCTA,2010 Census Population')) throw new Error('2010-pop-by-zcta.csv: unexpected header');
  const population = new Map<string, number>();
  for (const line of populationLines.slice(1)) {
    const [zip, count] = line.split(',');
    if (!/^\d{1,5}$/.test(zip ?? '') || !/^\d+$/.test(count ?? '')) throw new Error(`2010-pop-by-zcta.csv: bad row ${line}`);
    const code = zip!.padStart(5, '0');
    population.set(code, (population.get(code) ?? 0) + Number(count));
  }
  const gazetteerLines = readLines(join(sharedDir, 'postal/us_zcta/Gaz_zcta_national.txt'));
  const header = gazetteerLines[0]!.split('\t').map((h) => h.trim());
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`Gaz_zcta_national.txt: no ${name} column`);
    return index;
  };
  const [geoid, aland, lngColumn, latColumn] = [column('GEOID'), column('ALAND'), column('INTPTLONG'), column('INTPTLAT')];
  const rows: ZctaRow[] = [];
  let withoutPopulation = 0;
  for (const line of gazetteerLines.slice(1)) {
    const f = line.split('\t').map((v) => v.trim());
    const code = f[geoid]!.padStart(5, '0');
    const lat = Number(f[latColumn]);
    const lng = Number(f[lngColumn]);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new Error(`Gaz_zcta_national.txt: bad point for ${code}`);
    // The reordering caveat, checked: ZCTAs lie at positive latitudes and negative longitudes.
    if (lat < 0 || lng > 0) throw new Error(`Gaz_zcta_national.txt: ${code} has latitude ${lat}, longitude ${lng} — columns swapped?`);
    const landSqMiE3 = Math.round(Number(f[aland]) / SQUARE_METERS_PER_THOUSANDTH_SQUARE_MILE);
    const people = population.get(code);
    if (people === undefined || landSqMiE3 <= 0) {
      withoutPopulation++;
      continue;
    }
    rows.push({ code, lat: Math.round(lat * 1e5), lng: Math.round(lng * 1e5), population: people, landSqMiE3 });
  }
  rows.sort((a, b) => compareStrings(a.code, b.code));
  return { rows, withoutPopulation };
}

/** County and municipio names and populations from ACS 2013–2017 (5-digit FIPS, incl. Puerto Rico). */
export function readAcsCounties(sharedDir: string): Map<string, { name: string; population: number }> {
  const lines = readLines(join(sharedDir, 'demographics/acs2017_county/acs2017_county_data.csv'));
  const header = lines[0]!.split(',');
  if (header[0] !== 'CountyId' || header[2] !== 'County' || header[3] !== 'TotalPop') throw new Error('acs2017_county_data.csv: unexpected header');
  const counties = new Map<string, { name: string; population: number }>();
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    const fips = f[0]!.padStart(5, '0');
    const population = Number(f[3]);
    if (!/^\d{5}$/.test(fips) || !Number.isInteger(population)) throw new Error(`acs2017_county_data.csv: bad row ${line.slice(0, 60)}`);
    counties.set(fips, { name: f[2]!.trim(), population });
  }
  return counties;
}
