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
 * The incident pack's second source adds the three standard types outside the seven offences, from
 * the same codes: 08A simple assault and 08B simple battery → Simple Assault, 14 vandalism →
 * Vandalism, 09 arson → Arson (chicagoStandardType).
 *
 * On this sample the primary_type rule (HOMICIDE, CRIMINAL SEXUAL ASSAULT, ROBBERY, ASSAULT or
 * BATTERY described AGGRAVATED, BURGLARY, THEFT, MOTOR VEHICLE THEFT) differs on 16 rows, each
 * listed in the table's last column.
 */
import { EXTRA_STANDARD_TYPES, STANDARD_TYPE_OF_OFFENCE } from '@riskatlas/domain';
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

const EXTRA_FBI_CODES: Readonly<Record<string, number>> = {
  '08A': EXTRA_STANDARD_TYPES.simpleAssault,
  '08B': EXTRA_STANDARD_TYPES.simpleAssault,
  '09': EXTRA_STANDARD_TYPES.arson,
  '14': EXTRA_STANDARD_TYPES.vandalism,
};

/** The standard crime type id of a Chicago fbi_code, or undefined when it is none of the ten. */
export function chicagoStandardType(fbiCode: string): number | undefined {
  const offence = chicagoOffence(fbiCode);
  return offence === 'other' ? EXTRA_FBI_CODES[fbiCode.trim()] : STANDARD_TYPE_OF_OFFENCE[offence];
}

/** A Chicago record with the fields the incident pack publishes, as the city writes them. */
export interface ChicagoRow {
  id: string;
  /** ISO local date-time, e.g. 2025-05-24T13:05:00.000. */
  date: string;
  block: string;
  primaryType: string;
  description: string;
  locationDescription: string;
  district: string;
  fbiCode: string;
  latitude: number | undefined;
  longitude: number | undefined;
}

/** The Chicago sample's records, every published field the incident pack and the model use. */
export function readChicagoRows(sharedDir: string): ChicagoRow[] {
  const table = readCsv(sharedDir, CHICAGO_FILE);
  const names = ['id', 'date', 'block', 'primary_type', 'description', 'location_description', 'district', 'fbi_code', 'latitude', 'longitude'] as const;
  const [id, date, block, primaryType, description, locationDescription, district, fbiCode, latitude, longitude] = names.map((name) => table.column(name)) as number[] as [number, number, number, number, number, number, number, number, number, number];
  return table.rows.map((row) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(row[date]!)) throw new Error(`${CHICAGO_FILE}: bad date ${row[date]}`);
    return {
      id: row[id]!,
      date: row[date]!,
      block: row[block]!,
      primaryType: row[primaryType]!,
      description: row[description]!,
      locationDescription: row[locationDescription]!,
      district: row[district]!,
      fbiCode: row[fbiCode]!,
      latitude: coordinate(row[latitude]),
      longitude: coordinate(row[longitude]),
    };
  });
}

/** The Chicago sample's incidents. */
export function readChicagoIncidents(sharedDir: string): IncidentRecord[] {
  return readChicagoRows(sharedDir).map((row) => {
    const day = row.date.slice(0, 10);
    return { offence: chicagoOffence(row.fbiCode), latitude: row.latitude, longitude: row.longitude, firstDay: day, lastDay: day };
  });
}
