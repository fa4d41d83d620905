// The incidents part of `npm run data:build`: turns the published police incident files
// (../shared/data, or SHARED_DATA_DIR) into data/incidents/, the pack behind the incident drawer,
// the incident filters and the UK police map. Deterministic: rows sorted, coordinates as integers of
// 1e-5 degree, no timestamps.
//
// One publisher, two views: the first source is each city's records as its police department
// publishes them (own crime type, block, district, date, time, description, premise); the second
// source is the same records classified into the product's ten standard crime types by the tables
// in chicago.ts and san-francisco.ts. UK street-level crime is stored compactly (point, month,
// crime type index, LSOA index) for the police map.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STANDARD_CRIME_TYPES, UK_CRIME_TYPES, standardCrimeType, type CrimeCategory } from '@riskatlas/domain';
import type { CityIncident } from '../../src/incidents/incident-data';
import { INCIDENT_PACK_COLUMNS, INCIDENT_PACK_FILES, INCIDENT_PACK_FORMAT_VERSION, toMicroDegrees } from '../../src/incidents/pack-format';
import { repoRoot, scoringSharedDataDir, writePackTable } from '../build-scoring-pack';
import { CHICAGO_FILE, CHICAGO_SET, chicagoStandardType, readChicagoRows } from './chicago';
import { SAN_FRANCISCO_FILE, SAN_FRANCISCO_SET, readSanFranciscoRows, sanFranciscoStandardType } from './san-francisco';
import { CITY_OF_LONDON_DIR, CITY_OF_LONDON_SET, ESSEX_DIR, ESSEX_SET, readStreetRows } from './uk-street';

/** Where the committed incident pack lives. */
export const committedIncidentDir = join(repoRoot, 'data/incidents');

/** The incident pack's manifest. */
export interface IncidentManifest {
  formatVersion: number;
  files: Array<{ name: string; bytes: number; sha256: string; records: number }>;
  notes: Record<string, number>;
  inputs: Array<{ path: string; sha256: string }>;
  attribution: string[];
}

const ATTRIBUTION = [
  'Chicago: City of Chicago Data Portal, "Crimes – 2001 to Present"; Chicago Data Portal terms of use.',
  'San Francisco: DataSF, "Police Department Incident Reports: Historical 2003 to May 2018"; Public Domain Dedication (PDDL).',
  'United Kingdom: data.police.uk street-level crime. Contains public sector information licensed under the Open Government Licence v3.0.',
];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A city record in the pack's terms: the loader's incident before its published crime type is numbered, its coordinates not yet checked. */
type CityRecord = Omit<CityIncident, 'crimeTypeId' | 'crimeTypeName' | 'latitude' | 'longitude'> & { crimeType: string; latitude: number | undefined; longitude: number | undefined };

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const usable = (latitude: number | undefined, longitude: number | undefined): boolean =>
  latitude !== undefined && longitude !== undefined && !(latitude === 0 && longitude === 0) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;

function chicagoRecords(sharedDir: string): CityRecord[] {
  return readChicagoRows(sharedDir).map((row) => ({
    pd: CHICAGO_SET.setKey,
    id: row.id,
    crimeType: row.primaryType,
    street: row.block,
    district: row.district,
    date: row.date.slice(0, 10),
    time: row.date.slice(11, 16),
    dayOfWeek: WEEKDAYS[new Date(`${row.date.slice(0, 10)}T00:00:00Z`).getUTCDay()]!,
    description: row.description,
    premise: row.locationDescription,
    latitude: row.latitude,
    longitude: row.longitude,
    standardTypeId: chicagoStandardType(row.fbiCode),
  }));
}

function sanFranciscoRecords(sharedDir: string): CityRecord[] {
  return readSanFranciscoRows(sharedDir).map((row) => ({
    pd: SAN_FRANCISCO_SET.setKey,
    id: row.id,
    crimeType: row.category,
    street: row.address,
    district: row.district,
    date: row.day,
    time: row.time,
    dayOfWeek: row.dayOfWeek,
    description: row.descript,
    // SFPD's historical schema has no premise field.
    premise: '',
    latitude: row.latitude,
    longitude: row.longitude,
    standardTypeId: sanFranciscoStandardType(row.category, row.descript),
  }));
}

/** Share of points left out on each side of the extent: stray records geocoded far outside a force's area (Essex has some in Cornwall and Cumbria). */
const EXTENT_TRIM = 0.005;

