import { PROXIMITY_LAYERS } from '@riskatlas/domain';
import { readCsv, type CsvTable } from './csv';
import { compareStrings } from './util';

/** One point of interest as written to poi.tsv: layer, name, category, address, point in 1e-5 degree. */
export interface PoiRow {
  layerId: number;
  name: string;
  category: string;
  address: string;
  lat: number;
  lng: number;
}

/** The raw files the points of interest come from, relative to the shared data directory. */
export const POI_INPUTS = [
  'poi/us_hospitals_hifld/Hospitals.csv',
  'poi/chicago/Police_Stations.csv',
  'poi/chicago/Fire_Stations.csv',
  'poi/chicago/CTA_-_System_Information_-_List_of__L__Stops.csv',
] as const;

const [HOSPITALS, POLICE, FIRE, TRANSIT] = PROXIMITY_LAYERS.map((layer) => layer.proximityLayerID) as [number, number, number, number];

/** Collapses the line breaks and runs of spaces some source fields carry. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** "Street, City, ST 12345" from the parts a source has (empty parts left out). */
function address(street: string, city: string, state: string, zip: string): string {
  const place = [oneLine(city), [oneLine(state), oneLine(zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [oneLine(street), place].filter(Boolean).join(', ');
}

/** A coordinate pair checked for range, as integers of 1e-5 degree. */
function point(latText: string, lngText: string, label: string): { lat: number; lng: number } {
  const lat = Number(latText);
  const lng = Number(lngText);
  if (latText.trim() === '' || lngText.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new Error(`${label}: bad coordinates ${latText}, ${lngText}`);
  }
  return { lat: Math.round(lat * 1e5), lng: Math.round(lng * 1e5) };
}

/** The "(lat, lng)" text the Chicago portal puts at the end of its location fields. */
function pointInText(text: string, label: string): { lat: number; lng: number } {
  const match = /\((-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)\)\s*$/.exec(text.trim());
  if (!match) throw new Error(`${label}: no "(lat, lng)" in ${JSON.stringify(text)}`);
  return point(match[1]!, match[2]!, label);
}

function field(table: CsvTable, row: string[], name: string): string {
  return row[table.column(name)]!;
}

/** Words in title case, for sources written in capitals ("GENERAL ACUTE CARE" → "General Acute Care"). */
function titleCase(text: string): string {
  return oneLine(text)
    .toLowerCase()
    .replace(/(^|[\s/(-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** HIFLD hospitals still open (closed ones are not a place to go); -999 and "NOT AVAILABLE" mean unknown. */
function hospitals(sharedDir: string): PoiRow[] {
  const table = readCsv(sharedDir, POI_INPUTS[0]);
  return table.rows
    .filter((row) => field(table, row, 'STATUS') === 'OPEN')
    .map((row) => ({
      layerId: HOSPITALS,
      name: titleCase(field(table, row, 'NAME')),
      category: titleCase(field(table, row, 'TYPE')),
      address: address(titleCase(field(table, row, 'ADDRESS')), titleCase(field(table, row, 'CITY')), field(table, row, 'STATE'), field(table, row, 'ZIP')),
      ...point(field(table, row, 'LATITUDE'), field(table, row, 'LONGITUDE'), `Hospitals.csv ${field(table, row, 'ID')}`),
    }));
}

/** Chicago police district stations and headquarters. */
function policeStations(sharedDir: string): PoiRow[] {
  const table = readCsv(sharedDir, POI_INPUTS[1]);
  return table.rows.map((row) => {
    const district = oneLine(field(table, row, 'DISTRICT'));
    const name = oneLine(field(table, row, 'DISTRICT NAME'));
    return {
      layerId: POLICE,
      name: /^\d+$/.test(district) ? `District ${district} — ${name}` : name,
      category: /^\d+$/.test(district) ? 'District station' : 'Headquarters',
      address: address(field(table, row, 'ADDRESS'), field(table, row, 'CITY'), field(table, row, 'STATE'), field(table, row, 'ZIP')),
      ...point(field(table, row, 'LATITUDE'), field(table, row, 'LONGITUDE'), `Police_Stations.csv ${district}`),
    };
  });
}

/** Chicago fire engine houses; their point is only inside the LOCATION text. */
function fireStations(sharedDir: string): PoiRow[] {
  const table = readCsv(sharedDir, POI_INPUTS[2]);
  return table.rows.map((row) => ({
    layerId: FIRE,
    name: `Engine ${oneLine(field(table, row, 'ENGINE')).replace(/^E/, '')}`,
    category: 'Engine company',
    address: address(titleCase(field(table, row, 'ADDRESS')), titleCase(field(table, row, 'CITY')), field(table, row, 'STATE'), field(table, row, 'ZIP')),
    ...pointInText(field(table, row, 'LOCATION'), `Fire_Stations.csv ${field(table, row, 'NAME')}`),
  }));
}

const CTA_LINES: ReadonlyArray<readonly [string, string]> = [
  ['RED', 'Red'],
  ['BLUE', 'Blue'],
  ['G', 'Green'],
  ['BRN', 'Brown'],
  ['P', 'Purple'],
  ['Pexp', 'Purple Express'],
  ['Y', 'Yellow'],
  ['Pnk', 'Pink'],
  ['O', 'Orange'],
];

/** CTA 'L' stations: the source lists each platform; a station (MAP_ID) is one point with every line serving it. */
function transitStations(sharedDir: string): PoiRow[] {
  const table = readCsv(sharedDir, POI_INPUTS[3]);
  const stations = new Map<string, { name: string; lines: Set<string>; lat: number; lng: number }>();
  for (const row of table.rows) {
    const id = field(table, row, 'MAP_ID');
    const station = stations.get(id) ?? { name: oneLine(field(table, row, 'STATION_DESCRIPTIVE_NAME')), lines: new Set<string>(), ...pointInText(field(table, row, 'Location'), `CTA stop ${field(table, row, 'STOP_ID')}`) };
    for (const [column, line] of CTA_LINES) if (field(table, row, column) === 'true') station.lines.add(line);
    stations.set(id, station);
  }
  return [...stations.values()].map((station) => ({
    layerId: TRANSIT,
    name: station.name,
    category: `${CTA_LINES.map(([, line]) => line).filter((line) => station.lines.has(line)).join(', ')} Line`,
    address: '',
    lat: station.lat,
    lng: station.lng,
  }));
}

/** Every point of interest, sorted by layer, then position, then name (deterministic). */
export function readPointsOfInterest(sharedDir: string): PoiRow[] {
  return [...hospitals(sharedDir), ...policeStations(sharedDir), ...fireStations(sharedDir), ...transitStations(sharedDir)].sort(
    (a, b) => a.layerId - b.layerId || a.lat - b.lat || a.lng - b.lng || compareStrings(a.name, b.name),
  );
}
