import { describe, expect, it } from 'vitest';
import { cityKeys } from './city-names';
import { lookupCountry, resolveCountryCode, UnknownCountryError } from './countries';
import { expandStreet, normalizeStreet, splitHouseNumber } from './normalize';
import { parseAddress } from './parse-address';
import { countryOfPostalShape, parsePostalCode } from './postal-codes';
import { countriesWithRegion, lookupRegion, regionsOf } from './regions';

describe('country codes', () => {
  it.each([
    ['USA', 1], ['usa', 1], ['US', 1], ['u.s.a.', 1], ['United States', 1], ['United States of America', 1],
    ['CAN', 2], ['ca', 2], ['Canada', 2],
    ['GBR', 3], ['GB', 3], ['UK', 3], ['u.k.', 3], ['Great Britain', 3], ['United Kingdom', 3], ['England', 3],
    ['MEX', 5], ['MX', 5], ['Mexico', 5], ['México', 5], ['MÉXICO', 5],
    ['PRI', 6], ['PR', 6], ['Puerto Rico', 6],
  ])('%s → country %i', (text, id) => {
    expect(lookupCountry(text)).toBe(id);
    expect(resolveCountryCode(text)).toBe(id);
  });

  it('throws a typed error naming countryCode for an unknown country', () => {
    expect(() => resolveCountryCode('FRA')).toThrow(UnknownCountryError);
    try {
      resolveCountryCode('Narnia');
    } catch (error) {
      expect(error).toBeInstanceOf(UnknownCountryError);
      expect((error as UnknownCountryError).field).toBe('countryCode');
      expect((error as UnknownCountryError).value).toBe('Narnia');
    }
    expect(() => resolveCountryCode('!!!')).toThrow(UnknownCountryError);
  });

  it('treats an empty country code as absent', () => {
    expect(resolveCountryCode('')).toBeUndefined();
    expect(resolveCountryCode('   ')).toBeUndefined();
    expect(resolveCountryCode(null)).toBeUndefined();
  });
});

describe('states, provinces and nations', () => {
  it.each([
    [1, 'IL', 'IL'], [1, 'illinois', 'IL'], [1, 'Ill.', 'IL'], [1, 'District of Columbia', 'DC'], [1, 'D.C.', 'DC'],
    [2, 'Québec', 'QC'], [2, 'Quebec', 'QC'], [2, 'QC', 'QC'], [2, 'PQ', 'QC'], [2, 'ON', 'ON'], [2, 'Ontario', 'ON'],
    [2, 'Colombie-Britannique', 'BC'], [2, 'Terre-Neuve-et-Labrador', 'NL'], [2, 'Île-du-Prince-Édouard', 'PE'],
    [5, 'CDMX', '09'], [5, 'Ciudad de México', '09'], [5, 'Ciudad de Mexico', '09'], [5, 'D.F.', '09'], [5, 'Distrito Federal', '09'],
    [5, 'Edo. Méx.', '15'], [5, 'Estado de México', '15'], [5, 'México', '15'], [5, 'Nuevo León', '19'], [5, 'Nuevo Leon', '19'],
    [5, 'N.L.', '19'], [5, 'Jalisco', '14'], [5, 'Jal.', '14'], [5, 'Q. Roo', '23'], [5, 'S.L.P.', '24'], [5, 'Yucatan', '31'], [5, '9', '09'],
    [3, 'England', 'ENG'], [3, 'Scotland', 'SCT'], [3, 'Wales', 'WLS'], [3, 'Northern Ireland', 'NIR'], [3, 'Cymru', 'WLS'],
    [6, 'PR', 'PR'], [6, 'Puerto Rico', 'PR'],
  ] as const)('country %i: %s → %s', (countryId, text, code) => {
    expect(lookupRegion(countryId, text)?.code).toBe(code);
  });

  it('covers every US state and DC, every Canadian province and territory and every Mexican state', () => {
    expect(regionsOf(1)).toHaveLength(51);
    expect(regionsOf(2)).toHaveLength(13);
    expect(regionsOf(5)).toHaveLength(32);
    expect(regionsOf(5).map((r) => r.code)).toEqual(Array.from({ length: 32 }, (_, i) => String(i + 1).padStart(2, '0')));
  });

  it('ignores UK county names and unknown text', () => {
    expect(lookupRegion(3, 'Greater London')).toBeUndefined();
    expect(lookupRegion(1, 'ZZ')).toBeUndefined();
    expect(lookupRegion(1, '')).toBeUndefined();
  });

  it('shows US and Canadian codes, UK and Mexican names', () => {
    expect(lookupRegion(1, 'Illinois')?.display).toBe('IL');
    expect(lookupRegion(2, 'Québec')?.display).toBe('QC');
    expect(lookupRegion(5, 'CDMX')?.display).toBe('Ciudad de México');
    expect(lookupRegion(3, 'SCT')?.display).toBe('Scotland');
  });

  it('names the countries a bare state belongs to', () => {
    expect(countriesWithRegion('IL')).toEqual([1]);
    expect(countriesWithRegion('Ontario')).toEqual([2]);
    expect(countriesWithRegion('Jalisco')).toEqual([5]);
    expect(countriesWithRegion('PR')).toEqual([6]);
  });
});

