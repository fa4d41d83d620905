import { describe, expect, it } from 'vitest';
import { loadGazetteer } from '../gazetteer/load-gazetteer';
import { haversineMeters } from '../spatial/distance';
import { UnknownCountryError } from './countries';
import { geocodeAddress } from './geocode-address';
import { manualCandidate } from './manual';
import type { AddressInput, GeocodeCandidate } from './types';

// The real data pack (data/pack): these are the addresses customers send.
const gazetteer = loadGazetteer();

function geocode(address: AddressInput, options = {}): GeocodeCandidate[] {
  return geocodeAddress(gazetteer, address, options).candidates;
}

/** The candidate lies in the postal area the address names: that area is the nearest one to it. */
function expectWithinPostalArea(candidate: GeocodeCandidate | undefined, code: string): void {
  expect(candidate).toBeDefined();
  const nearest = gazetteer.nearestPostalArea(candidate!.latitude, candidate!.longitude, candidate!.countryId);
  expect(nearest?.area.code).toBe(code);
  expect(nearest!.distanceMeters).toBeLessThan(100);
}

describe('postal-code geocoding with real addresses', () => {
  it('233 S Wacker Dr, Chicago, IL 60606', () => {
    const [first, ...rest] = geocode({ street: '233 South Wacker Drive', city: 'Chicago', state: 'IL', zipCode: '60606', countryCode: 'USA' });
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      street: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60606',
      countryCode: 'USA',
      countryId: 1,
      precision: 'POSTCODE',
      matchedBy: 'postalCode+city',
      admin1Code: 'IL',
      admin2Name: 'Cook County',
      source: 'embedded',
    });
    expect(first!.confidence).toBeGreaterThanOrEqual(0.9);
    expectWithinPostalArea(first, '60606');
    // Willis Tower is 233 S Wacker: the ZIP centroid is within a kilometre and a half of it.
    expect(haversineMeters(first!.latitude, first!.longitude, 41.8789, -87.6359)).toBeLessThan(1_500);
  });

  it('60601 Chicago, with and without a state', () => {
    for (const address of [{ zipCode: '60601', city: 'Chicago' }, { zipCode: '60601', city: 'CHICAGO', state: 'Illinois' }, { zipCode: '60601' }]) {
      const [first] = geocode({ ...address, countryCode: 'USA' });
      expectWithinPostalArea(first, '60601');
      expect(first).toMatchObject({ city: 'Chicago', state: 'IL', precision: 'POSTCODE' });
    }
  });

  it('a ZIP+4 in any of its spellings', () => {
    for (const zipCode of ['60601-1234', '60601 1234', '606011234']) {
      const [first] = geocode({ zipCode, city: 'Chicago', state: 'IL', countryCode: 'US' });
      expectWithinPostalArea(first, '60601');
      expect(first!.postalCode).toBe('60601-1234');
    }
  });

  it('a Boston ZIP that lost its leading zero in Excel: 2108 → 02108', () => {
    const [first] = geocode({ street: '24 Beacon St', city: 'Boston', state: 'MA', zipCode: '2108', countryCode: 'USA' });
    expectWithinPostalArea(first, '02108');
    expect(first).toMatchObject({ postalCode: '02108', state: 'MA', admin2Name: 'Suffolk County', precision: 'POSTCODE' });
  });

  it('00901 San Juan, Puerto Rico, with an urbanization line, sent as PRI or as a US address', () => {
    for (const countryCode of ['PRI', 'PR', 'USA', 'US']) {
      const [first] = geocode({ street: '151 Calle San Francisco', street2: 'URB LAS LOMAS', city: 'San Juan', state: 'PR', zipCode: '00901', countryCode });
      expectWithinPostalArea(first, '00901');
      expect(first).toMatchObject({ countryCode: 'PRI', countryId: 6, state: 'PR', city: 'San Juan', precision: 'POSTCODE', matchedBy: 'postalCode+city' });
    }
    // Excel drops both zeros: '901'.
    expectWithinPostalArea(geocode({ city: 'San Juan', zipCode: '901', countryCode: 'USA' })[0], '00901');
  });

  it("'M5V 3L9' Toronto ON, in any case and spacing", () => {
    for (const zipCode of ['M5V 3L9', 'm5v3l9', 'M5V']) {
      const [first] = geocode({ street: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zipCode, countryCode: 'CAN' });
      expectWithinPostalArea(first, 'M5V');
      expect(first).toMatchObject({ countryCode: 'CAN', state: 'ON', city: 'Toronto', precision: 'POSTCODE', matchedBy: 'postalCode+city' });
    }
  });

  it("'SW1A 1AA' London, full and outward code alone", () => {
    for (const zipCode of ['SW1A 1AA', 'sw1a1aa', 'SW1A']) {
      const [first] = geocode({ street: 'Buckingham Palace', city: 'London', zipCode, countryCode: 'GBR' });
      expectWithinPostalArea(first, 'SW1A');
      expect(first).toMatchObject({ countryCode: 'GBR', state: 'England', admin1Code: 'ENG', city: 'London', precision: 'POSTCODE', matchedBy: 'postalCode+city' });
    }
    expect(geocode({ zipCode: 'SW1A 1AA', countryCode: 'UK' })[0]!.postalCode).toBe('SW1A 1AA');
  });

  it('a UK county in the state field is ignored, a nation is used', () => {
    expectWithinPostalArea(geocode({ city: 'Birmingham', state: 'West Midlands', zipCode: 'B33 8TH', countryCode: 'GB' })[0], 'B33');
    const [first] = geocode({ city: 'Edinburgh', state: 'Scotland', zipCode: 'EH1 1YZ', countryCode: 'GB' });
    expectWithinPostalArea(first, 'EH1');
    expect(first!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it("'06700' Ciudad de México, also typed '6700' and with colonia text", () => {
    for (const address of [
      { city: 'Ciudad de México', state: 'CDMX', zipCode: '06700' },
      { city: 'CDMX', zipCode: '6700' },
      { street: 'Av. Álvaro Obregón 130', street2: 'Col. Roma Norte', city: 'Cuauhtémoc', state: 'Ciudad de México', zipCode: '6700' },
      { city: 'Col. Roma Norte, Cuauhtémoc', zipCode: 'C.P. 06700' },
    ]) {
      const [first] = geocode({ ...address, countryCode: 'MEX' });
      expectWithinPostalArea(first, '06700');
      expect(first).toMatchObject({ countryCode: 'MEX', countryId: 5, postalCode: '06700', admin1Code: '09', state: 'Ciudad de México', precision: 'POSTCODE' });
    }
  });

  it('44100 Guadalajara with an abbreviated state', () => {
    const [first] = geocode({ city: 'Guadalajara', state: 'Jal.', zipCode: '44100', countryCode: 'MX' });
    expectWithinPostalArea(first, '44100');
    expect(first).toMatchObject({ admin1Code: '14', state: 'Jalisco', matchedBy: 'postalCode+city' });
  });

  it('a city that disagrees with the code lowers confidence, still returns the code, and offers the city', () => {
    const agree = geocode({ zipCode: '60601', city: 'Chicago', state: 'IL', countryCode: 'USA' })[0]!;
    const candidates = geocode({ zipCode: '60601', city: 'Boston', state: 'MA', countryCode: 'USA' });
    const postcode = candidates.find((c) => c.precision === 'POSTCODE');
    expect(postcode).toMatchObject({ postalCode: '60601', matchedBy: 'postalCode-mismatch', city: 'Chicago' });
    expect(postcode!.confidence).toBeLessThan(agree.confidence);
    expect(candidates[0]).toMatchObject({ precision: 'CITY', city: 'Boston', state: 'MA' });
    // Without a state to contradict it, the code stays first.
    const typo = geocode({ zipCode: '60601', city: 'Chicgo', countryCode: 'USA' });
    expect(typo).toHaveLength(1);
    expect(typo[0]).toMatchObject({ postalCode: '60601', matchedBy: 'postalCode-mismatch' });
  });
});

describe('city and state fallback', () => {
  it("'Springfield, IL' is Springfield, Illinois, not Missouri", () => {
    for (const address of [{ city: 'Springfield', state: 'IL' }, { city: 'Springfield, IL' }, { city: 'Springfield', state: 'Illinois' }]) {
      const candidates = geocode({ ...address, countryCode: 'USA' });
      expect(candidates.length).toBeGreaterThan(0);
      expect(candidates.every((c) => c.state === 'IL')).toBe(true);
      expect(candidates[0]).toMatchObject({ city: 'Springfield', precision: 'CITY', matchedBy: 'city+state', admin2Name: 'Sangamon County' });
      // The state capital, at 39.80, -89.64.
      expect(haversineMeters(candidates[0]!.latitude, candidates[0]!.longitude, 39.8017, -89.6437)).toBeLessThan(10_000);
    }
    const missouri = geocode({ city: 'Springfield', state: 'MO', countryCode: 'USA' })[0]!;
    expect(missouri).toMatchObject({ state: 'MO', admin2Name: 'Greene County' });
  });

  it('falls back to the city when the code is unknown, but never to another country', () => {
    const [first] = geocode({ city: 'Chicago', state: 'IL', zipCode: '99999', countryCode: 'USA' });
    expect(first).toMatchObject({ precision: 'CITY', city: 'Chicago', state: 'IL' });
    // A UK postcode with a US country: no POSTCODE match anywhere.
    expect(geocode({ city: 'London', zipCode: 'SW1A 1AA', countryCode: 'USA' })).toEqual([]);
    const kentucky = geocode({ city: 'London', state: 'KY', zipCode: 'SW1A 1AA', countryCode: 'USA' });
    expect(kentucky.length).toBeGreaterThan(0);
    expect(kentucky.every((c) => c.countryCode === 'USA' && c.precision === 'CITY' && c.state === 'KY')).toBe(true);
    // A Canadian code with Mexico: not read as anything.
    expect(geocode({ zipCode: 'M5V 3L9', countryCode: 'MEX' })).toEqual([]);
  });

  it('Québec and Quebec, city and province', () => {
    for (const address of [{ city: 'Québec', state: 'Québec' }, { city: 'Quebec', state: 'QC' }, { city: 'QUEBEC CITY', state: 'PQ' }]) {
      const [first] = geocode({ ...address, countryCode: 'CAN' });
      expect(first, JSON.stringify(address)).toMatchObject({ countryCode: 'CAN', state: 'QC', precision: 'CITY' });
      expect(haversineMeters(first!.latitude, first!.longitude, 46.81, -71.21)).toBeLessThan(15_000);
    }
    const [montreal] = geocode({ city: 'Montréal', state: 'Québec', zipCode: 'H2X 1Y4', countryCode: 'CA' });
    expectWithinPostalArea(montreal, 'H2X');
  });

  it('CDMX alone is Mexico City', () => {
    const [first] = geocode({ city: 'CDMX', countryCode: 'MEX' });
    expect(first).toMatchObject({ city: 'Ciudad de México', state: 'Ciudad de México', admin1Code: '09', precision: 'CITY' });
    expect(haversineMeters(first!.latitude, first!.longitude, 19.4326, -99.1332)).toBeLessThan(10_000);
  });

  it('a city in the UK or Puerto Rico needs no state', () => {
    expect(geocode({ city: 'Manchester', countryCode: 'GBR' })[0]).toMatchObject({ city: 'Manchester', state: 'England', precision: 'CITY' });
    expect(geocode({ city: 'Ponce', countryCode: 'PRI' })[0]).toMatchObject({ city: 'Ponce', countryCode: 'PRI', precision: 'CITY' });
  });

  it('several places of one name: several candidates, the biggest first, the same order every time', () => {
    const first = geocode({ city: 'Springfield', countryCode: 'GBR' });
    expect(first.length).toBeGreaterThan(1);
    expect(geocode({ city: 'Springfield', countryCode: 'GBR' })).toEqual(first);
    for (let i = 1; i < first.length; i++) expect(first[i]!.confidence).toBeLessThanOrEqual(first[i - 1]!.confidence);
    expect(geocode({ city: 'Springfield', countryCode: 'GBR' }, { acceptFirstCandidate: true })).toEqual([first[0]]);
    expect(geocode({ city: 'Springfield', countryCode: 'GBR' }, { maxCandidates: 2 })).toHaveLength(2);
  });
});

describe('addresses that cannot be placed', () => {
  it('empty or garbage addresses give zero candidates, never an exception', () => {
    for (const text of ['', 'asdf', '!!!!', '   ', '???', '0']) {
      expect(geocode({ street: text, street2: text, city: text, state: text, zipCode: text, countryCode: 'USA' }), text).toEqual([]);
      expect(geocode({ street: text, city: text, zipCode: text, countryCode: 'GBR' }), text).toEqual([]);
    }
    expect(geocode({})).toEqual([]);
    expect(geocode({ street: null, city: null, state: null, zipCode: null, countryCode: null })).toEqual([]);
  });

  it('a missing required part fails silently: US city without state, Mexican city without state', () => {
    expect(geocode({ city: 'Chicago', countryCode: 'USA' })).toEqual([]);
    expect(geocode({ street: '233 S Wacker Dr', state: 'IL', countryCode: 'USA' })).toEqual([]);
    expect(geocode({ city: 'Guadalajara', countryCode: 'MEX' })).toEqual([]);
    expect(geocode({ city: 'Toronto', countryCode: 'CAN' })).toEqual([]);
  });

  it('an unknown country is an error naming countryCode', () => {
    expect(() => geocode({ city: 'Paris', zipCode: '75001', countryCode: 'FRA' })).toThrow(UnknownCountryError);
  });
});

describe('MANUAL candidates for pins', () => {
  it('fills the address of a point in Chicago by reverse lookup, keeping the exact coordinates', () => {
    const candidate = manualCandidate(gazetteer, 41.878876123, -87.635915456, { street: '233 S Wacker Dr' });
    expect(candidate).toMatchObject({
      precision: 'MANUAL',
      matchedBy: 'pin',
      confidence: 1,
      countryCode: 'USA',
      state: 'IL',
      city: 'Chicago',
      admin2Name: 'Cook County',
      street: '233 S Wacker Dr',
      latitude: 41.878876123,
      longitude: -87.635915456,
    });
    expect(candidate!.postalCode).toMatch(/^606\d\d$/);
  });

  it('knows the country of a pin in each covered country, and none in the ocean', () => {
    expect(manualCandidate(gazetteer, 43.6426, -79.3871)?.countryCode).toBe('CAN');
    expect(manualCandidate(gazetteer, 51.5014, -0.1419)?.countryCode).toBe('GBR');
    expect(manualCandidate(gazetteer, 19.4326, -99.1332)?.countryCode).toBe('MEX');
    expect(manualCandidate(gazetteer, 18.4655, -66.1057)?.countryCode).toBe('PRI');
    expect(manualCandidate(gazetteer, 35, -40)).toBeUndefined();
    expect(manualCandidate(gazetteer, Number.NaN, 0)).toBeUndefined();
  });
});
