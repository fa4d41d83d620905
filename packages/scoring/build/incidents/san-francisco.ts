/*
 * San Francisco: SFPD incident reports of 11–31 July 2017 (DataSF, incidents/SOURCES.md). X is
 * the longitude and Y the latitude. Offence by Category, refined by Descript:
 *
 * | Category               | Descript                                                  | offence            |
 * |------------------------|-----------------------------------------------------------|--------------------|
 * | ROBBERY                | any (attempts included, as in the UCR)                    | robbery            |
 * | ASSAULT                | AGGRAVATED …, ATTEMPTED HOMICIDE …, … SERIOUS INJURIES,   | aggravatedAssault  |
 * |                        | … DEADLY WEAPON, … CAUSTIC CHEMICALS, SHOOTING INTO …     |                    |
 * | ASSAULT                | the rest (battery, threats, simple assault)               | other              |
 * | SEX OFFENSES, FORCIBLE | RAPE, SODOMY, ORAL COPULATION, PENETRATION, SEXUAL ASSAULT | rape              |
 * | SEX OFFENSES, FORCIBLE | the rest (sexual battery, child molestation)              | other              |
 * | BURGLARY               | BURGLARY, VEHICLE … (a car break-in is larceny in the UCR) | larceny           |
 * | BURGLARY               | the rest                                                  | burglary           |
 * | LARCENY/THEFT          | any                                                       | larceny            |
 * | VEHICLE THEFT          | any                                                       | motorVehicleTheft  |
 * | every other category   | (RECOVERED VEHICLE is a recovery, not a theft)            | other              |
 *
 * The incident pack's second source adds the three standard types outside the seven offences:
 * VANDALISM → Vandalism, ARSON → Arson, and the ASSAULT rows that are not aggravated → Simple
 * Assault (sanFranciscoStandardType).
 *
 * SFPD's historical file has no homicide category: the set has no homicides.
 */
import { EXTRA_STANDARD_TYPES, STANDARD_TYPE_OF_OFFENCE } from '@riskatlas/domain';
import type { OffenceKey } from '../../src/pack/format';
import { readCsv } from '../intl/raw-files';
import { coordinate, type IncidentRecord, type IncidentSetInfo } from './incident-grid';

export const SAN_FRANCISCO_FILE = 'incidents/san_francisco/sf_crime.csv';

export const SAN_FRANCISCO_SET: IncidentSetInfo = {
  setKey: 'sf-2017-07',
  countryId: 1,
  name: 'San Francisco Police Department incidents, July 2017',
  refKey: 'US-CA-san-francisco',
  source: 'DataSF, Police Department Incident Reports: Historical 2003 to May 2018',
};

const AGGRAVATED = /AGGRAVATED|ATTEMPTED HOMICIDE|SERIOUS INJUR|DEADLY WEAPON|CAUSTIC|SHOOTING INTO/;
const RAPE = /RAPE|SODOMY|ORAL COPULATION|PENETRATION|SEXUAL ASSAULT/;

/** The offence of an SFPD Category and Descript, or 'other'. */
export function sanFranciscoOffence(category: string, descript: string): OffenceKey | 'other' {
  switch (category) {
    case 'ROBBERY':
      return 'robbery';
    case 'ASSAULT':
      return AGGRAVATED.test(descript) ? 'aggravatedAssault' : 'other';
    case 'SEX OFFENSES, FORCIBLE':
      return RAPE.test(descript) ? 'rape' : 'other';
    case 'BURGLARY':
      return descript.startsWith('BURGLARY, VEHICLE') ? 'larceny' : 'burglary';
    case 'LARCENY/THEFT':
      return 'larceny';
    case 'VEHICLE THEFT':
      return 'motorVehicleTheft';
    default:
      return 'other';
  }
}

/** The standard crime type id of an SFPD Category and Descript, or undefined when it is none of the ten. */
export function sanFranciscoStandardType(category: string, descript: string): number | undefined {
  const offence = sanFranciscoOffence(category, descript);
  if (offence !== 'other') return STANDARD_TYPE_OF_OFFENCE[offence];
  if (category === 'ASSAULT') return EXTRA_STANDARD_TYPES.simpleAssault;
  if (category === 'VANDALISM') return EXTRA_STANDARD_TYPES.vandalism;
  if (category === 'ARSON') return EXTRA_STANDARD_TYPES.arson;
  return undefined;
}

/** An SFPD record with the fields the incident pack publishes, as SFPD writes them. */
export interface SanFranciscoRow {
  /** PdId: unique per record (IncidntNum repeats when one incident has several offences). */
  id: string;
  category: string;
  descript: string;
  dayOfWeek: string;
  /** YYYY-MM-DD. */
  day: string;
  /** HH:MM. */
  time: string;
  district: string;
  address: string;
  latitude: number | undefined;
  longitude: number | undefined;
}

/** The San Francisco records, every published field the incident pack and the model use. */
export function readSanFranciscoRows(sharedDir: string): SanFranciscoRow[] {
  const table = readCsv(sharedDir, SAN_FRANCISCO_FILE);
  const names = ['PdId', 'Category', 'Descript', 'DayOfWeek', 'Date', 'Time', 'PdDistrict', 'Address', 'X', 'Y'] as const;
  const [id, category, descript, dayOfWeek, date, time, district, address, x, y] = names.map((name) => table.column(name)) as number[] as [number, number, number, number, number, number, number, number, number, number];
  return table.rows.map((row) => {
    const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(row[date]!);
    if (!match) throw new Error(`${SAN_FRANCISCO_FILE}: bad date ${row[date]}`);
    const latitude = coordinate(row[y]);
    return {
      id: row[id]!,
      category: row[category]!,
      descript: row[descript]!,
      dayOfWeek: row[dayOfWeek]!,
      day: `${match[3]}-${match[1]}-${match[2]}`,
      time: row[time]!,
      district: row[district]!,
      address: row[address]!,
      // SFPD writes Y = 90 for an unknown location.
      latitude: latitude !== undefined && latitude < 90 ? latitude : undefined,
      longitude: coordinate(row[x]),
    };
  });
}

/** The San Francisco incidents. */
export function readSanFranciscoIncidents(sharedDir: string): IncidentRecord[] {
  return readSanFranciscoRows(sharedDir).map((row) => ({ offence: sanFranciscoOffence(row.category, row.descript), latitude: row.latitude, longitude: row.longitude, firstDay: row.day, lastDay: row.day }));
}