describe('postal codes', () => {
  it.each([
    ['60601', '60601', '60601'],
    ['60601-1234', '60601', '60601-1234'],
    ['606011234', '60601', '60601-1234'],
    ['60601 1234', '60601', '60601-1234'],
    ['2108', '02108', '02108'],
    ['21081234', '02108', '02108-1234'],
    ['901', '00901', '00901'],
    ['60601.0', '60601', '60601'],
  ])('US %s → key %s, shown %s', (text, key, display) => {
    expect(parsePostalCode(1, text)).toMatchObject({ key, display });
  });

  it('rejects what is not a US ZIP', () => {
    for (const text of ['SW1A 1AA', 'M5V 3L9', '123456', '6-0601', 'asdf', '00000', '60601-12']) {
      expect(parsePostalCode(1, text), text).toBeUndefined();
    }
  });

  it('marks restored zeros and ZIP+4', () => {
    expect(parsePostalCode(1, '2108')?.padded).toBe(true);
    expect(parsePostalCode(1, '60601-1234')?.full).toBe(true);
  });

  it.each([
    ['M5V 3L9', 'M5V', 'M5V 3L9'],
    ['m5v3l9', 'M5V', 'M5V 3L9'],
    ['M5V-3L9', 'M5V', 'M5V 3L9'],
    ['M5V', 'M5V', 'M5V'],
  ])('Canada %s → FSA %s', (text, key, display) => {
    expect(parsePostalCode(2, text)).toMatchObject({ key, display });
  });

  it.each([
    ['SW1A 1AA', 'SW1A', 'SW1A 1AA', ['SW1']],
    ['sw1a1aa', 'SW1A', 'SW1A 1AA', ['SW1']],
    ['M1 1AE', 'M1', 'M1 1AE', []],
    ['m11ae', 'M1', 'M1 1AE', []],
    ['EC1A', 'EC1A', 'EC1A', ['EC1']],
    ['B33 8TH', 'B33', 'B33 8TH', []],
  ])('UK %s → outward %s', (text, key, display, fallbackKeys) => {
    expect(parsePostalCode(3, text)).toMatchObject({ key, display, fallbackKeys });
  });

  it.each([
    ['06700', '06700'],
    ['6700', '06700'],
    ['C.P. 06700', '06700'],
    ['CP 44100', '44100'],
  ])('Mexico %s → %s', (text, key) => {
    expect(parsePostalCode(5, text)?.key).toBe(key);
  });

  it('does not read a code by another country’s rules', () => {
    expect(parsePostalCode(3, '60601')).toBeUndefined();
    expect(parsePostalCode(2, 'SW1A 1AA')).toBeUndefined();
    expect(parsePostalCode(5, 'M5V 3L9')).toBeUndefined();
    expect(parsePostalCode(5, '601')).toBeUndefined();
  });

  it('tells a country from a full CA or UK code only', () => {
    expect(countryOfPostalShape('M5V 3L9')).toBe(2);
    expect(countryOfPostalShape('SW1A 1AA')).toBe(3);
    expect(countryOfPostalShape('60601')).toBeUndefined();
    expect(countryOfPostalShape('SW1A')).toBeUndefined();
  });
});

