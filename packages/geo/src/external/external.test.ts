import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { json, useFakeGeocoderServer } from './__fixtures__/fake-geocoder-server';
import { externalQueryOf } from '../geocode/create-geocoder';
import { parseAddress } from '../geocode/parse-address';
import { nominatimPostcodeOnly, nominatimWillisTower, peliasSanJuan } from './__fixtures__/responses';
import { createAddressGeocoder, detectGeocoderKind, searchEndpoint } from './create-address-geocoder';
import { photonQueryText } from './photon';
import { ExternalGeocoderError } from './types';

const fake = useFakeGeocoderServer({ error: 'not found' });

const willis = externalQueryOf(
  parseAddress({ street: '233 South Wacker Drive', city: 'Chicago', state: 'IL', zipCode: '60606', countryCode: 'USA' }),
);

describe('Nominatim adapter', () => {
  it('sends the documented structured-search parameters', async () => {
    const geocoder = createAddressGeocoder({ url: `${fake.base}/nominatim`, kind: 'nominatim' });
    await geocoder.geocode(willis);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      format: 'jsonv2',
      addressdetails: '1',
      limit: '5',
      street: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'Illinois',
      postalcode: '60606',
      countrycodes: 'us',
    });
  });

  it('maps results to candidates and keeps only those in the requested country', async () => {
    const candidates = await createAddressGeocoder({ url: fake.base, kind: 'nominatim' }).geocode(willis);
    expect(candidates).toHaveLength(2);
    expect(candidates[0]).toEqual({
      street: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60606',
      countryCode: 'USA',
      countryId: 1,
      latitude: 41.8788765,
      longitude: -87.6359149,
      precision: 'ADDRESS',
      confidence: 0.95,
      admin1Code: 'IL',
      admin2Name: 'Cook County',
      matchedBy: 'address',
      source: 'nominatim',
    });
    expect(candidates[1]).toMatchObject({ street: 'S Wacker Dr', precision: 'ADDRESS', matchedBy: 'street', confidence: 0.8 });
    expect(candidates.some((c) => c.countryCode !== 'USA')).toBe(false);
  });

  it('gives POSTCODE precision when only the postcode matched', async () => {
    fake.answer = (_url, res) => json(res, nominatimPostcodeOnly);
    const [candidate] = await createAddressGeocoder({ url: fake.base, kind: 'nominatim' }).geocode(willis);
    expect(candidate).toMatchObject({ precision: 'POSTCODE', matchedBy: 'postalCode', postalCode: '60606', street: '233 S Wacker Dr' });
  });

  it('keeps an API key or e-mail in the configured URL', async () => {
    await createAddressGeocoder({ url: `${fake.base}/search?email=ops@example.com`, kind: 'nominatim' }).geocode(willis);
    expect(fake.requests[0]!.searchParams.get('email')).toBe('ops@example.com');
    expect(fake.requests[0]!.pathname).toBe('/search');
  });
});

describe('Pelias adapter', () => {
  it('sends the documented structured parameters', async () => {
    await createAddressGeocoder({ url: `${fake.base}/`, kind: 'pelias' }).geocode(willis);
    const sent = fake.requests[0]!;
    expect(sent.pathname).toBe('/v1/search/structured');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      address: '233 S Wacker Dr',
      locality: 'Chicago',
      region: 'Illinois',
      postalcode: '60606',
      country: 'USA',
      size: '5',
    });
  });

  it('maps features, keeps its confidence and drops other countries', async () => {
    const candidates = await createAddressGeocoder({ url: `${fake.base}/v1`, kind: 'pelias' }).geocode(willis);
    expect(candidates.map((c) => [c.street, c.precision, c.matchedBy, c.confidence])).toEqual([
      ['233 S Wacker Dr', 'ADDRESS', 'address', 0.95],
      ['S Wacker Dr', 'ADDRESS', 'street', 0.8],
    ]);
    expect(candidates[0]).toMatchObject({ latitude: 41.878876, longitude: -87.635915, state: 'IL', admin1Code: 'IL', postalCode: '60606', admin2Name: 'Cook County', city: 'Chicago', source: 'pelias' });
  });

  it('finds Puerto Rico addresses by their dependency code', async () => {
    fake.answer = (_url, res) => json(res, peliasSanJuan);
    const query = externalQueryOf(parseAddress({ street: '151 Calle San Francisco', city: 'San Juan', zipCode: '00901', countryCode: 'PRI' }));
    const candidates = await createAddressGeocoder({ url: fake.base, kind: 'pelias' }).geocode(query);
    expect(fake.requests[0]!.searchParams.get('country')).toBe('PRI');
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ countryCode: 'PRI', countryId: 6, postalCode: '00901', precision: 'ADDRESS' });
  });
});

