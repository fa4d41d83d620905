/*
 * Chicago: 1,000 incidents of 22–24 May 2025 from the City of Chicago's "Crimes – 2001 to
 * Present" (incidents/SOURCES.md). The offence comes from the city's own UCR coding (fbi_code)
 * rather than from primary_type, because the city has already applied the UCR rules:
 *
 * | fbi_code | offence            | primary_type it covers                                        |
 * |----------|--------------------|---------------------------------------------------------------|
 * | 01A      | homicide           | HOMICIDE (murder; reckless homicide / involuntary manslaughter are 01B → other) |
 * | 02       | rape               | CRIMINAL SEXUAL ASSAULT, and sexual assault of a child filed under OFFENSE INVOLVING CHILDREN |
 * | 03       | robbery            | ROBBERY                                                       |
 * | 04A, 04B | aggravatedAssault  | ASSAULT / BATTERY "AGGRAVATED …" (an aggravated battery of an officer with no or minor injury is 08B → other) |
 * | 05       | burglary           | BURGLARY (burglary from a motor vehicle is 06 → larceny)      |
 * | 06       | larceny            | THEFT                                                         |
 * | 07       | motorVehicleTheft  | MOTOR VEHICLE THEFT                                           |
 * | others   | other              | criminal damage, simple assault and battery, narcotics, …     |
 *
 * On this sample the primary_type rule (HOMICIDE, CRIMINAL SEXUAL ASSAULT, ROBBERY, ASSAULT or
 * BATTERY described AGGRAVATED, BURGLARY, THEFT, MOTOR VEHICLE THEFT) differs on 16 rows, each
 * listed in the table's last column.
 */
import type { OffenceKey } from '../../src/pack/format';
import { readCsv } from '../intl/raw-files';
import { coordinate, type IncidentRecord, type IncidentSetInfo } from './incident-grid';

export const CHICAGO_FILE = 'incidents/chicago/chicago_crime_sample.csv';

export const CHICAGO_SET: IncidentSetInfo = {
  setKey: 'chicago-2025-05',
  countryId: 1,
  name: 'Chicago Police Department incidents, May 2025 (1,000-incident sample)',
  refKey: 'US-IL-chicago',
  source: 'City of Chicago Data Portal, Crimes – 2001 to Present',
};

const FBI_CODES: Readonly<Record<string, OffenceKey>> = {
  '01A': 'homicide',
  '02': 'rape',
  '03': 'robbery',
  '04A': 'aggravatedAssault',
  '04B': 'aggravatedAssault',
  '05': 'burglary',
  '06': 'larceny',
  '07': 'motorVehicleTheft',
};

/** The offence of a Chicago fbi_code, or 'other'. */
export function chicagoOffence(fbiCode: string): OffenceKey | 'other' {
  return FBI_CODES[fbiCode.trim()] ?? 'other';
}

/** The Chicago sample's incidents. */
export function readChicagoIncidents(sharedDir: string): IncidentRecord[] {
  const table = readCsv(sharedDir, CHICAGO_FILE);
  const [dateColumn, fbiColumn, latitudeColumn, longitudeColumn] = ['date', 'fbi_code', 'latitude', 'longitude'].map((name) => table.column(name)) as [number, number, number, number];
  return table.rows.map((row) => {
    const day = row[dateColumn]!.slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`${CHICAGO_FILE}: bad date ${row[dateColumn]}`);
    return { offence: chicagoOffence(row[fbiColumn]!), latitude: coordinate(row[latitudeColumn]), longitude: coordinate(row[longitudeColumn]), firstDay: day, lastDay: day };
  });
}
