/*
 * The data pack's file format, shared by the build (packages/geo/build, which writes it) and the
 * loader (which reads it). Text formats on purpose: tab-separated tables and line-per-feature
 * JSON diff well in git, compress well, and parse in well under a second.
 *
 * Coordinates are integers of 1e-5 degree (about 1.1 m), so the files never depend on how a
 * float prints. Polygon rings are delta-encoded: [x0, y0, dx1, dy1, …] in those units.
 */

/** Bump when a file's layout changes; the loader refuses a pack of another version. */
export const PACK_FORMAT_VERSION = 1;

/** File names inside data/pack/. */
export const PACK_FILES = {
  manifest: 'manifest.json',
  attribution: 'attribution.json',
  admin1: 'admin1.tsv',
  postal: 'postal.tsv',
  places: 'places.tsv',
  zcta: 'zcta.tsv',
  settlements: 'settlements.tsv',
  counties: 'counties.geo.jsonl',
  countries: 'countries.geo.jsonl',
  mxStates: 'mx-states.geo.jsonl',
  poi: 'poi.tsv',
  demographicSections: 'demographic-sections.tsv',
  demographicVariables: 'demographic-variables.tsv',
  demographics: 'demographics.tsv',
} as const;

/** Column headers (the first line of each table); the loader checks them. */
export const ADMIN1_COLUMNS = ['countryId', 'code', 'name', 'fips'] as const;
/**
 * nameKeys: the normalised names (normalizePlaceName) a postal area answers to — its place and the
 * other localities the source lists for it — so loading needs no text folding. key likewise.
 */
export const POSTAL_COLUMNS = ['countryId', 'code', 'lat', 'lng', 'place', 'admin1', 'admin2Code', 'admin2Name', 'nameKeys'] as const;
export const PLACES_COLUMNS = ['id', 'countryId', 'name', 'key', 'lat', 'lng', 'admin1', 'admin2Name', 'postalCode', 'postalCount', 'source'] as const;
export const ZCTA_COLUMNS = ['code', 'lat', 'lng', 'population', 'landSqMiE3'] as const;
/** GeoNames populated places with their population (Canada, the UK, Mexico): the density kernel's input. */
export const SETTLEMENT_COLUMNS = ['countryId', 'lat', 'lng', 'population'] as const;

/** Points of interest: the proximity layer (domain PROXIMITY_LAYERS), words, point in 1e-5 degree. */
export const POI_COLUMNS = ['layerId', 'name', 'category', 'address', 'lat', 'lng'] as const;
/** The demographics tree; parentId 0 = top level. */
export const DEMOGRAPHIC_SECTION_COLUMNS = ['id', 'parentId', 'name'] as const;
/** The demographic variables in the order of the value columns of demographics.tsv; visible is 1 or 0. */
export const DEMOGRAPHIC_VARIABLE_COLUMNS = ['dataName', 'displayName', 'unit', 'sectionId', 'visible', 'source'] as const;
/** demographics.tsv: the county FIPS then one column per variable (named by its dataName), '' where none. */
export const DEMOGRAPHICS_KEY_COLUMN = 'fips';

/** Separator of the keys inside the nameKeys column. */
export const KEY_SEPARATOR = '|';

/** Where a place row came from: a GeoNames populated place, or a postal place name (US/PR post office). */
export type PlaceSource = 'g' | 'p';

/** One boundary feature, one per line of a *.geo.jsonl file. */
export interface PackFeature {
  id: string;
  name: string;
  countryId: number;
  admin1Code: string;
  admin1Name: string;
  /** Resident population where the pack has one (US/PR counties, ACS 2013–2017), else -1. */
  population: number;
  /** Area of the polygons in square miles × 10 (spherical), for density where ZCTAs say nothing. */
  areaSqMiE1: number;
  /** [west, south, east, north] in 1e-5 degree; west > east when the feature crosses the antimeridian. */
  bbox: [number, number, number, number];
  /** Polygons, each a list of rings (outer first, then holes), each ring delta-encoded. */
  polygons: number[][][];
}

/** Degrees → integer 1e-5 degree. */
export function toE5(degrees: number): number {
  return Math.round(degrees * 1e5);
}

/** Delta-encodes a ring given as absolute 1e-5 integer pairs [x0, y0, x1, y1, …]. */
export function deltaEncode(absolute: readonly number[]): number[] {
  const out: number[] = new Array<number>(absolute.length);
  for (let i = 0; i < absolute.length; i += 2) {
    out[i] = i === 0 ? absolute[0]! : absolute[i]! - absolute[i - 2]!;
    out[i + 1] = i === 0 ? absolute[1]! : absolute[i + 1]! - absolute[i - 1]!;
  }
  return out;
}

/** Decodes a delta-encoded ring into degrees, interleaved [x0, y0, x1, y1, …]. */
export function deltaDecode(encoded: readonly number[]): Float64Array {
  const out = new Float64Array(encoded.length);
  let x = 0;
  let y = 0;
  for (let i = 0; i < encoded.length; i += 2) {
    x += encoded[i]!;
    y += encoded[i + 1]!;
    out[i] = x / 1e5;
    out[i + 1] = y / 1e5;
  }
  return out;
}

/** Serialises one table row; refuses a value that would break the format. */
export function tsvRow(values: ReadonlyArray<string | number>): string {
  return values
    .map((value) => {
      const text = String(value);
      if (/[\t\r\n]/.test(text)) throw new Error(`A pack value may not contain tabs or line breaks: ${JSON.stringify(text)}`);
      return text;
    })
    .join('\t');
}