describe('street lines', () => {
  it.each([
    ['233 south wacker drive', '233 S Wacker Dr'],
    ['233 S. WACKER DR.', '233 S Wacker Dr'],
    ['1500 North Avenue', '1500 North Ave'],
    ['100 Main Street North', '100 Main St N'],
    ['350 Fifth Avenue, Suite 3000', '350 Fifth Ave Ste 3000'],
    ['1 Infinite Loop # 12', '1 Infinite Loop #12'],
    ['10 avenue a', '10 Avenue A'],
    ['PO Box 123', 'PO Box 123'],
    ['12 W 31st st', '12 W 31st St'],
    ['  4   Highland   Parkway  ', '4 Highland Pkwy'],
    ['123 McKinley Boulevard', '123 McKinley Blvd'],
    ['900 Saint Charles Place', '900 Saint Charles Pl'],
  ])('%s → %s', (text, expected) => {
    expect(normalizeStreet(text)).toBe(expected);
  });

  it('title-cases UK and Mexican street lines without US abbreviations', () => {
    expect(normalizeStreet('10 DOWNING STREET', 'plain')).toBe('10 Downing Street');
    expect(normalizeStreet('av. paseo de la reforma 222', 'plain')).toBe('Av Paseo de la Reforma 222');
  });

  it('is empty for nothing or punctuation', () => {
    expect(normalizeStreet('')).toBe('');
    expect(normalizeStreet('!!!!')).toBe('');
    expect(normalizeStreet(null)).toBe('');
  });

  it('writes abbreviations out and splits the house number', () => {
    expect(expandStreet('233 S Wacker Dr Ste 200')).toBe('233 South Wacker Drive Suite 200');
    expect(splitHouseNumber('233 S Wacker Dr')).toEqual({ houseNumber: '233', streetName: 'S Wacker Dr' });
    expect(splitHouseNumber('Wacker Dr')).toEqual({ houseNumber: '', streetName: 'Wacker Dr' });
  });
});

describe('city names', () => {
  it('gives the gazetteer keys, with spelling variants folded', () => {
    expect(cityKeys(1, 'St. Louis')).toEqual(['saint louis']);
    expect(cityKeys(1, 'Saint Louis')).toEqual(['saint louis']);
    expect(cityKeys(2, 'Montréal')).toEqual(['montreal']);
    expect(cityKeys(1, 'City of Chicago')).toEqual(['chicago']);
  });

  it('knows the names of Mexico City and strips colonia words', () => {
    expect(cityKeys(5, 'CDMX')).toEqual(['ciudad de mexico', 'mexico city']);
    expect(cityKeys(5, 'México, D.F.')).toEqual(['ciudad de mexico', 'mexico city']);
    expect(cityKeys(5, 'Col. Roma Norte, Cuauhtémoc')).toEqual(['roma norte cuauhtemoc', 'roma norte', 'cuauhtemoc']);
    expect(cityKeys(5, 'Cd. Juárez')).toEqual(['ciudad juarez']);
  });

  it('is empty for digits and punctuation', () => {
    expect(cityKeys(1, '12345')).toEqual([]);
    expect(cityKeys(1, '!!!!')).toEqual([]);
  });
});

