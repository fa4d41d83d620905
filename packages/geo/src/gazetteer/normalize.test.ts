import { describe, expect, it } from 'vitest';
import { normalizePlaceName, placeNamePrefixes } from './normalize';
import { normalizePostalCode } from './postal-code';

describe('normalizePlaceName', () => {
  it.each([
    ['St. Louis', 'saint louis'],
    ['Saint Louis', 'saint louis'],
    ['ST LOUIS', 'saint louis'],
    ['East St. Louis', 'east saint louis'],
    ['Sault Ste. Marie', 'sault sainte marie'],
    ['Ft. Worth', 'fort worth'],
    ['Fort Worth', 'fort worth'],
    ['Mt. Vernon', 'mount vernon'],
    ['Mount Vernon', 'mount vernon'],
    ['Montréal', 'montreal'],
    ['MONTREAL', 'montreal'],
    ['Mayagüez', 'mayaguez'],
    ['Ciudad de México', 'ciudad de mexico'],
    ['Winston-Salem', 'winston salem'],
    ["Coeur d'Alene", 'coeur dalene'],
    ['O’Fallon', 'ofallon'],
    ['  Chicago ,  ', 'chicago'],
    ['Saint-Jean-sur-Richelieu', 'saint jean sur richelieu'],
    ['Stoke-on-Trent', 'stoke on trent'],
    ['Bosques & Lomas', 'bosques and lomas'],
    ['Straße', 'strasse'],
    ['', ''],
    ['...', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizePlaceName(input)).toBe(expected);
  });

  it('does not expand letters inside words', () => {
    expect(normalizePlaceName('Stamford')).toBe('stamford');
    expect(normalizePlaceName('Stevens Point')).toBe('stevens point');
    expect(normalizePlaceName('Mtwara')).toBe('mtwara');
  });
});

describe('placeNamePrefixes', () => {
  it('tries an unfinished abbreviation both as typed and expanded', () => {
    expect(placeNamePrefixes('Ste')).toEqual(['sainte', 'ste']);
    expect(placeNamePrefixes('st')).toEqual(['saint', 'st']);
    expect(placeNamePrefixes('Mt Ver')).toEqual(['mount ver']);
  });

  it('treats a trailing period or space as a finished word', () => {
    expect(placeNamePrefixes('St.')).toEqual(['saint']);
    expect(placeNamePrefixes('Ft ')).toEqual(['fort']);
  });

  it('gives nothing for text without letters or digits', () => {
    expect(placeNamePrefixes(' ,. ')).toEqual([]);
  });
});

describe('normalizePostalCode', () => {
  it.each([
    [1, '60601', '60601'],
    [1, '60601-1234', '60601'],
    [1, '606011234', '60601'],
    [1, '2134', '02134'],
    [6, '901', '00901'],
    [6, '00901-2345', '00901'],
    [5, '6700', '06700'],
    [5, '06700', '06700'],
    [2, 'm5v 3l9', 'M5V'],
    [2, 'M5V3L9', 'M5V'],
    [2, 'M5V', 'M5V'],
    [3, 'sw1a 1aa', 'SW1A'],
    [3, 'SW1A1AA', 'SW1A'],
    [3, 'M1 1AE', 'M1'],
    [3, 'EC1A', 'EC1A'],
  ] as const)('country %i %j → %j', (countryId, raw, expected) => {
    expect(normalizePostalCode(countryId, raw)).toBe(expected);
  });

  it.each([
    [1, 'M5V'],
    [1, '60'],
    [1, '606012'],
    [5, '123'],
    [2, '60601'],
    [2, 'MV5'],
    [3, '60601'],
    [3, 'SW1A 1A'],
    [6, 'abc'],
  ] as const)('country %i %j is not a postal code of that country', (countryId, raw) => {
    expect(normalizePostalCode(countryId, raw)).toBeUndefined();
  });
});
