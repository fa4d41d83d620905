import { describe, expect, it } from 'vitest';
import { ADDRESS_PART_ERROR, ADDRESS_REQUIREMENTS, meetsAddressRequirement, missingAddressParts, presentAddressParts } from './address-requirements';

const has = (address: Parameters<typeof presentAddressParts>[0]) => presentAddressParts(address);

describe('address requirements', () => {
  it("encodes each part as 0 none or 1 required, derived from the country's alternatives", () => {
    for (const table of Object.values(ADDRESS_REQUIREMENTS)) {
      expect(Object.keys(table.parts).sort()).toEqual(['city', 'state', 'street', 'zipCode']);
      for (const value of Object.values(table.parts)) expect([0, 1]).toContain(value);
      // With a postal-code alternative and a city alternative, no single part is required on its own.
      expect(table.parts).toEqual({ street: 0, city: 0, state: 0, zipCode: 0 });
    }
  });

  it('places a US address by ZIP, or by city and state, but not by city alone', () => {
    expect(missingAddressParts(1, has({ zipCode: '60601' }))).toEqual([]);
    expect(missingAddressParts(1, has({ city: 'Chicago', state: 'IL' }))).toEqual([]);
    expect(missingAddressParts(1, has({ street: '233 S Wacker Dr', city: 'Chicago' }))).toEqual(['zipCode']);
    expect(missingAddressParts(5, has({ state: 'Jalisco' }))).toEqual(['zipCode']);
    expect(missingAddressParts(1, has({}))).toEqual(['zipCode']);
  });

  it('needs only a postcode or a town in the UK and Puerto Rico', () => {
    expect(meetsAddressRequirement(3, has({ zipCode: 'SW1A 2AA' }))).toBe(true);
    expect(meetsAddressRequirement(3, has({ city: 'London' }))).toBe(true);
    expect(meetsAddressRequirement(6, has({ city: 'San Juan' }))).toBe(true);
    expect(meetsAddressRequirement(6, has({ street: 'Calle Fortaleza 63', state: 'PR' }))).toBe(false);
  });

  it('counts blank and punctuation-only parts as missing, and names the import errors', () => {
    expect(presentAddressParts({ street: '  ', city: null, state: '--', zipCode: '00901' })).toEqual({ street: false, city: false, state: false, zipCode: true });
    expect(missingAddressParts(2, has({ city: '  ', zipCode: '!!' })).map((part) => ADDRESS_PART_ERROR[part])).toEqual(['ZipCodeRequired']);
    expect(ADDRESS_PART_ERROR.state).toBe('StateRequired');
  });
});