describe('parseAddress', () => {
  it('reads a US address', () => {
    const parsed = parseAddress({ street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', countryCode: 'USA' });
    expect(parsed).toMatchObject({ countryId: 1, street: '233 S Wacker Dr', city: 'Chicago', cityKeys: ['chicago'] });
    expect(parsed.region?.code).toBe('IL');
    expect(parsed.postal?.key).toBe('60606');
    expect(parsed.present).toEqual({ street: true, city: true, state: true, zipCode: true });
  });

  it('moves a US address with a Puerto Rico ZIP or state to Puerto Rico', () => {
    expect(parseAddress({ city: 'San Juan', zipCode: '00901', countryCode: 'US' }).countryId).toBe(6);
    expect(parseAddress({ city: 'San Juan', zipCode: '901', countryCode: 'USA' }).countryId).toBe(6);
    expect(parseAddress({ city: 'San Juan', state: 'PR', countryCode: 'USA' }).countryId).toBe(6);
    expect(parseAddress({ city: 'San Juan', state: 'Puerto Rico', countryCode: 'usa' }).region?.code).toBe('PR');
    expect(parseAddress({ city: 'Chicago', zipCode: '60601', countryCode: 'USA' }).countryId).toBe(1);
  });

  it('splits a state or code typed into the city field', () => {
    const a = parseAddress({ city: 'Springfield, IL', countryCode: 'USA' });
    expect(a.city).toBe('Springfield');
    expect(a.region?.code).toBe('IL');
    const b = parseAddress({ city: 'Chicago IL 60601', countryCode: 'USA' });
    expect([b.city, b.region?.code, b.postal?.key]).toEqual(['Chicago', 'IL', '60601']);
    const c = parseAddress({ city: 'Fort Wayne', countryCode: 'USA' });
    expect([c.city, c.region]).toEqual(['Fort Wayne', undefined]);
    const d = parseAddress({ city: 'Guadalajara, Jal.', countryCode: 'MEX' });
    expect([d.city, d.region?.code]).toEqual(['Guadalajara', '14']);
  });

  it('takes CDMX in the city field as the state too', () => {
    const parsed = parseAddress({ city: 'CDMX', countryCode: 'MX' });
    expect(parsed.region?.code).toBe('09');
    expect(parsed.present.state).toBe(true);
  });

  it('infers a missing country from the state or a full postal code, else the default', () => {
    expect(parseAddress({ city: 'Toronto', state: 'ON' }).countryId).toBe(2);
    expect(parseAddress({ zipCode: 'SW1A 1AA' }).countryId).toBe(3);
    expect(parseAddress({ zipCode: '60601' }).countryId).toBe(1);
    expect(parseAddress({}).countryInferred).toBe(true);
  });

  it('reads an empty or garbage address as empty, never throwing', () => {
    for (const text of ['', 'asdf', '!!!!', '   ']) {
      const parsed = parseAddress({ street: text, street2: text, city: text === 'asdf' ? '' : text, state: text, zipCode: text, countryCode: 'USA' });
      expect(parsed.present.zipCode).toBe(false);
      expect(parsed.present.state).toBe(false);
    }
    expect(() => parseAddress({ street: null, city: undefined, zipCode: null, countryCode: null })).not.toThrow();
  });

  it('throws UnknownCountryError for an unknown country', () => {
    expect(() => parseAddress({ city: 'Paris', countryCode: 'FRA' })).toThrow(UnknownCountryError);
  });

  it('reads values of the wrong type from loosely typed callers without throwing', () => {
    // A spreadsheet cell read as a number; objects where text was expected.
    const loose = { zipCode: 2108, city: { name: 'Boston' }, state: ['MA'], countryCode: 'US' } as unknown as Parameters<typeof parseAddress>[0];
    const parsed = parseAddress(loose);
    expect(parsed.postal?.key).toBe('02108');
    expect(parsed.city).toBe('');
    expect(() => parseAddress(null)).not.toThrow();
  });
});

describe('street capitalisation of name particles', () => {
  it('keeps Spanish and English particles lower case inside a street name', () => {
    expect(normalizeStreet('PASEO DE LA REFORMA 222', 'plain')).toBe('Paseo de la Reforma 222');
    expect(normalizeStreet('1211 avenue of the americas')).toContain('of the Americas');
    expect(normalizeStreet('The Strand', 'plain')).toBe('The Strand');
  });
});
