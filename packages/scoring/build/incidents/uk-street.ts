/*
 * England: data.police.uk street-level crime, City of London Police 2020 and Essex Police
 * January–July 2018 (uk/SOURCES.md). Dated by month only, so a record covers its whole month.
 * The Essex files' header was rewritten in snake_case; columns are found by either spelling.
 *
 * | crime type                                                      | offence            |
 * |-----------------------------------------------------------------|--------------------|
 * | Burglary                                                        | burglary           |
 * | Robbery                                                         | robbery            |
 * | Vehicle crime (theft of and from vehicles: broader)             | motorVehicleTheft  |
 * | Shoplifting, Bicycle theft, Theft from the person, Other theft  | larceny            |
 * | Violence and sexual offences (the closest category, and broader: it includes common assault, harassment and every sexual offence) | aggravatedAssault |
 * | Anti-social behaviour, Criminal damage and arson, Drugs, Public order, Possession of weapons, Other crime | other |
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OffenceKey } from '../../src/pack/format';
import { readCsv, type CsvTable } from '../intl/raw-files';
import { coordinate, type IncidentRecord, type IncidentSetInfo } from './incident-grid';

export const CITY_OF_LONDON_DIR = 'uk/street_city_of_london_2020';
export const ESSEX_DIR = 'uk/street_essex_2018';

export const CITY_OF_LONDON_SET: IncidentSetInfo = {
  setKey: 'city-of-london-2020',
  countryId: 3,
  name: 'City of London Police street-level crime, 2020',
  refKey: 'GB-PFA-city-of-london',
  source: 'data.police.uk street-level crime (Open Government Licence v3.0)',
};

export const ESSEX_SET: IncidentSetInfo = {
  setKey: 'essex-2018',
  countryId: 3,
  name: 'Essex Police street-level crime, January–July 2018',
  refKey: 'GB-PFA-essex',
  source: 'data.police.uk street-level crime (Open Government Licence v3.0)',
};

const CRIME_TYPES: Readonly<Record<string, OffenceKey>> = {
  Burglary: 'burglary',
  Robbery: 'robbery',
  'Vehicle crime': 'motorVehicleTheft',
  Shoplifting: 'larceny',
  'Bicycle theft': 'larceny',
  'Theft from the person': 'larceny',
  'Other theft': 'larceny',
  'Violence and sexual offences': 'aggravatedAssault',
};

/** The offence of a street-level crime type, or 'other'. */
export function streetCrimeOffence(crimeType: string): OffenceKey | 'other' {
  return CRIME_TYPES[crimeType] ?? 'other';
}

/** A column by its data.police.uk name or the snake_case rewrite ("Crime type" / "crime_type"). */
function streetColumn(table: CsvTable, name: string): number {
  const snake = name.toLowerCase().replace(/ /g, '_');
  return table.header.includes(name) ? table.column(name) : table.column(snake);
}

/** The last day of a YYYY-MM month. */
function monthEnd(month: string): string {
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

/** A street-level record with the fields the incident pack publishes. */
export interface StreetRow {
  /** YYYY-MM. */
  month: string;
  latitude: number | undefined;
  longitude: number | undefined;
  crimeType: string;
  lsoaCode: string;
  lsoaName: string;
}

/** Every street-level record of the monthly files of a folder (the file names sort by month). */
export function readStreetRows(sharedDir: string, folder: string): { rows: StreetRow[]; files: string[] } {
  const files = readdirSync(join(sharedDir, folder)).filter((name) => name.endsWith('-street.csv')).sort().map((name) => `${folder}/${name}`);
  const rows: StreetRow[] = [];
  for (const file of files) {
    const table = readCsv(sharedDir, file);
    const [monthColumn, longitudeColumn, latitudeColumn, typeColumn, lsoaCodeColumn, lsoaNameColumn] = ['Month', 'Longitude', 'Latitude', 'Crime type', 'LSOA code', 'LSOA name'].map((name) => streetColumn(table, name)) as [number, number, number, number, number, number];
    for (const row of table.rows) {
      const month = row[monthColumn]!;
      if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`${file}: bad month ${month}`);
      rows.push({ month, latitude: coordinate(row[latitudeColumn]), longitude: coordinate(row[longitudeColumn]), crimeType: row[typeColumn]!, lsoaCode: row[lsoaCodeColumn]!, lsoaName: row[lsoaNameColumn]! });
    }
  }
  return { rows, files };
}

/** Every street-level record of the monthly files of a folder, as the model counts them. */
export function readStreetIncidents(sharedDir: string, folder: string): { records: IncidentRecord[]; files: string[] } {
  const { rows, files } = readStreetRows(sharedDir, folder);
  const records = rows.map((row) => ({ offence: streetCrimeOffence(row.crimeType), latitude: row.latitude, longitude: row.longitude, firstDay: `${row.month}-01`, lastDay: monthEnd(row.month) }));
  return { records, files };
}