/**
 * The area a data set spans, as 1e-5 degree integers [minLat, minLng, maxLat, maxLng]: the box
 * between the 0.5th and 99.5th percentiles of its latitudes and longitudes, so that a few
 * misplaced records do not make the set claim a whole region.
 */
function extent(points: ReadonlyArray<{ latitude: number; longitude: number }>): [number, number, number, number] {
  const lats = points.map((point) => toMicroDegrees(point.latitude)).sort((a, b) => a - b);
  const lngs = points.map((point) => toMicroDegrees(point.longitude)).sort((a, b) => a - b);
  const low = Math.floor(EXTENT_TRIM * (points.length - 1));
  const high = Math.ceil((1 - EXTENT_TRIM) * (points.length - 1));
  return [lats[low]!, lngs[low]!, lats[high]!, lngs[high]!];
}

/**
 * A published crime type's category: the category of the standard type most of its records fall
 * into, or 'other' when most of them fall into none (narcotics, warrants, …). Ties go to persons.
 */
function publishedCategory(records: readonly CityRecord[]): CrimeCategory {
  const counts: Record<CrimeCategory, number> = { persons: 0, property: 0, other: 0 };
  for (const record of records) counts[record.standardTypeId === undefined ? 'other' : standardCrimeType(record.standardTypeId)!.category]++;
  if (counts.other > counts.persons + counts.property) return 'other';
  return counts.persons >= counts.property ? 'persons' : 'property';
}

