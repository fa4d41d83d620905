import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages, type TGeocodeResponse } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';

/**
 * sites/geocode with GEOCODER_URL set: a local HTTP server answers in Nominatim's documented
 * /search jsonv2 shape (https://nominatim.org/release-docs/latest/api/Search/). It places one
 * address both in Lake Michigan and at the Willis Tower, so checkIsScorable has something to drop.
 */
const nominatimResult = (lat: number, lon: number, houseNumber: string, road: string) => ({
  place_id: 1,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
  lat: String(lat),
  lon: String(lon),
  category: 'building',
  type: 'commercial',
  addresstype: 'building',
  importance: 0.4,
  display_name: `${houseNumber}, ${road}, Chicago, Cook County, Illinois, 60606, United States`,
  address: { house_number: houseNumber, road, city: 'Chicago', county: 'Cook County', state: 'Illinois', 'ISO3166-2-lvl4': 'US-IL', postcode: '60606', country: 'United States', country_code: 'us' },
});

// 13 km out from the Loop: near enough to the ZIP given that the geocoder keeps it first.
const IN_THE_LAKE = nominatimResult(41.88, -87.45, '233', 'South Wacker Drive');
const WILLIS_TOWER = nominatimResult(41.87887645, -87.63591494, '233', 'South Wacker Drive');

describe.each(await testDatabaseKinds())('sites/geocode with an external Nominatim server on %s', (kind) => {
  let ctx: TestContext;
  let user: TestUser;
  let server: Server;
  const asked: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      asked.push(url.searchParams);
      const street = url.searchParams.get('street') ?? '';
      if (street.includes('Broken')) {
        response.writeHead(503).end('overloaded');
        return;
      }
      const body = street.includes('Wacker') ? [IN_THE_LAKE, WILLIS_TOWER] : street.includes('Lake') ? [IN_THE_LAKE] : [];
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestContext(kind, { GEOCODER_URL: `http://127.0.0.1:${port}`, GEOCODER_KIND: 'nominatim', GEOCODER_TIMEOUT_MS: '2000' });
    user = await createTestUser(ctx, { userType: 2 });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const geocode = async (address: Record<string, string>, query = '') => {
    const response = await user.request({ method: 'POST', url: `/api/sites/geocode?v=1${query}`, payload: JSON.stringify(address), headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
    return response.json() as TGeocodeResponse;
  };
  const wacker = { street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', countryCode: 'US' };

  it('asks the configured server first and answers its address-level matches', async () => {
    const body = await geocode(wacker);
    expect(body.candidates.map((candidate) => [candidate.precision, candidate.Coordinates.Latitude])).toEqual([
      ['ADDRESS', 41.88],
      ['ADDRESS', 41.8788765],
    ]);
    const last = asked.at(-1)!;
    expect(last.get('format')).toBe('jsonv2');
    expect(last.get('postalcode')).toBe('60606');
    expect(last.get('countrycodes')).toBe('us');
  });

  it('drops candidates outside every covered country with checkIsScorable, before taking the first', async () => {
    const scorable = await geocode(wacker, '&checkIsScorable=true');
    expect(scorable.candidates).toHaveLength(1);
    expect(scorable.candidates[0]).toMatchObject({ Street: '233 S Wacker Dr', City: 'Chicago', State: 'IL', PostalCode: '60606', Country: 'USA', precision: 'ADDRESS', county: 'Cook County' });
    const first = await geocode(wacker, '&checkIsScorable&acceptFirstCandidate');
    expect(first.candidates).toEqual(scorable.candidates);
    // Without the check, the first candidate is the one in the lake.
    const unchecked = await geocode(wacker, '&acceptFirstCandidate');
    expect(unchecked.candidates[0]!.Coordinates).toEqual({ Latitude: 41.88, Longitude: -87.45 });
  });

  it('answers the geocode-failure message when no candidate is scorable', async () => {
    const lake = { ...wacker, street: '1 Lake Shore Test' };
    expect((await geocode(lake)).candidates).toHaveLength(1);
    expect(await geocode(lake, '&checkIsScorable')).toEqual({ candidates: [], message: Messages.geocodeFailed });
  });

  it('falls back to the embedded geocoder when the server fails', async () => {
    const body = await geocode({ ...wacker, street: '1 Broken Way' });
    expect(body.candidates[0]).toMatchObject({ precision: 'POSTCODE', PostalCode: '60606', City: 'Chicago' });
  });
});
