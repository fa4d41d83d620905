/*
 * Canada: Statistics Canada Table 35-10-0026-01, the Crime Severity Index for Canada, the 13
 * provinces and territories and 40 CMAs, 1998–2024 (intl/canada_csi/SOURCES.md).
 *
 * The table has indices only (Canada 2006 = 100), no counts or rates per offence. format.ts lets
 * Canada's rate columns hold the index: the violent CSI in the four persons offences and
 * persons, the non-violent CSI in burglary, larceny, motor-vehicle theft and property, the
 * overall CSI in total. The seven offence columns are therefore proxies ('i'); persons, property
 * and total are the indices StatCan reports ('r'). The youth series are not used.
 */
import type { CountryId } from '@riskatlas/domain';
import { normalizePlaceName, regionsOf } from '@riskatlas/geo';
import type { PackRow, ScoringBuildContext, ScoringBuildPart } from '../types';
import { areaRateRow, areaRow, type RateCell } from './area-rows';
import { cmaExtents } from './canada-cma-extent';
import { numberField, readCsv } from './raw-files';

const CANADA: CountryId = 2;
const CANADA_CSI_FILE = 'intl/canada_csi/3510002601_databaseLoadingData.csv';

type IndexKind = 'overall' | 'violent' | 'nonViolent';
const STATISTICS: Readonly<Record<string, IndexKind>> = {
  'Crime severity index': 'overall',
  'Violent crime severity index': 'violent',
  'Non-violent crime severity index': 'nonViolent',
};

/** One geography of the table, as the scoring pack keys it. */
export interface CsiGeography {
  areaKey: string;
  level: 'N' | 'S' | 'C';
  name: string;
  /** Province code (admin1) for S and C. */
  provinceCode?: string;
  /** The StatCan GEO text. */
  geo: string;
}

/** The three indices of one geography and year (undefined where StatCan has no value). */
type CsiValues = Partial<Record<IndexKind, number>>;

/** The parsed table: geographies and their index values by year. */
export interface CsiTable {
  geographies: CsiGeography[];
  values: Map<string, Map<number, CsiValues>>;
}

/** The geo pack's admin1 code of a province or territory named as StatCan names it. */
function provinceCodeOf(name: string): string {
  const key = normalizePlaceName(name);
  const region = regionsOf(CANADA).find((candidate) => normalizePlaceName(candidate.name) === key);
  if (!region) throw new Error(`${CANADA_CSI_FILE}: unknown province ${JSON.stringify(name)}`);
  return region.code;
}

/**
 * The pack's view of a GEO value, or undefined for the two Ottawa–Gatineau parts (only the whole
 * CMA is used, else it would count twice). GEO: "Canada", "Ontario [35]", "Toronto, Ontario
 * [35535]", "Ottawa-Gatineau, Ontario/Quebec [24505/35505]". sgcOfProvince maps an admin1 code
 * to StatCan's two-digit province code (from the table's own province rows).
 */
export function csiGeography(geo: string, sgcOfProvince: ReadonlyMap<string, string>): CsiGeography | undefined {
  if (geo === 'Canada') return { areaKey: 'CA', level: 'N', name: 'Canada', geo };
  const match = /^(.+?) \[([\d/]+)\]$/.exec(geo);
  if (!match) throw new Error(`${CANADA_CSI_FILE}: unexpected GEO ${JSON.stringify(geo)}`);
  const label = match[1]!;
  const codes = match[2]!;
  if (/^\d{2}$/.test(codes)) {
    const provinceCode = provinceCodeOf(label);
    return { areaKey: `CA-${provinceCode}`, level: 'S', name: label, provinceCode, geo };
  }
  const comma = label.lastIndexOf(', ');
  if (comma < 0) throw new Error(`${CANADA_CSI_FILE}: CMA without province: ${JSON.stringify(geo)}`);
  const name = label.slice(0, comma);
  const provinces = label.slice(comma + 2);
  if (provinces.endsWith(' part')) return undefined;
  // A CMA across a provincial border ("Ontario/Quebec"): StatCan lists the province holding
  // most of it first; that one is the parent, and the key uses its 5-digit code (CA-CMA-35505).
  const provinceCode = provinceCodeOf(provinces.split('/')[0]!);
  const candidates = codes.split('/');
  const code = candidates.length === 1 ? candidates[0] : candidates.find((candidate) => candidate.slice(0, 2) === sgcOfProvince.get(provinceCode));
  if (!code || !/^\d{5}$/.test(code)) throw new Error(`${CANADA_CSI_FILE}: no CMA code for ${JSON.stringify(geo)}`);
  return { areaKey: `CA-CMA-${code}`, level: 'C', name, provinceCode, geo };
}

