import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAP_TOKEN_LIFETIME_MS,
  MapLayerId,
  ProductId,
  scoreRangeForCountry,
  ZDriveResponse,
  ZMapConfig,
  ZMapLayersResponse,
  ZMapTokenResponse,
  ZPlaceLabelsResponse,
  ZReport,
  ZReportMapResponse,
  type TReport,
} from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { CHICAGO, grant, postReport, siteName } from '../../../test/report-fixtures';
import { MAP_TOKEN_REFUSED, signMapToken } from './map-token';
import { GRID_SIZE } from './report-map';

describe.each(await testDatabaseKinds())('map API on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function tokenFor(user: TestUser, layerId: number): Promise<string> {
    const response = await user.request({ method: 'POST', url: '/api/map/token?v=1', payload: { mapLayerID: layerId } });
    expect(response.statusCode, response.body).toBe(200);
    return ZMapTokenResponse.parse(response.json()).token;
  }

  async function siteWithReport(user: TestUser): Promise<TReport> {
    await grant(ctx, user.account.id, { [ProductId.Basic]: 1 });
    const response = await postReport(user, { reportType: 0, siteName: siteName('Map'), ...CHICAGO });
    expect(response.statusCode, response.body).toBe(200);
    return ZReport.parse(response.json()) as TReport;
  }

  it('issues a token for a layer that lasts 3,590,000 ms, and refuses a layer the product does not have', async () => {
    const user = await createTestUser(ctx);
    const response = await user.request({ method: 'POST', url: '/api/map/token?v=1', payload: { mapLayerID: MapLayerId.CityLabels } });
    const answer = ZMapTokenResponse.parse(response.json());
    expect(answer.lifetime).toBe(MAP_TOKEN_LIFETIME_MS);
    expect(new Date(answer.expires).getTime() - ctx.clock.now().getTime()).toBeGreaterThan(MAP_TOKEN_LIFETIME_MS - 5_000);
    const unknown = await user.request({ method: 'POST', url: '/api/map/token?v=1', payload: { mapLayerID: 99 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('There is no map layer with that id.');
  });

  it('lists the layers with one heat layer per exclusivity group', async () => {
    const user = await createTestUser(ctx);
    const layers = ZMapLayersResponse.parse((await user.request({ method: 'GET', url: '/api/map/layers?v=1' })).json());
    expect(layers.map((layer) => layer.layerName)).toEqual(['County boundaries', 'State boundaries', 'City labels', 'Report heat map', 'Incidents density', 'Drive-time rings']);
    const heat = layers.filter((layer) => layer.layerType === 'heat');
    expect(new Set(heat.map((layer) => layer.exclusivityGroup)).size).toBe(1);
    expect(heat[0]!.exclusivityGroup).not.toBeNull();
  });

  it('hands the web app no online style when MAP_STYLE_URL is unset, and allows only its own origin', async () => {
    const user = await createTestUser(ctx);
    const response = await user.request({ method: 'GET', url: '/api/map/config?v=1' });
    expect(ZMapConfig.parse(response.json())).toEqual({ styleUrl: null });
    expect(response.headers['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
  });

  it('labels more, smaller places as the map zooms in, largest first, and only with the caller’s token', async () => {
    const user = await createTestUser(ctx);
    const token = await tokenFor(user, MapLayerId.CityLabels);
    const labels = async (box: string, zoom: number, withToken = token) => user.request({ method: 'GET', url: `/api/map/places?v=1&${box}&zoom=${zoom}&token=${encodeURIComponent(withToken)}` });
    const illinois = 'west=-91.6&south=36.9&east=-87.4&north=42.6';
    const wide = ZPlaceLabelsResponse.parse((await labels(illinois, 5)).json());
    const close = ZPlaceLabelsResponse.parse((await labels(illinois, 9)).json());
    expect(wide.features.length).toBeGreaterThan(3);
    expect(close.features.length).toBeGreaterThan(wide.features.length);
    expect(wide.features[0]!.properties).toEqual({ n: 'Chicago', r: 0 });
    for (const feature of close.features) {
      const [longitude, latitude] = feature.geometry.coordinates;
      expect(longitude).toBeGreaterThanOrEqual(-91.6);
      expect(latitude).toBeLessThanOrEqual(42.6);
    }

    const forged = await labels(illinois, 5, `${token.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(MAP_TOKEN_REFUSED);
    // Another layer's token, and another user's, are refused too.
    expect((await labels(illinois, 5, await tokenFor(user, MapLayerId.DriveTime))).statusCode).toBe(403);
    const other = await createTestUser(ctx);
    expect((await other.request({ method: 'GET', url: `/api/map/places?v=1&${illinois}&zoom=5&token=${encodeURIComponent(token)}` })).statusCode).toBe(403);
  });

  it('refuses a token once it has expired', async () => {
    const user = await createTestUser(ctx);
    const issued = (ago: number) => signMapToken(ctx.deps.config.cookieSecret, { layerId: MapLayerId.DriveTime, accountId: user.account.id, userId: user.user.id }, new Date(ctx.clock.now().getTime() - ago)).token;
    const url = (token: string) => `/api/map/drive/geojson/41.88/-87.63/1/3/2?v=1&token=${encodeURIComponent(token)}`;
    expect((await user.request({ method: 'GET', url: url(issued(MAP_TOKEN_LIFETIME_MS - 60_000)) })).statusCode).toBe(200);
    const expired = await user.request({ method: 'GET', url: url(issued(MAP_TOKEN_LIFETIME_MS + 1000)) });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(MAP_TOKEN_REFUSED);
  });

  it('draws drive-time rings at an assumed speed and says they are approximate', async () => {
    const user = await createTestUser(ctx);
    const token = await tokenFor(user, MapLayerId.DriveTime);
    const response = await user.request({ method: 'GET', url: `/api/map/drive/geojson/41.88/-87.63/1/3/2?v=1&token=${encodeURIComponent(token)}` });
    const answer = ZDriveResponse.parse(response.json());
    expect(answer.approximate).toBe(true);
    expect(answer.assumedSpeedMph).toBe(25);
    expect(answer.features.map((ring) => ring.properties)).toEqual([
      { minutes: 1, miles: 0.42, ring: 'inner' },
      { minutes: 3, miles: 1.25, ring: 'outer' },
    ]);
    // The outer ring is a band: the inner disc is cut out of it.
    expect(answer.features[1]!.geometry.coordinates).toHaveLength(2);
    const bad = await user.request({ method: 'GET', url: `/api/map/drive/geojson/41.88/-87.63/1/3/9?v=1&token=${encodeURIComponent(token)}` });
    expect(bad.statusCode).toBe(400);
  });

  it('maps a report’s scores in a grid of cells around the site, coloured by band, for the caller’s sites only', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const report = await siteWithReport(user);
    const token = await tokenFor(user, MapLayerId.ReportHeatMap);
    const url = (type: string, siteId = report.siteId, extra = '') => `/api/reports/${siteId}/map/geojson/${type}?v=1&token=${encodeURIComponent(token)}${extra}`;
    const response = await user.request({ method: 'GET', url: url('overall') });
    expect(response.statusCode, response.body).toBe(200);
    const map = ZReportMapResponse.parse(response.json());
    expect(map).toMatchObject({ siteId: report.siteId, accountProductReportId: report.accountProductReportId, mapType: 'overall', releaseYear: report.releaseYear, methodologyTypeId: 2, cellMiles: 0.5 });
    // Cells over Lake Michigan score nothing and are left out; the city's cells are all there.
    expect(map.features.length).toBeGreaterThan((GRID_SIZE * GRID_SIZE) / 2);
    expect(map.features.length).toBeLessThan(GRID_SIZE * GRID_SIZE);
    expect(map.features.every((cell) => cell.geometry.coordinates[0]![0]![0] < -87.5)).toBe(true);
    // From release 2018 cells use the 25-colour scheme.
    const colours = new Set(scoreRangeForCountry(1).detailedBreaks.map((band) => band.color));
    for (const cell of map.features) expect(colours.has(cell.properties.color)).toBe(true);
    // One cell holds the site.
    const holding = map.features.filter(({ geometry }) => {
      const ring = geometry.coordinates[0]!;
      const [west, south] = ring[0]!;
      const [east, north] = ring[2]!;
      return west <= CHICAGO.longitude && CHICAGO.longitude <= east && south <= CHICAGO.latitude && CHICAGO.latitude <= north;
    });
    expect(holding).toHaveLength(1);
    // Scores vary across the city.
    expect(new Set(map.features.map((cell) => cell.properties.score)).size).toBeGreaterThan(5);

    const persons = ZReportMapResponse.parse((await user.request({ method: 'GET', url: url('persons') })).json());
    expect(persons.features.map((cell) => cell.properties.score)).not.toEqual(map.features.map((cell) => cell.properties.score));
    const notScored = await user.request({ method: 'GET', url: url('overall', report.siteId, '&methodology=3') });
    expect(notScored.statusCode).toBe(400);
    expect(notScored.json().message).toBe('The report has no scores under that methodology.');

    const stranger = await createTestUser(ctx, { userType: 2 });
    const strangerToken = await tokenFor(stranger, MapLayerId.ReportHeatMap);
    const foreign = await stranger.request({ method: 'GET', url: `/api/reports/${report.siteId}/map/geojson/overall?v=1&token=${encodeURIComponent(strangerToken)}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The report was not found.');
  });
});

describe('map API with MAP_STYLE_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { MAP_STYLE_URL: 'https://tiles.example.com/styles/streets/style.json' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('hands the style URL to the web app and lets the browser reach its host', async () => {
    const user = await createTestUser(ctx);
    const response = await user.request({ method: 'GET', url: '/api/map/config?v=1' });
    expect(ZMapConfig.parse(response.json())).toEqual({ styleUrl: 'https://tiles.example.com/styles/streets/style.json' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/connect-src 'self' https:\/\/tiles\.example\.com(;|$)/);
    expect(policy).toMatch(/img-src 'self' data: blob: https:\/\/tiles\.example\.com(;|$)/);
  });
});