describe('Photon adapter', () => {
  it('sends one query line with street types written out, and a limit', async () => {
    await createAddressGeocoder({ url: `${fake.base}/api`, kind: 'photon' }).geocode(willis);
    const sent = fake.requests[0]!;
    expect(sent.pathname).toBe('/api');
    expect(sent.searchParams.get('q')).toBe('233 South Wacker Drive, Chicago, Illinois, 60606, United States');
    expect(sent.searchParams.get('limit')).toBe('5');
    expect(photonQueryText(willis)).toBe(sent.searchParams.get('q'));
  });

  it('maps features and drops other countries', async () => {
    const candidates = await createAddressGeocoder({ url: fake.base, kind: 'photon' }).geocode(willis);
    expect(candidates.map((c) => [c.street, c.precision, c.matchedBy])).toEqual([
      ['233 S Wacker Dr', 'ADDRESS', 'address'],
      ['S Wacker Dr', 'ADDRESS', 'street'],
    ]);
    expect(candidates[0]).toMatchObject({ city: 'Chicago', state: 'IL', postalCode: '60606', latitude: 41.8788764, longitude: -87.6359149, source: 'photon' });
  });
});

describe('failures', () => {
  it('times out (default 3 s, here 150 ms) with a typed error', async () => {
    fake.answer = (_url, res) => {
      setTimeout(() => json(res, nominatimWillisTower), 1_000);
    };
    const started = Date.now();
    const error = await createAddressGeocoder({ url: fake.base, kind: 'nominatim', timeoutMs: 150 }).geocode(willis).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExternalGeocoderError);
    expect((error as ExternalGeocoderError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('reports an error status, a body that is not JSON, and an unreachable server', async () => {
    fake.answer = (_url, res) => json(res, { error: 'overloaded' }, 503);
    const status = await createAddressGeocoder({ url: fake.base, kind: 'pelias' }).geocode(willis).catch((e: unknown) => e);
    expect((status as ExternalGeocoderError).reason).toBe('status');

    fake.answer = (_url, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    };
    const body = await createAddressGeocoder({ url: fake.base, kind: 'photon' }).geocode(willis).catch((e: unknown) => e);
    expect((body as ExternalGeocoderError).reason).toBe('body');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const network = await createAddressGeocoder({ url: `http://127.0.0.1:${port}`, kind: 'nominatim' }).geocode(willis).catch((e: unknown) => e);
    expect((network as ExternalGeocoderError).reason).toBe('network');
  });

  it('reads an answer of an unexpected shape as no candidates', async () => {
    fake.answer = (_url, res) => json(res, { unexpected: true, features: [{ geometry: null }, 7] });
    expect(await createAddressGeocoder({ url: fake.base, kind: 'nominatim' }).geocode(willis)).toEqual([]);
    expect(await createAddressGeocoder({ url: fake.base, kind: 'pelias' }).geocode(willis)).toEqual([]);
    expect(await createAddressGeocoder({ url: fake.base, kind: 'photon' }).geocode(willis)).toEqual([]);
  });
});

describe('configuration', () => {
  it.each([
    ['http://nominatim:8080', 'nominatim'],
    ['https://nominatim.openstreetmap.org/search', 'nominatim'],
    ['http://geo.internal/search.php', 'nominatim'],
    ['http://pelias:4000', 'pelias'],
    ['http://geo.internal:4000/v1', 'pelias'],
    ['https://api.geocode.earth/v1/search/structured?api_key=k', 'pelias'],
    ['http://photon:2322', 'photon'],
    ['http://geo.internal:2322/', 'photon'],
    ['https://geo.internal/api', 'photon'],
    ['http://geo.internal:8080/', undefined],
    ['not a url', undefined],
  ])('detects %s as %s', (url, kind) => {
    expect(detectGeocoderKind(url)).toBe(kind);
  });

  it('finds the search endpoint from a root or an endpoint URL', () => {
    expect(searchEndpoint('http://h:8080', 'nominatim').pathname).toBe('/search');
    expect(searchEndpoint('http://h/nominatim/search', 'nominatim').pathname).toBe('/nominatim/search');
    expect(searchEndpoint('http://h:4000', 'pelias').pathname).toBe('/v1/search/structured');
    expect(searchEndpoint('http://h:4000/v1/', 'pelias').pathname).toBe('/v1/search/structured');
    expect(searchEndpoint('http://h:4000/v1/search', 'pelias').pathname).toBe('/v1/search/structured');
    expect(searchEndpoint('http://h:2322', 'photon').pathname).toBe('/api');
    expect(searchEndpoint('http://h:2322/api', 'photon').pathname).toBe('/api');
  });

  it('refuses a URL it cannot use', () => {
    expect(() => createAddressGeocoder({ url: 'http://geo.internal:8080' })).toThrow(/GEOCODER_KIND/);
    expect(() => createAddressGeocoder({ url: 'ftp://geo.internal', kind: 'nominatim' })).toThrow(/http/);
    expect(() => createAddressGeocoder({ url: 'http://geo.internal', kind: 'google' })).toThrow(/GEOCODER_KIND/);
    expect(createAddressGeocoder({ url: 'http://geo.internal:8080', kind: 'Photon' }).kind).toBe('photon');
  });
});