/** StatCan's two-digit codes of the provinces, from the table's province rows ("Ontario [35]"). */
function provinceSgcCodes(geos: Iterable<string>): Map<string, string> {
  const codes = new Map<string, string>();
  for (const geo of geos) {
    const match = /^([^,[]+) \[(\d{2})\]$/.exec(geo);
    if (match) codes.set(provinceCodeOf(match[1]!), match[2]!);
  }
  return codes;
}

/** Reads the CSI table. A '..' status or an empty value is no data. */
export function readCanadaCsi(sharedDir: string): CsiTable {
  const table = readCsv(sharedDir, CANADA_CSI_FILE);
  const [yearColumn, geoColumn, statisticColumn, valueColumn, statusColumn] = ['REF_DATE', 'GEO', 'Statistics', 'VALUE', 'STATUS'].map((name) => table.column(name)) as [number, number, number, number, number];
  const sgcOfProvince = provinceSgcCodes(new Set(table.rows.map((row) => row[geoColumn]!)));
  const geographies = new Map<string, CsiGeography>();
  const values = new Map<string, Map<number, CsiValues>>();
  for (const row of table.rows) {
    const kind = STATISTICS[row[statisticColumn]!];
    if (!kind) continue;
    const geography = csiGeography(row[geoColumn]!, sgcOfProvince);
    if (!geography) continue;
    const known = geographies.get(geography.areaKey);
    if (known && known.geo !== geography.geo) throw new Error(`${CANADA_CSI_FILE}: ${known.geo} and ${geography.geo} share key ${geography.areaKey}`);
    geographies.set(geography.areaKey, geography);
    const year = numberField(row[yearColumn]!, CANADA_CSI_FILE);
    const byYear = values.get(geography.areaKey) ?? new Map<number, CsiValues>();
    values.set(geography.areaKey, byYear);
    const entry = byYear.get(year) ?? {};
    byYear.set(year, entry);
    const text = row[valueColumn]!;
    // A CSI of exactly 0.00 is a placeholder (SOURCES.md: youth series), never a real index.
    if (row[statusColumn] === '..' || text === '' || Number(text) === 0) continue;
    if (entry[kind] !== undefined) throw new Error(`${CANADA_CSI_FILE}: two ${kind} values for ${geography.geo} ${year}`);
    entry[kind] = numberField(text, CANADA_CSI_FILE);
  }
  return { geographies: [...geographies.values()], values };
}

/** The ten columns of one year: violent / non-violent CSI as offence proxies ('i'), the indices themselves 'r'. */
function csiRateCells(values: CsiValues): Array<RateCell | undefined> {
  const cell = (value: number | undefined, coverage: RateCell['coverage']) => (value === undefined ? undefined : { value, coverage });
  const violent = cell(values.violent, 'i');
  const nonViolent = cell(values.nonViolent, 'i');
  return [violent, violent, violent, violent, nonViolent, nonViolent, nonViolent, cell(values.violent, 'r'), cell(values.nonViolent, 'r'), cell(values.overall, 'r')];
}

/** Canada's areas (nation, provinces and territories, CMAs with centre and radius) and CSI rows. */
export function buildCanadaPart(context: ScoringBuildContext): ScoringBuildPart {
  const table = readCanadaCsi(context.sharedDir);
  const areas: PackRow[] = [];
  const areaRates: PackRow[] = [];
  let yearsWithoutValue = 0;
  const cmas = table.geographies.filter((geography) => geography.level === 'C');
  const extents = cmaExtents(context.gazetteer, cmas.map((cma) => ({ areaKey: cma.areaKey, name: cma.name, provinceCode: cma.provinceCode! })));
  for (const geography of table.geographies) {
    if (geography.level === 'C') {
      const extent = extents.get(geography.areaKey)!;
      context.log(`Canada CMA ${geography.name}: ${extent.fsaCount} urban FSAs, radius ${extent.radiusKm} km`);
      areas.push(areaRow({ areaKey: geography.areaKey, countryId: CANADA, level: 'C', name: geography.name, parentKey: `CA-${geography.provinceCode}`, latitude: extent.latitude, longitude: extent.longitude, radiusKm: extent.radiusKm }));
    } else {
      areas.push(areaRow({ areaKey: geography.areaKey, countryId: CANADA, level: geography.level, name: geography.name, parentKey: geography.level === 'S' ? 'CA' : undefined }));
    }
    for (const [year, values] of table.values.get(geography.areaKey)!) {
      // Years before a CMA existed, or suppressed ('..'), carry no index at all: no row.
      if (values.overall === undefined && values.violent === undefined && values.nonViolent === undefined) {
        yearsWithoutValue++;
        continue;
      }
      areaRates.push(areaRateRow(geography.areaKey, year, csiRateCells(values)));
    }
  }
  context.log(`Canada: ${table.geographies.length} areas (${cmas.length} CMAs), ${areaRates.length} CSI rows, ${yearsWithoutValue} area-years without a value`);
  return { areas, areaRates, inputs: [CANADA_CSI_FILE], notes: { caAreas: table.geographies.length, caCmas: cmas.length, caAreaYearsWithoutCsi: yearsWithoutValue } };
}
