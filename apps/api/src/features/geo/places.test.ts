import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages, ZAutocompleteResponse, ZPlaceDetails, type TAutocompleteResponse, type TPlaceDetails } from '@riskatlas/domain';
import { haversineMeters } from '@riskatlas/geo';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';

const CHICAGO = { lat: 41.8781, lng: -87.6298 };
const LOS_ANGELES = { lat: 34.0522, lng: -118.2437 };

describe.each(await testDatabaseKinds())('places/autocomplete and places/details on %s', (kind) => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx, { userType: 1 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, body: unknown) => user.request({ method: 'POST', url: `${url}?v=2`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const autocomplete = async (body: Record<string, unknown>) => {
    const response = await post('/api/places/autocomplete', body);
    expect(response.statusCode).toBe(200);
    return ZAutocompleteResponse.parse(response.json()) as TAutocompleteResponse;
  };
  const details = async (body: unknown) => {
    const response = await post('/api/places/details', body);
    expect(response.statusCode).toBe(200);
    return ZPlaceDetails.parse(response.json()) as TPlaceDetails;
  };

  describe('places/autocomplete', () => {
    it('ranks places near the map centre first: "Oak" near Chicago is Oak Park, Oak Lawn…; near Los Angeles it is not', async () => {
      const nearChicago = await autocomplete({ search: 'Oak', ...CHICAGO, radius: 200000 });
      expect(nearChicago.predictions.length).toBeGreaterThanOrEqual(3);
      for (const prediction of nearChicago.predictions.slice(0, 3)) {
        expect(haversineMeters(prediction.latitude, prediction.longitude, CHICAGO.lat, CHICAGO.lng)).toBeLessThan(200_000);
        expect(prediction.description).toMatch(/, IL, USA$/);
      }
      expect(nearChicago.predictions.map((prediction) => prediction.description)).toContain('Oak Park, IL, USA');

      const nearLosAngeles = await autocomplete({ search: 'Oak', ...LOS_ANGELES });
      const first = nearLosAngeles.predictions[0]!;
      expect(haversineMeters(first.latitude, first.longitude, LOS_ANGELES.lat, LOS_ANGELES.lng)).toBeLessThan(200_000);
      expect(first.description).toMatch(/, CA, USA$/);
    });

    it('uses radius 200000 by default and honours a smaller one', async () => {
      const wide = await autocomplete({ search: 'Spring', ...CHICAGO });
      const firstWide = wide.predictions[0]!;
      expect(haversineMeters(firstWide.latitude, firstWide.longitude, CHICAGO.lat, CHICAGO.lng)).toBeLessThan(200_000);
      const narrow = await autocomplete({ search: 'Spring', ...CHICAGO, radius: 1 });
      expect(narrow.predictions.length).toBeGreaterThan(0);
    });

    it('understands postal codes of every country', async () => {
      const cases = [
        ['60601', 'postal:1:60601', '60601 Chicago, IL, USA'],
        ['M5V', 'postal:2:M5V', 'M5V Toronto, ON, Canada'],
        ['SW1A', 'postal:3:SW1A', undefined],
        ['00901', 'postal:6:00901', undefined],
        ['06700', 'postal:5:06700', undefined],
      ] as const;
      for (const [search, placeId, description] of cases) {
        const { predictions } = await autocomplete({ search });
        const postal = predictions.find((prediction) => prediction.place_id === placeId);
        expect(postal, search).toBeDefined();
        expect(postal!.kind).toBe('postal');
        expect(postal!.description.startsWith(search)).toBe(true);
        if (description) expect(postal!.description).toBe(description);
      }
    });

    it('understands coordinate text with a comma or a space, first in the list', async () => {
      for (const search of ['41.88, -87.62', '41.88 -87.62']) {
        const { predictions } = await autocomplete({ search, ...CHICAGO });
        expect(predictions[0]).toMatchObject({ kind: 'coordinates', latitude: 41.88, longitude: -87.62 });
        expect(predictions[0]!.description).toBe('41.88, -87.62');
      }
      // Out of range is not a coordinate.
      const { predictions } = await autocomplete({ search: '95, -87.62' });
      expect(predictions.some((prediction) => prediction.kind === 'coordinates')).toBe(false);
    });

    it('answers nothing for an empty or meaningless search', async () => {
      expect((await autocomplete({ search: '' })).predictions).toEqual([]);
      expect((await autocomplete({ search: '   ' })).predictions).toEqual([]);
      expect((await autocomplete({ search: 'zzqxjvwk' })).predictions).toEqual([]);
    });

    it('refuses a bad reference point or radius naming the field', async () => {
      for (const [body, field] of [
        [{ search: 'Oak', lat: 91, lng: 0 }, 'lat'],
        [{ search: 'Oak', lat: 41, lng: -190 }, 'lng'],
        [{ search: 'Oak', radius: -5 }, 'radius'],
        [{ lat: 41, lng: -87 }, 'search'],
      ] as const) {
        const response = await post('/api/places/autocomplete', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ field });
      }
    });
  });

  describe('places/details', () => {
    it('round-trips a place: autocomplete → details with its coordinates, city, state and country', async () => {
      const { predictions } = await autocomplete({ search: 'Chicago', ...CHICAGO });
      const chicago = predictions.find((prediction) => prediction.description === 'Chicago, IL, USA')!;
      expect(chicago).toBeDefined();
      const place = await details(chicago.place_id);
      expect(place).toMatchObject({ name: 'Chicago', city: 'Chicago', state: 'IL', country: 'USA', countryId: 1, street: '', street2: '' });
      expect(place.coordinates).toEqual({ latitude: chicago.latitude, longitude: chicago.longitude });
      expect(place.postalCode).toMatch(/^606\d\d$/);
      // The same through {placeId}.
      expect(await details({ placeId: chicago.place_id })).toEqual(place);
    });

    it('gives postal-code details in each country', async () => {
      expect(await details('postal:1:60601')).toMatchObject({ postalCode: '60601', city: 'Chicago', state: 'IL', country: 'USA' });
      expect(await details('postal:2:M5V')).toMatchObject({ postalCode: 'M5V', state: 'ON', country: 'CAN', countryId: 2 });
      expect(await details('postal:3:SW1A')).toMatchObject({ postalCode: 'SW1A', state: 'England', country: 'GBR', countryId: 3 });
      expect(await details('postal:5:06700')).toMatchObject({ postalCode: '06700', state: 'Ciudad de México', country: 'MEX', countryId: 5 });
      expect(await details('postal:6:00901')).toMatchObject({ postalCode: '00901', state: 'PR', country: 'PRI', countryId: 6 });
    });

    it('gives coordinate details from a coordinate prediction, addressed when inside a covered country', async () => {
      const { predictions } = await autocomplete({ search: '41.88 -87.62' });
      const place = await details(predictions[0]!.place_id);
      expect(place).toMatchObject({ coordinates: { latitude: 41.88, longitude: -87.62 }, name: '41.88, -87.62', country: 'USA', countryId: 1, state: 'IL', city: 'Chicago' });
      const sea = await details('coord:30,-40');
      expect(sea).toMatchObject({ coordinates: { latitude: 30, longitude: -40 }, country: '', countryId: null, city: '' });
    });

    it('answers 404 for an id autocomplete never gave, 400 for an empty one', async () => {
      for (const id of ['p000000000000', 'postal:1:99999', 'postal:9:60601', 'coord:91,0', 'nonsense']) {
        const response = await post('/api/places/details', id);
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: Messages.placeNotFound });
      }
      const empty = await post('/api/places/details', '');
      expect(empty.statusCode).toBe(400);
    });
  });
});
