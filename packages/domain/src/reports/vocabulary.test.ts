import { describe, expect, it } from 'vitest';
import {
  clampScore,
  CRIME_TYPE_CATEGORY,
  CRIME_TYPE_KEYS,
  CRIME_TYPE_NAMES,
  isMethodologyTypeId,
  METHODOLOGIES,
  methodologyOf,
  periodYear,
  regionName,
  SCORE_KEYS,
  scoreDisplayName,
  scoreIndexOf,
  scoreKeyAt,
  scoreTypeOf,
  SCORES_PER_METHODOLOGY,
} from './vocabulary';
import { COUNTRY_IDS } from '../countries';
import { DEFAULT_METHODOLOGY } from '../ids';

describe('scoring vocabulary', () => {
  it('names the ten crime types with stable keys', () => {
    expect(CRIME_TYPE_KEYS).toEqual(['homicide', 'rape', 'robbery', 'aggravatedAssault', 'burglary', 'larceny', 'motorVehicleTheft', 'persons', 'property', 'total']);
    expect(CRIME_TYPE_NAMES.aggravatedAssault).toBe('Aggravated Assault');
    expect(CRIME_TYPE_NAMES.motorVehicleTheft).toBe('Motor Vehicle Theft');
    expect(CRIME_TYPE_NAMES.persons).toBe('Crimes Against Persons');
    expect(CRIME_TYPE_NAMES.property).toBe('Crimes Against Property');
    expect(CRIME_TYPE_NAMES.total).toBe('Total Crime');
  });

  it('rolls the four violent offences into persons and the three others into property', () => {
    const persons = CRIME_TYPE_KEYS.filter((key) => CRIME_TYPE_CATEGORY[key] === 'persons');
    const property = CRIME_TYPE_KEYS.filter((key) => CRIME_TYPE_CATEGORY[key] === 'property');
    expect(persons).toEqual(['homicide', 'rape', 'robbery', 'aggravatedAssault']);
    expect(property).toEqual(['burglary', 'larceny', 'motorVehicleTheft']);
  });

  it('types score rows as offences or aggregates', () => {
    expect(scoreTypeOf('larceny')).toBe('offence');
    expect(CRIME_TYPE_KEYS.filter((key) => scoreTypeOf(key) === 'aggregate')).toEqual(['persons', 'property', 'total']);
  });

  it('names the comparison regions per country', () => {
    expect(regionName('state', 1)).toBe('State');
    expect(regionName('state', 2)).toBe('Province');
    expect(regionName('state', 3)).toBe('Region');
    expect(regionName('county', 1)).toBe('County');
    expect(regionName('county', 3)).toBe('Police Force Area');
    expect(regionName('county', 5)).toBe('Municipality');
    for (const countryId of COUNTRY_IDS) expect(regionName('national', countryId)).toBe('National');
  });

  it('puts past five years before and projected five years after the release', () => {
    expect(periodYear('past', 2026)).toBe(2021);
    expect(periodYear('current', 2026)).toBe(2026);
    expect(periodYear('projected', 2026)).toBe(2031);
  });

  it('orders exactly 90 scores per methodology, index and key round-tripping', () => {
    expect(SCORES_PER_METHODOLOGY).toBe(90);
    expect(SCORE_KEYS).toHaveLength(90);
    expect(new Set(SCORE_KEYS.map((key) => `${key.crimeType}/${key.region}/${key.period}`)).size).toBe(90);
    SCORE_KEYS.forEach((key, index) => expect(scoreIndexOf(key)).toBe(index));
    expect(scoreKeyAt(0)).toEqual({ crimeType: 'homicide', region: 'national', period: 'past' });
    expect(scoreKeyAt(89)).toEqual({ crimeType: 'total', region: 'county', period: 'projected' });
    expect(scoreIndexOf({ crimeType: 'robbery', region: 'state', period: 'current' })).toBe(2 * 9 + 3 + 1);
    expect(scoreKeyAt(90)).toBeUndefined();
    expect(scoreKeyAt(-1)).toBeUndefined();
    expect(scoreKeyAt(1.5)).toBeUndefined();
  });

  it('rejects an unknown score key', () => {
    expect(() => scoreIndexOf({ crimeType: 'arson' as never, region: 'national', period: 'past' })).toThrow(RangeError);
  });

  it('names a score with the country’s region name', () => {
    expect(scoreDisplayName({ crimeType: 'robbery', region: 'county', period: 'projected' }, 3)).toBe('Robbery — Police Force Area — Projected');
  });

  it('keeps scores on the 0–2000 scale', () => {
    expect(clampScore(-3)).toBe(0);
    expect(clampScore(99.6)).toBe(100);
    expect(clampScore(2500)).toBe(2000);
    expect(clampScore(Number.NaN)).toBe(0);
  });

  it('describes the four methodologies, 2 being the composite default', () => {
    expect(METHODOLOGIES.map((m) => m.methodologyTypeId)).toEqual([1, 2, 3, 4]);
    expect(METHODOLOGIES.map((m) => m.name)).toEqual(['Reported-crime interpolation', 'Composite', 'Incident density', 'Predictors only']);
    expect(methodologyOf(DEFAULT_METHODOLOGY)?.name).toBe('Composite');
    for (const methodology of METHODOLOGIES) expect(methodology.description.length).toBeGreaterThan(20);
    expect(methodologyOf(5)).toBeUndefined();
    expect(isMethodologyTypeId(4)).toBe(true);
    expect(isMethodologyTypeId(0)).toBe(false);
    expect(isMethodologyTypeId('2')).toBe(false);
  });
});