/** Builds the incident pack into outDir from the raw data in sharedDir. */
export function buildIncidentPack(options: { sharedDir: string; outDir: string; log?: (line: string) => void }): IncidentManifest {
  const log = options.log ?? (() => {});
  const { sharedDir } = options;
  const notes: Record<string, number> = {};
  const tables: Array<[string, readonly string[], Array<ReadonlyArray<string | number>>]> = [];

  // US cities: both sources from one set of records.
  const cities = [
    { set: CHICAGO_SET, city: 'Chicago', state: 'IL', records: chicagoRecords(sharedDir) },
    { set: SAN_FRANCISCO_SET, city: 'San Francisco', state: 'CA', records: sanFranciscoRecords(sharedDir) },
  ];
  const departmentRows: Array<ReadonlyArray<string | number>> = [];
  const located: CityRecord[] = [];
  for (const { set, city, state, records } of cities) {
    const kept = records.filter((record) => usable(record.latitude, record.longitude)) as Array<CityRecord & { latitude: number; longitude: number }>;
    notes[`rowsWithoutCoordinates.${set.setKey}`] = records.length - kept.length;
    const dates = records.map((record) => record.date).sort(compare);
    departmentRows.push([set.setKey, set.name, city, state, dates[0]!, dates[dates.length - 1]!, ...extent(kept), set.source]);
    located.push(...kept);
    log(`Incidents ${set.setKey}: ${kept.length} kept, ${records.length - kept.length} without coordinates`);
  }
  const byType = new Map<string, CityRecord[]>();
  for (const record of located) byType.set(record.crimeType, [...(byType.get(record.crimeType) ?? []), record]);
  const typeNames = [...byType.keys()].sort(compare);
  const typeIds = new Map(typeNames.map((name, index) => [name, index + 1]));
  tables.push([INCIDENT_PACK_FILES.departments, INCIDENT_PACK_COLUMNS.departments, departmentRows.sort((a, b) => compare(String(a[0]), String(b[0])))]);
  tables.push([INCIDENT_PACK_FILES.crimeTypes, INCIDENT_PACK_COLUMNS.crimeTypes, typeNames.map((name) => [typeIds.get(name)!, name, publishedCategory(byType.get(name)!)])]);
  const incidentRows = located
    .map((record) => [record.pd, record.id, typeIds.get(record.crimeType)!, record.street, record.district, record.date, record.time, record.dayOfWeek, record.description, record.premise, toMicroDegrees(record.latitude!), toMicroDegrees(record.longitude!), record.standardTypeId ?? -1] as const)
    .sort((a, b) => compare(a[0], b[0]) || compare(a[5], b[5]) || compare(a[6], b[6]) || compare(a[1], b[1]));
  for (let index = 1; index < incidentRows.length; index++) {
    if (incidentRows[index]![0] === incidentRows[index - 1]![0] && incidentRows[index]![1] === incidentRows[index - 1]![1]) throw new Error(`Duplicate incident id ${incidentRows[index]![1]}`);
  }
  tables.push([INCIDENT_PACK_FILES.incidents, INCIDENT_PACK_COLUMNS.incidents, incidentRows]);
  notes['standardTypes.unclassified'] = located.filter((record) => record.standardTypeId === undefined).length;
  for (const type of STANDARD_CRIME_TYPES) notes[`standardTypes.${type.crimeTypeId}`] = located.filter((record) => record.standardTypeId === type.crimeTypeId).length;

  // UK street-level crime: forces, LSOAs, and one compact row per record.
  const forces = [
    { set: CITY_OF_LONDON_SET, ...readStreetRows(sharedDir, CITY_OF_LONDON_DIR) },
    { set: ESSEX_SET, ...readStreetRows(sharedDir, ESSEX_DIR) },
  ];
  const lsoas = new Map<string, string>();
  const forceRows: Array<ReadonlyArray<string | number>> = [];
  const streetRows: Array<[number, number, number, number, number]> = [];
  const streetKept = forces.map(({ set, rows }) => {
    const kept = rows.filter((row) => usable(row.latitude, row.longitude)) as Array<(typeof rows)[number] & { latitude: number; longitude: number }>;
    notes[`rowsWithoutCoordinates.${set.setKey}`] = rows.length - kept.length;
    const months = rows.map((row) => row.month).sort(compare);
    forceRows.push([set.setKey, set.name, months[0]!, months[months.length - 1]!, ...extent(kept), set.source]);
    for (const row of kept) lsoas.set(row.lsoaCode, row.lsoaName);
    log(`Street crime ${set.setKey}: ${kept.length} kept, ${rows.length - kept.length} without coordinates`);
    return kept;
  });
  const lsoaCodes = [...lsoas.keys()].sort(compare);
  const lsoaIndex = new Map(lsoaCodes.map((code, index) => [code, index]));
  for (const row of streetKept.flat()) {
    const typeIndex = (UK_CRIME_TYPES as readonly string[]).indexOf(row.crimeType);
    if (typeIndex < 0) throw new Error(`Unknown UK crime type ${JSON.stringify(row.crimeType)}`);
    streetRows.push([Number(row.month.replace('-', '')), toMicroDegrees(row.latitude), toMicroDegrees(row.longitude), typeIndex, lsoaIndex.get(row.lsoaCode)!]);
  }
  streetRows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3] || a[4] - b[4]);
  tables.push([INCIDENT_PACK_FILES.ukForces, INCIDENT_PACK_COLUMNS.ukForces, forceRows.sort((a, b) => compare(String(a[0]), String(b[0])))]);
  tables.push([INCIDENT_PACK_FILES.ukLsoas, INCIDENT_PACK_COLUMNS.ukLsoas, lsoaCodes.map((code, index) => [index, code, lsoas.get(code)!])]);
  tables.push([INCIDENT_PACK_FILES.ukStreet, INCIDENT_PACK_COLUMNS.ukStreet, streetRows]);

  rmSync(options.outDir, { recursive: true, force: true });
  mkdirSync(options.outDir, { recursive: true });
  const files: IncidentManifest['files'] = [];
  for (const [name, columns, rows] of tables) files.push(writePackTable(options.outDir, name, columns, rows));
  const inputs = [CHICAGO_FILE, SAN_FRANCISCO_FILE, ...forces.flatMap((force) => force.files)].sort(compare).map((path) => ({ path, sha256: sha256(readFileSync(join(sharedDir, path))) }));
  const manifest: IncidentManifest = {
    formatVersion: INCIDENT_PACK_FORMAT_VERSION,
    files,
    notes: Object.fromEntries(Object.entries(notes).sort(([a], [b]) => compare(a, b))),
    inputs,
    attribution: ATTRIBUTION,
  };
  writeFileSync(join(options.outDir, INCIDENT_PACK_FILES.manifest), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sharedDir = scoringSharedDataDir();
  if (!existsSync(join(sharedDir, 'incidents'))) {
    console.error(`No raw incident data in ${sharedDir}: set SHARED_DATA_DIR.`);
    process.exit(1);
  }
  const manifest = buildIncidentPack({ sharedDir, outDir: committedIncidentDir, log: (line) => console.log(line) });
  for (const file of manifest.files) console.log(`data/incidents/${file.name}: ${file.records} rows, ${file.bytes} bytes`);
}
