import { fixed } from '../../src/pack/format';
import type { PackRow } from '../types';
import { parseCsv, parseNumber } from './csv';
import type { GeoCounty } from './geo-counties';

/*
 * Socio-economic predictors per US county and Puerto Rico municipio from the ACS 2013–2017
 * 5-year county file (shared/data/demographics/acs2017_county). Race and ethnicity columns are
 * in the file but are deliberately not read: they are not predictors of this product.
 */

/** Path of the file inside the shared data directory. */
export const ACS_COUNTY_FILE = 'demographics/acs2017_county/acs2017_county_data.csv';

/** Puerto Rico's state FIPS: its municipios get 'PR-' keys. */
const PUERTO_RICO_FIPS = '72';

/**
 * predictors.tsv rows (PREDICTORS_COLUMNS order). landSqMi is the area of the county's polygons
 * in the geo pack, the same figure the gazetteer divides by for county density, so the density
 * here matches what the engine sees at a point without ZCTA data; empty when the pack lacks the county.
 */
export function predictorRows(text: string, counties: ReadonlyMap<string, GeoCounty>): { rows: PackRow[]; withoutArea: number } {
  const table = parseCsv(text, ACS_COUNTY_FILE);
  const col = (name: string) => table.column(name);
  const [id, totalPop] = [col('CountyId'), col('TotalPop')];
  const percentages = ['Poverty', 'ChildPoverty', 'Unemployment', 'Transit', 'Service', 'Professional'].map(col);
  const income = col('Income');
  const rows: PackRow[] = [];
  let withoutArea = 0;
  table.rows.forEach((fields, i) => {
    const where = `${ACS_COUNTY_FILE}:${i + 2}`;
    const fips = fields[id]!.trim().padStart(5, '0');
    const population = parseNumber(fields[totalPop]!, where);
    if (!/^\d{5}$/.test(fips) || population === undefined || !Number.isInteger(population)) throw new Error(`${where}: bad CountyId or TotalPop`);
    const area = counties.get(fips)?.areaSqMi;
    const landSqMi = area !== undefined && area > 0 ? area : undefined;
    if (landSqMi === undefined) withoutArea++;
    const prefix = fips.startsWith(PUERTO_RICO_FIPS) ? 'PR' : 'US';
    rows.push([
      `${prefix}-${fips}`,
      population,
      fixed(landSqMi, 3),
      fixed(landSqMi === undefined ? undefined : population / landSqMi, 1),
      fixed(parseNumber(fields[income]!, where), 0),
      ...percentages.map((index) => fixed(parseNumber(fields[index]!, where), 1)),
    ]);
  });
  return { rows, withoutArea };
}
