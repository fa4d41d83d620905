import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IncidentMessages, ZPoliceBboxResponse, ZPoliceIncidentsResponse, ZPoliceRecentMonth, ZPoliceSummaryResponse } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';

/** Points as lng/lat, the police map's path order. */
const CITY_OF_LONDON = '-0.0922/51.5155';
const CHELMSFORD = '0.4685/51.7356';
const MANCHESTER = '-2.2426/53.4808';
const EDINBURGH = '-3.1883/55.9533';
const NEW_YORK = '-74.006/40.7128';

describe.each(await testDatabaseKinds())('UK police incidents API on %s', (kind) => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    user = await createTestUser(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (as: TestUser, url: string): Promise<LightMyRequestResponse> => as.request({ method: 'GET', url: `${url}?v=1` });

  it('answers the most recent month of police data', async () => {
    const response = await get(user, '/api/reports/policeincidentsrecentmonth');
    expect(response.statusCode, response.body).toBe(200);
    expect(ZPoliceRecentMonth.parse(response.json())).toEqual({ year: 2020, month: 12 });
  });

  it('gives a feature collection of the crimes within the radius, grouped by point, month and crime type', async () => {
    const response = await get(user, `/api/reports/${CITY_OF_LONDON}/0.5/2020/year/policeincidents`);
    expect(response.statusCode, response.body).toBe(200);
    const body = ZPoliceIncidentsResponse.parse(response.json());
    expect(body).toMatchObject({ type: 'FeatureCollection', dataAvailable: true, message: null, fromMonth: '2020-01', toMonth: '2020-12' });
    expect(body.source).toContain('Open Government Licence');
    expect(body.features.length).toBeGreaterThan(100);
    const months = new Set(body.features.map((feature) => feature.properties.month));
    expect([...months].every((month) => month.startsWith('2020-'))).toBe(true);
    expect(months.size).toBe(12);
    const keys = body.features.map((feature) => `${feature.geometry.coordinates.join(',')}|${feature.properties.month}|${feature.properties.crime_type}`);
    expect(new Set(keys).size).toBe(keys.length);
    // The summary of the same radius counts the same crimes.
    const summary = ZPoliceSummaryResponse.parse((await get(user, `/api/reports/${CITY_OF_LONDON}/0.5/policeincidentssummary`)).json());
    const total = body.features.reduce((sum, feature) => sum + feature.properties.count, 0);
    expect(Object.values(summary.summary).flat().filter((entry) => entry.year === 2020).reduce((sum, entry) => sum + entry.count, 0)).toBe(total);
    expect(summary.summary['Theft from the person']!.every((entry) => entry.year === 2020)).toBe(true);
    // Within a mile lie a few crimes Essex Police recorded in 2018: not the City's data, so not counted.
    const mile = ZPoliceSummaryResponse.parse((await get(user, `/api/reports/${CITY_OF_LONDON}/1/policeincidentssummary`)).json());
    expect(Object.values(mile.summary).flat().every((entry) => entry.year === 2020)).toBe(true);
    // A smaller radius holds fewer.
    const near = ZPoliceIncidentsResponse.parse((await get(user, `/api/reports/${CITY_OF_LONDON}/0.1/2020/year/policeincidents`)).json());
    expect(near.features.reduce((sum, feature) => sum + feature.properties.count, 0)).toBeLessThan(total);
  });

  it('runs YTD from January to the latest month of the data', async () => {
    const body = ZPoliceIncidentsResponse.parse((await get(user, `/api/reports/${CHELMSFORD}/1/2018/YTD/policeincidents`)).json());
    expect(body).toMatchObject({ dataAvailable: true, fromMonth: '2018-01', toMonth: '2018-07' });
    expect(new Set(body.features.map((feature) => feature.properties.month))).toEqual(new Set(['2018-01', '2018-02', '2018-03', '2018-04', '2018-05', '2018-06', '2018-07']));
    expect(body.features.every((feature) => ['persons', 'property', 'other'].includes(feature.properties.category))).toBe(true);
  });

  it('says so where the police data has nothing: an uncovered English area, a year the data does not reach', async () => {
    const manchester = ZPoliceIncidentsResponse.parse((await get(user, `/api/reports/${MANCHESTER}/1/2020/year/policeincidents`)).json());
    expect(manchester).toMatchObject({ dataAvailable: false, message: IncidentMessages.noData, features: [] });
    const before = ZPoliceIncidentsResponse.parse((await get(user, `/api/reports/${CHELMSFORD}/1/2016/year/policeincidents`)).json());
    expect(before).toMatchObject({ dataAvailable: false, message: IncidentMessages.noData, features: [] });
    const summary = ZPoliceSummaryResponse.parse((await get(user, `/api/reports/${MANCHESTER}/1/policeincidentssummary`)).json());
    expect(summary).toEqual({ dataAvailable: false, message: IncidentMessages.noData, source: null, summary: {} });
  });

  it('applies to Great Britain outside Scotland only', async () => {
    for (const point of [EDINBURGH, NEW_YORK]) {
      const body = ZPoliceIncidentsResponse.parse((await get(user, `/api/reports/${point}/1/2020/year/policeincidents`)).json());
      expect(body, point).toMatchObject({ dataAvailable: false, message: IncidentMessages.policeOutsideCoverage, features: [] });
      const summary = ZPoliceSummaryResponse.parse((await get(user, `/api/reports/${point}/1/policeincidentssummary`)).json());
      expect(summary.message).toBe(IncidentMessages.policeOutsideCoverage);
    }
  });

  it('answers the bounding box of the radius padded 2.5 % with the 64-point ring', async () => {
    const body = ZPoliceBboxResponse.parse((await get(user, `/api/reports/${CITY_OF_LONDON}/1.004/getBbox`)).json());
    expect(body.radius).toBe(1);
    expect(body.ring).toHaveLength(65);
    const [west, south, east, north] = body.bbox;
    expect(body.ring.every(([lng, lat]) => lng > west && lng < east && lat > south && lat < north)).toBe(true);
    // 1.025 miles north of the centre, in degrees of latitude.
    expect(north - 51.5155).toBeCloseTo((1.025 * 1609.34) / 111_195, 4);
  });

  it('refuses a bad path in plain words, and accounts without incidents', async () => {
    const badPeriod = await get(user, `/api/reports/${CITY_OF_LONDON}/1/2020/month/policeincidents`);
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().message).toBe('Period must be YTD or year.');
    const tooFar = await get(user, `/api/reports/${CITY_OF_LONDON}/25/getBbox`);
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toBe('Radius must be a number from 0.01 to 10.');
    const without = await createTestUser(ctx, { account: { allowIncidents: false } });
    for (const url of ['/api/reports/policeincidentsrecentmonth', `/api/reports/${CITY_OF_LONDON}/1/2020/year/policeincidents`, `/api/reports/${CITY_OF_LONDON}/1/policeincidentssummary`]) {
      const response = await get(without, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(IncidentMessages.disabled);
    }
  });
});
