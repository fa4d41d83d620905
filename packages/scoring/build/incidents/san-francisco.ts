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
 * SFPD's historical file has no homicide category: the set has no homicides.
 */
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

/** The San Francisco incidents. */
export function readSanFranciscoIncidents(sharedDir: string): IncidentRecord[] {
  const table = readCsv(sharedDir, SAN_FRANCISCO_FILE);
  const [categoryColumn, descriptColumn, dateColumn, xColumn, yColumn] = ['Category', 'Descript', 'Date', 'X', 'Y'].map((name) => table.column(name)) as [number, number, number, number, number];
  return table.rows.map((row) => {
    const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(row[dateColumn]!);
    if (!match) throw new Error(`${SAN_FRANCISCO_FILE}: bad date ${row[dateColumn]}`);
    const day = `${match[3]}-${match[1]}-${match[2]}`;
    const latitude = coordinate(row[yColumn]);
    // SFPD writes Y = 90 for an unknown location.
    return { offence: sanFranciscoOffence(row[categoryColumn]!, row[descriptColumn]!), latitude: latitude !== undefined && latitude < 90 ? latitude : undefined, longitude: coordinate(row[xColumn]), firstDay: day, lastDay: day };
  });
}
