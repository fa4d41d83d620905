import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Messages,
  ZCountyBoundingBox,
  ZGeocodeResponse,
  ZIsScorableResponse,
  ZReverseGeocodeResponse,
  type TGeocodeCandidate,
  type TGeocodeResponse,
  type TReverseGeocodeResponse,
} from '@riskatlas/domain';
import { haversineMeters } from '@riskatlas/geo';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';

/** Real addresses, one per country, with the postal area they name and where that area is. */
const REAL_ADDRESSES = [
  { address: { street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60601', countryCode: 'USA' }, postal: '60601', city: 'Chicago', state: 'IL', country: 'USA', countryId: 1, near: [41.8858, -87.6181] },
  { address: { street: 'Calle Fortaleza 63', city: 'San Juan', zipCode: '00901', countryCode: 'PRI' }, postal: '00901', city: 'San Juan', state: 'PR', country: 'PRI', countryId: 6, near: [18.4663, -66.1057] },
  { address: { street: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zipCode: 'M5V 3L9', countryCode: 'CAN' }, postal: 'M5V', city: 'Toronto', state: 'ON', country: 'CAN', countryId: 2, near: [43.6404, -79.3995] },
  { address: { street: '10 Downing St', city: 'London', zipCode: 'SW1A 2AA', countryCode: 'GBR' }, postal: 'SW1A', city: 'London', state: 'England', country: 'GBR', countryId: 3, near: [51.5018, -0.1328] },
  { address: { street: 'Paseo de la Reforma 222', city: 'Cuauhtémoc', state: 'CDMX', zipCode: '06700', countryCode: 'MEX' }, postal: '06700', city: 'Cuauhtémoc', state: 'Ciudad de México', country: 'MEX', countryId: 5, near: [19.4181, -99.1634] },
] as const;

describe.each(await testDatabaseKinds())('sites/geocode, sites/reverse, sites/isscorable, map/countyboundingbox on %s', (kind) => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx, { userType: 2 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const geocode = (body: unknown, query = '') =>
    user.request({ method: 'POST', url: `/api/sites/geocode?v=9${query}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const get = (url: string) => user.request({ method: 'GET', url });

  describe('sites/geocode', () => {
    it.each(REAL_ADDRESSES)('lands a real $country address in the postal area it names ($postal)', async (sample) => {
      const response = await geocode(sample.address);
      expect(response.statusCode).toBe(200);
      const body = ZGeocodeResponse.parse(response.json()) as TGeocodeResponse;
      expect(body.message).toBeUndefined();
      const best = body.candidates[0]!;
      expect(best).toMatchObject({ City: sample.city, State: sample.state, Country: sample.country, countryId: sample.countryId, precision: 'POSTCODE' });
      // The street is carried on the candidate (normalised for display).
      expect(best.Street.toLowerCase()).toBe(sample.address.street.toLowerCase());
      expect(best.PostalCode.startsWith(sample.postal)).toBe(true);
      expect(best.confidence).toBeGreaterThanOrEqual(0.9);
      expect(haversineMeters(best.Coordinates.Latitude, best.Coordinates.Longitude, sample.near[0], sample.near[1])).toBeLessThan(500);
      // The point is where the product scores: inside the country it names.
      const scorable = (await get(`/api/sites/isscorable/${best.Coordinates.Latitude}/${best.Coordinates.Longitude}`)).json();
      expect(scorable).toEqual({ isScorable: true, countryId: sample.countryId });
    });

    it('answers the same candidates for ISO-2 country codes, any case, as for ISO-3', async () => {
      for (const sample of REAL_ADDRESSES) {
        const iso3 = (await geocode(sample.address)).json() as TGeocodeResponse;
        const iso2Code = { USA: 'US', PRI: 'pr', CAN: 'Ca', GBR: 'GB', MEX: 'mx' }[sample.address.countryCode];
        const iso2 = await geocode({ ...sample.address, countryCode: iso2Code });
        expect(iso2.statusCode).toBe(200);
        expect(iso2.json()).toEqual(iso3);
      }
    });

    it('gives the Geocode candidate shape with coordinates kept to 7 decimals and the county', async () => {
      const body = (await geocode(REAL_ADDRESSES[0].address)).json() as TGeocodeResponse;
      const candidate: TGeocodeCandidate = body.candidates[0]!;
      expect(Object.keys(candidate).sort()).toEqual(['City', 'Coordinates', 'Country', 'PostalCode', 'State', 'Street', 'confidence', 'countryId', 'county', 'precision']);
      expect(Object.keys(candidate.Coordinates).sort()).toEqual(['Latitude', 'Longitude']);
      expect(candidate.county).toBe('Cook County');
      for (const value of [candidate.Coordinates.Latitude, candidate.Coordinates.Longitude]) expect(Number(value.toFixed(7))).toBe(value);
    });

    it('refuses an unknown or missing country code with 400 naming countryCode', async () => {
      for (const countryCode of ['XYZ', 'FR', 'DEU', '']) {
        const response = await geocode({ ...REAL_ADDRESSES[0].address, countryCode });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'countryCode' });
      }
      const missing = await geocode({ street: '233 S Wacker Dr', zipCode: '60601' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ field: 'countryCode' });
    });

    it('answers garbage, empty and incomplete addresses with no candidates and the geocode-failure message', async () => {
      const cases = [
        { street: '!!!', city: 'qwxzzv', zipCode: '#####', countryCode: 'USA' },
        { street: '', city: '', state: '', zipCode: '', street2: '', countryCode: 'USA' },
        { street: null, city: null, state: null, zipCode: null, street2: null, countryCode: 'CAN' },
        // A city without its state is not enough in the USA (docs/decisions/0003).
        { street: '1 Main St', city: 'Springfield', countryCode: 'US' },
        // A Canadian postal code is never matched in the USA.
        { street: '290 Bremner Blvd', zipCode: 'M5V 3L9', countryCode: 'USA' },
      ];
      for (const body of cases) {
        const response = await geocode(body);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ candidates: [], message: Messages.geocodeFailed });
      }
    });

    it('offers several candidates when the city disagrees with the code, and only the best with acceptFirstCandidate', async () => {
      const address = { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '60601', countryCode: 'USA' };
      const all = (await geocode(address)).json() as TGeocodeResponse;
      expect(all.candidates.length).toBeGreaterThanOrEqual(2);
      expect(all.candidates.map((candidate) => candidate.City)).toEqual(expect.arrayContaining(['Chicago', 'Springfield']));
      for (const query of ['&acceptFirstCandidate', '&acceptFirstCandidate=true', '&checkIsScorable&acceptFirstCandidate']) {
        const first = (await geocode(address, query)).json() as TGeocodeResponse;
        expect(first.candidates).toEqual([all.candidates[0]]);
      }
      const notFirst = (await geocode(address, '&acceptFirstCandidate=false')).json() as TGeocodeResponse;
      expect(notFirst.candidates).toHaveLength(all.candidates.length);
    });

    it('keeps scorable candidates with checkIsScorable', async () => {
      const body = (await geocode(REAL_ADDRESSES[1].address, '&checkIsScorable=true')).json() as TGeocodeResponse;
      expect(body.candidates).toHaveLength(1);
      expect(body.candidates[0]!.Country).toBe('PRI');
    });

    it('refuses a bad query flag naming it', async () => {
      const response = await geocode(REAL_ADDRESSES[0].address, '&checkIsScorable=maybe');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'checkIsScorable' });
    });
  });

  describe('sites/isscorable', () => {
    it.each([
      ['Chicago', 41.8781, -87.6298, 1],
      ['Windsor, Ontario (inside the USA bounding box)', 42.3149, -83.0364, 2],
      ['Tijuana (inside the USA bounding box)', 32.5149, -117.0382, 5],
      ['Westminster', 51.4995, -0.1248, 3],
      ['Old San Juan', 18.4655, -66.1057, 6],
      ['Toronto', 43.6426, -79.3871, 2],
      ['Mexico City', 19.427, -99.1677, 5],
      ['Anchorage', 61.2181, -149.9003, 1],
    ])('scores %s', async (_name, latitude, longitude, countryId) => {
      const response = await get(`/api/sites/isscorable/${latitude}/${longitude}`);
      expect(response.statusCode).toBe(200);
      expect(ZIsScorableResponse.parse(response.json())).toEqual({ isScorable: true, countryId });
    });

    it.each([
      ['Lake Michigan, inside the USA bounding box', 43.5, -87.0],
      ['the Gulf of Mexico', 25.5, -90.0],
      ['the Atlantic', 30, -40],
      ['Paris', 48.8566, 2.3522],
      ['Havana, between Mexico and the USA', 23.1136, -82.3666],
      ['Null Island', 0, 0],
    ])('does not score %s', async (_name, latitude, longitude) => {
      const response = await get(`/api/sites/isscorable/${latitude}/${longitude}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isScorable: false, countryId: null });
    });

    it('refuses coordinates out of range or badly written, naming a (latitude) or b (longitude)', async () => {
      for (const [url, field] of [
        ['/api/sites/isscorable/91/10', 'a'],
        ['/api/sites/isscorable/-90.5/10', 'a'],
        ['/api/sites/isscorable/north/10', 'a'],
        ['/api/sites/isscorable/41.8781/-181', 'b'],
        ['/api/sites/isscorable/41.8781/-87.1234567890123456', 'b'],
      ] as const) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
      }
      // Up to 15 decimals are accepted.
      expect((await get('/api/sites/isscorable/41.878100000000001/-87.629800000000001')).json()).toEqual({ isScorable: true, countryId: 1 });
    });
  });

  describe('sites/reverse', () => {
    it.each([
      ['Chicago', 41.8781, -87.6298, { countryId: 1, countryCode: 'USA', state: 'IL', city: 'Chicago', county: 'Cook County' }, '606'],
      ['Old San Juan', 18.4655, -66.1057, { countryId: 6, countryCode: 'PRI', state: 'PR', city: 'San Juan' }, '009'],
      ['downtown Toronto', 43.6426, -79.3871, { countryId: 2, countryCode: 'CAN', state: 'ON', city: 'Toronto' }, 'M5'],
      ['Westminster', 51.5034, -0.1276, { countryId: 3, countryCode: 'GBR', state: 'England', city: 'London', countryDisplay: 'United Kingdom' }, 'SW1A'],
      ['Edinburgh', 55.9533, -3.1883, { countryId: 3, countryCode: 'GBR', state: 'Scotland', city: 'Edinburgh' }, 'EH'],
      ['Mexico City', 19.427, -99.1677, { countryId: 5, countryCode: 'MEX', state: 'Ciudad de México', city: 'Cuauhtémoc' }, '06'],
      ['Guadalajara', 20.6597, -103.3496, { countryId: 5, countryCode: 'MEX', state: 'Jalisco', city: 'Guadalajara' }, '44'],
      ['Montreal', 45.5017, -73.5673, { countryId: 2, countryCode: 'CAN', state: 'QC', city: 'Montreal' }, 'H'],
    ] as const)('addresses a point in %s by its nearest postal area', async (_name, latitude, longitude, expected, postalPrefix) => {
      const response = await get(`/api/sites/reverse/${latitude}/${longitude}`);
      expect(response.statusCode).toBe(200);
      const body = ZReverseGeocodeResponse.parse(response.json()) as TReverseGeocodeResponse;
      expect(body).toMatchObject({ ...expected, street: '', latitude, longitude });
      expect(body.zipCode.startsWith(postalPrefix)).toBe(true);
      expect(body.city).not.toBe('');
      expect(body.distanceMeters).toBeLessThan(5000);
    });

    it('keeps the asked point to 12 decimals', async () => {
      const body = (await get('/api/sites/reverse/41.881832123456789/-87.623177123456789')).json() as TReverseGeocodeResponse;
      expect(body.latitude).toBe(41.881832123457);
      expect(body.longitude).toBe(-87.623177123457);
    });

    it('answers 404 with the not-scorable message outside every covered country', async () => {
      for (const [latitude, longitude] of [[43.5, -87.0], [48.8566, 2.3522], [30, -40]]) {
        const response = await get(`/api/sites/reverse/${latitude}/${longitude}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: Messages.locationNotScorable });
      }
    });

    it('refuses out-of-range coordinates naming lat or lng', async () => {
      for (const [url, field] of [
        ['/api/sites/reverse/95/-87.6', 'lat'],
        ['/api/sites/reverse/41.8/200', 'lng'],
        ['/api/sites/reverse/41.8/abc', 'lng'],
      ] as const) {
        const response = await get(url);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ field });
      }
    });
  });

  describe('map/countyboundingbox', () => {
    it("answers Chicago's county, Cook County, with a bounding box around the point", async () => {
      const response = await get('/api/map/countyboundingbox/41.8781/-87.6298');
      expect(response.statusCode).toBe(200);
      const county = ZCountyBoundingBox.parse(response.json());
      expect(county).toMatchObject({ countyId: '17031', name: 'Cook County', state: 'IL', stateName: 'Illinois', countryId: 1 });
      const [west, south, east, north] = county.boundingBox as [number, number, number, number];
      expect(west).toBeLessThan(-87.6298);
      expect(east).toBeGreaterThan(-87.6298);
      expect(south).toBeLessThan(41.8781);
      expect(north).toBeGreaterThan(41.8781);
      // Cook County is about 0.7° across, not a state or a country.
      expect(east - west).toBeLessThan(1);
    });

    it('answers municipios in Puerto Rico and states in Mexico', async () => {
      expect((await get('/api/map/countyboundingbox/18.4655/-66.1057')).json()).toMatchObject({ countyId: '72127', countryId: 6 });
      expect((await get('/api/map/countyboundingbox/19.427/-99.1677')).json()).toMatchObject({ countyId: 'MX-09', countryId: 5 });
    });

    it('answers 404 outside counties (Canada, the UK, the sea) and 400 for bad coordinates', async () => {
      for (const path of ['43.6426/-79.3871', '51.5034/-0.1276', '43.5/-87.0']) {
        const response = await get(`/api/map/countyboundingbox/${path}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: Messages.noCountyAtLocation });
      }
      expect((await get('/api/map/countyboundingbox/100/0')).json()).toMatchObject({ field: 'lat' });
    });
  });

  describe('access and documentation', () => {
    it('refuses every geography route without a session', async () => {
      const calls = [
        { method: 'POST' as const, url: '/api/sites/geocode', payload: REAL_ADDRESSES[0].address },
        { method: 'GET' as const, url: '/api/sites/reverse/41.8781/-87.6298' },
        { method: 'GET' as const, url: '/api/sites/isscorable/41.8781/-87.6298' },
        { method: 'POST' as const, url: '/api/places/autocomplete', payload: { search: 'Chicago' } },
        { method: 'POST' as const, url: '/api/places/details', payload: { placeId: 'postal:1:60601' } },
        { method: 'GET' as const, url: '/api/map/countyboundingbox/41.8781/-87.6298' },
      ];
      for (const call of calls) {
        const response = await ctx.app.inject(call);
        expect(response.statusCode, call.url).toBe(401);
      }
    });

    it('serves the attribution list of the data pack to anyone', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/data/sources?v=1' });
      expect(response.statusCode).toBe(200);
      const sources = response.json() as { name: string; attribution: string; licence: string }[];
      expect(sources.length).toBeGreaterThanOrEqual(3);
      expect(sources.map((source) => source.attribution)).toContain('Postal code data © GeoNames (CC-BY 4.0)');
      for (const source of sources) {
        expect(source.name).not.toBe('');
        expect(source.licence).not.toBe('');
      }
    });

    it('documents every route in the OpenAPI description', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
      for (const path of [
        '/api/sites/geocode',
        '/api/sites/reverse/{lat}/{lng}',
        '/api/sites/isscorable/{a}/{b}',
        '/api/places/autocomplete',
        '/api/places/details',
        '/api/map/countyboundingbox/{lat}/{lng}',
        '/api/data/sources',
        '/api/account/releases/years',
        '/api/countries',
      ]) {
        expect(paths).toContain(path);
      }
    });
  });
});
