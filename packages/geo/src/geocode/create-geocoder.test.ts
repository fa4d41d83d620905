import { describe, expect, it } from 'vitest';
import { json, useFakeGeocoderServer } from '../external/__fixtures__/fake-geocoder-server';
import { nominatimPostcodeOnly, nominatimWillisTower } from '../external/__fixtures__/responses';
import type { ExternalGeocoderError } from '../external/types';
import { loadGazetteer } from '../gazetteer/load-gazetteer';
import { UnknownCountryError } from './countries';
import { createGeocoder } from './create-geocoder';

const gazetteer = loadGazetteer();

const fake = useFakeGeocoderServer([]);

const willis = { street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', countryCode: 'USA' };

describe('createGeocoder with an external address-level geocoder', () => {
  it.each(['nominatim', 'pelias', 'photon'] as const)('asks %s first and returns its ADDRESS matches', async (kind) => {
    const geocoder = createGeocoder(gazetteer, { externalUrl: fake.base, kind });
    const { candidates } = await geocoder.geocode(willis);
    expect(fake.requests).toHaveLength(1);
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.every((c) => c.precision === 'ADDRESS' && c.source === kind && c.countryCode === 'USA')).toBe(true);
    expect(candidates[0]).toMatchObject({ street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postalCode: '60606', admin2Name: 'Cook County', matchedBy: 'address' });
    expect(candidates[0]!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('detects the kind from the URL when GEOCODER_KIND is not set', async () => {
    const geocoder = createGeocoder(gazetteer, { externalUrl: `${fake.base}/v1` });
    expect(geocoder.external?.kind).toBe('pelias');
    await geocoder.geocode(willis);
    expect(fake.requests[0]!.pathname).toBe('/v1/search/structured');
  });

  it('falls back to the embedded geocoder after the time-out', async () => {
    fake.answer = (_url, res) => {
      setTimeout(() => json(res, nominatimWillisTower), 1_500);
    };
    const errors: unknown[] = [];
    const geocoder = createGeocoder(gazetteer, { externalUrl: fake.base, kind: 'nominatim', timeoutMs: 150, onExternalError: (e) => errors.push(e) });
    const started = Date.now();
    const { candidates } = await geocoder.geocode(willis);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ precision: 'POSTCODE', postalCode: '60606', source: 'embedded' });
    expect(errors).toHaveLength(1);
    expect((errors[0] as ExternalGeocoderError).reason).toBe('timeout');
  });

  it('falls back on an error status, and when nothing matched at address level or in the country', async () => {
    const geocoder = createGeocoder(gazetteer, { externalUrl: fake.base, kind: 'nominatim' });
    fake.answer = (_url, res) => json(res, { error: 'down' }, 500);
    expect((await geocoder.geocode(willis)).candidates[0]).toMatchObject({ precision: 'POSTCODE', source: 'embedded' });
    fake.answer = (_url, res) => json(res, nominatimPostcodeOnly);
    expect((await geocoder.geocode(willis)).candidates[0]).toMatchObject({ precision: 'POSTCODE', source: 'embedded' });
    fake.answer = (_url, res) => json(res, [nominatimWillisTower[1]]);
    expect((await geocoder.geocode(willis)).candidates[0]).toMatchObject({ precision: 'POSTCODE', source: 'embedded', countryCode: 'USA' });
    fake.answer = (_url, res) => json(res, []);
    expect((await geocoder.geocode(willis)).candidates[0]).toMatchObject({ precision: 'POSTCODE', source: 'embedded' });
  });

  it('does not ask it when ZIP-level precision is allowed or forced, without a street, or when the address is incomplete', async () => {
    const geocoder = createGeocoder(gazetteer, { externalUrl: fake.base, kind: 'photon' });
    expect((await geocoder.geocode(willis, { allowZipLevelPrecision: true })).candidates[0]!.precision).toBe('POSTCODE');
    expect((await geocoder.geocode(willis, { forceZipLevelPrecision: true })).candidates[0]!.precision).toBe('POSTCODE');
    expect((await geocoder.geocode({ ...willis, street: '' })).candidates[0]!.precision).toBe('POSTCODE');
    expect((await geocoder.geocode({ street: '233 S Wacker Dr', city: 'Chicago', countryCode: 'USA' })).candidates).toEqual([]);
    expect(geocoder.geocodeEmbedded(willis).candidates[0]!.precision).toBe('POSTCODE');
    expect(fake.requests).toHaveLength(0);
  });

  it('lowers the confidence of an external match far from the postal code given', async () => {
    const geocoder = createGeocoder(gazetteer, { externalUrl: fake.base, kind: 'nominatim' });
    const near = (await geocoder.geocode(willis)).candidates[0]!;
    const far = (await geocoder.geocode({ ...willis, zipCode: '90210' })).candidates[0]!;
    expect(far.confidence).toBeLessThan(near.confidence - 0.2);
  });

  it('returns only the best with acceptFirstCandidate', async () => {
    const geocoder = createGeocoder(gazetteer, { externalUrl: fake.base, kind: 'pelias' });
    expect((await geocoder.geocode(willis)).candidates.length).toBeGreaterThan(1);
    expect((await geocoder.geocode(willis, { acceptFirstCandidate: true })).candidates).toHaveLength(1);
  });

  it('rejects an unknown country before asking anyone', async () => {
    const geocoder = createGeocoder(gazetteer, { externalUrl: fake.base, kind: 'nominatim' });
    await expect(geocoder.geocode({ ...willis, countryCode: 'DEU' })).rejects.toBeInstanceOf(UnknownCountryError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('createGeocoder without an external geocoder', () => {
  it('answers from the gazetteer', async () => {
    const geocoder = createGeocoder(gazetteer);
    expect(geocoder.external).toBeUndefined();
    const { candidates } = await geocoder.geocode(willis);
    expect(candidates[0]).toMatchObject({ precision: 'POSTCODE', postalCode: '60606', source: 'embedded' });
  });

  it('refuses a GEOCODER_URL it cannot use', () => {
    expect(() => createGeocoder(gazetteer, { externalUrl: 'not a url' })).toThrow(/GEOCODER_URL/);
    expect(() => createGeocoder(gazetteer, { externalUrl: 'http://geo.internal:8080' })).toThrow(/GEOCODER_KIND/);
  });
});
