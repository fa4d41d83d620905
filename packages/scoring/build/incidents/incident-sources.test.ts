import { loadGazetteer } from '@riskatlas/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import type { ScoringBuildPart } from '../types';
import { buildIncidentsPart } from './build-incidents';
import { chicagoOffence, readChicagoIncidents } from './chicago';
import { hasCoordinates, type IncidentRecord } from './incident-grid';
import { readPuertoRicoIncidents } from './puerto-rico-points';
import { readSanFranciscoIncidents, sanFranciscoOffence } from './san-francisco';
import { CITY_OF_LONDON_DIR, ESSEX_DIR, readStreetIncidents, streetCrimeOffence } from './uk-street';

describe('offence mappings', () => {
  it('reads Chicago by its UCR code', () => {
    expect(chicagoOffence('01A')).toBe('homicide');
    expect(chicagoOffence('01B')).toBe('other');
    expect(chicagoOffence('04B')).toBe('aggravatedAssault');
    expect(chicagoOffence('08B')).toBe('other');
  });

  it('reads San Francisco by category and description', () => {
    expect(sanFranciscoOffence('ASSAULT', 'AGGRAVATED ASSAULT WITH A KNIFE')).toBe('aggravatedAssault');
    expect(sanFranciscoOffence('ASSAULT', 'BATTERY')).toBe('other');
    expect(sanFranciscoOffence('SEX OFFENSES, FORCIBLE', 'FORCIBLE RAPE, BODILY FORCE')).toBe('rape');
    expect(sanFranciscoOffence('SEX OFFENSES, FORCIBLE', 'SEXUAL BATTERY')).toBe('other');
    expect(sanFranciscoOffence('BURGLARY', 'BURGLARY, VEHICLE (ARREST MADE)')).toBe('larceny');
    expect(sanFranciscoOffence('BURGLARY', 'BURGLARY OF RESIDENCE, FORCIBLE ENTRY')).toBe('burglary');
    expect(sanFranciscoOffence('RECOVERED VEHICLE', 'STOLEN AND RECOVERED VEHICLE')).toBe('other');
  });

  it('reads UK street crime types', () => {
    expect(streetCrimeOffence('Vehicle crime')).toBe('motorVehicleTheft');
    expect(streetCrimeOffence('Theft from the person')).toBe('larceny');
    expect(streetCrimeOffence('Violence and sexual offences')).toBe('aggravatedAssault');
    expect(streetCrimeOffence('Anti-social behaviour')).toBe('other');
  });
});

describeWithRawData('the real incident files', () => {
  const located = (records: IncidentRecord[]) => records.filter(hasCoordinates).length;

  it('reads every row: Chicago 1,000 (18 without coordinates), San Francisco 8,964, Puerto Rico 14,093', () => {
    const chicago = readChicagoIncidents(rawDataDir);
    expect([chicago.length, located(chicago)]).toEqual([1_000, 982]);
    const sanFrancisco = readSanFranciscoIncidents(rawDataDir);
    expect([sanFrancisco.length, located(sanFrancisco)]).toEqual([8_964, 8_964]);
    expect(readPuertoRicoIncidents(rawDataDir).length).toBe(14_093);
  });

  it('reads both UK header spellings: City of London 5,925 (545 without coordinates), Essex 115,065 (218)', () => {
    const london = readStreetIncidents(rawDataDir, CITY_OF_LONDON_DIR).records;
    expect([london.length, located(london)]).toEqual([5_925, 5_380]);
    const essex = readStreetIncidents(rawDataDir, ESSEX_DIR).records;
    expect([essex.length, located(essex)]).toEqual([115_065, 114_847]);
  });

  it('maps Puerto Rico delito 1–7 to the seven offences (counts of SOURCES.md)', () => {
    const counts = new Map<string, number>();
    for (const record of readPuertoRicoIncidents(rawDataDir)) counts.set(record.offence, (counts.get(record.offence) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ homicide: 210, rape: 8, robbery: 1_430, aggravatedAssault: 568, burglary: 3_309, larceny: 7_261, motorVehicleTheft: 1_307 });
  });

  let part: ScoringBuildPart;
  beforeAll(() => {
    part = buildIncidentsPart({ sharedDir: rawDataDir, gazetteer: loadGazetteer(), log: () => {} });
  }, 120_000);

  it('writes five sets whose totals equal the rows with coordinates and the sums of their cells', () => {
    const expected = { 'chicago-2025-05': 982, 'sf-2017-07': 8_964, 'pr-2013-q1': 14_093, 'city-of-london-2020': 5_380, 'essex-2018': 114_847 };
    expect(part.incidentSets!.map((row) => row[0]).sort()).toEqual(Object.keys(expected).sort());
    for (const set of part.incidentSets!) {
      const [setKey, , , , , , , incidents, other] = set as [keyof typeof expected, ...unknown[]];
      expect(Number(incidents) + Number(other), setKey).toBe(expected[setKey]);
      const cells = part.incidentCells!.filter((row) => row[0] === setKey);
      const offences = cells.reduce((sum, row) => sum + row.slice(3, 10).reduce<number>((cellSum, value) => cellSum + Number(value), 0), 0);
      expect(offences, setKey).toBe(incidents);
      expect(cells.reduce((sum, row) => sum + Number(row[10]), 0), setKey).toBe(other);
    }
  });

  it('dates the sets and names the areas they refine', () => {
    const set = (key: string) => part.incidentSets!.find((row) => row[0] === key)!;
    expect(set('chicago-2025-05').slice(3, 7)).toEqual(['US-IL-chicago', '2025-05-22', '2025-05-24', 3]);
    expect(set('sf-2017-07').slice(3, 7)).toEqual(['US-CA-san-francisco', '2017-07-11', '2017-07-31', 21]);
    expect(set('pr-2013-q1').slice(3, 7)).toEqual(['PR', '2013-01-01', '2013-03-31', 90]);
    expect(set('essex-2018').slice(3, 7)).toEqual(['GB-PFA-essex', '2018-01-01', '2018-07-31', 212]);
    expect(set('city-of-london-2020').slice(3, 7)).toEqual(['GB-PFA-city-of-london', '2020-01-01', '2020-12-31', 366]);
  });

  it('counts the skipped rows in the notes', () => {
    expect(part.notes['incidentRowsWithoutCoordinates.city-of-london-2020']).toBe(545);
  });
});
