import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IncidentMessages,
  STANDARD_CRIME_TYPES,
  ZIncidentCrimeTypeList,
  ZPdDateRangesResponse,
  ZSiteIncidentsDOMResponse,
  ZSiteIncidentsResponse,
} from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { sites, type NewSiteRow } from '../../db/schema/index';

/** 800 Bryant St, San Francisco: SFPD's Southern station, where the July 2017 records cluster. */
const BRYANT_ST = { latitude: 37.77542, longitude: -122.4034 };
/** Rural Kansas: no department's data reaches it. */
const KANSAS = { latitude: 38.52, longitude: -99.31 };

describe.each(await testDatabaseKinds())('incidents API (two sources) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function siteAt(user: TestUser, point: { latitude: number; longitude: number }, extra: Partial<NewSiteRow> = {}): Promise<number> {
    const [row] = await ctx.deps.database.db.insert(sites).values({ accountId: user.account.id, siteName: `Site ${Math.random()}`, countryId: 1, ...point, ...extra }).returning();
    return row!.siteId;
  }
  const get = (user: TestUser, url: string): Promise<LightMyRequestResponse> => user.request({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}v=1` });

  it('lists the police records around a site as published, nearest the site within the distance, newest first', async () => {
    const user = await createTestUser(ctx);
    const siteId = await siteAt(user, BRYANT_ST);
    const response = await get(user, `/api/sites/${siteId}/incidents?dateRange=all&maxDistance=0.25`);
    expect(response.statusCode, response.body).toBe(200);
    const body = ZSiteIncidentsResponse.parse(response.json());
    expect(body.dataAvailable).toBe(true);
    expect(body.message).toBeNull();
    expect(body.departments.map((department) => [department.pd, department.firstDate, department.lastDate])).toEqual([['sf-2017-07', '2017-07-11', '2017-07-31']]);
    expect(body.incidents.length).toBeGreaterThan(50);
    expect(body.incidents.every((incident) => incident.distance <= 0.25 && incident.city === 'San Francisco' && incident.state === 'CA')).toBe(true);
    const bryant = body.incidents.find((incident) => incident.street === '800 Block of BRYANT ST' && incident.id === '17900531709029');
    expect(bryant).toMatchObject({ crimetype: 'OTHER OFFENSES', pd: 'SOUTHERN', incidentdate: '2017-07-11', incidenttime: '14:32', dayofweek: 'Tuesday', description: 'FALSE PERSONATION TO RECEIVE MONEY OR PROPERTY', premise: null, weapon: null, distance: 0 });
    const stamps = body.incidents.map((incident) => `${incident.incidentdate} ${incident.incidenttime}`);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('filters by distance range, time of day, dates and crime types; rolling 30 days by default, ending on the last day of the data', async () => {
    const user = await createTestUser(ctx);
    const siteId = await siteAt(user, BRYANT_ST);
    const byDefault = ZSiteIncidentsResponse.parse((await get(user, `/api/sites/${siteId}/incidents`)).json());
    expect([byDefault.from, byDefault.to]).toEqual(['2017-07-02', '2017-07-31']);
    expect(byDefault.incidents.every((incident) => incident.distance <= 3)).toBe(true);

    const ring = ZSiteIncidentsResponse.parse((await get(user, `/api/sites/${siteId}/incidents?dateRange=all&minDistance=0.5&maxDistance=1`)).json());
    expect(ring.incidents.length).toBeGreaterThan(0);
    expect(ring.incidents.every((incident) => incident.distance >= 0.5 && incident.distance <= 1)).toBe(true);

    const afternoon = ZSiteIncidentsResponse.parse((await get(user, `/api/sites/${siteId}/incidents?dateRange=all&startHour=14&endHour=15.5`)).json());
    expect(afternoon.incidents.length).toBeGreaterThan(0);
    expect(afternoon.incidents.every((incident) => incident.incidenttime! >= '14:00' && incident.incidenttime! <= '15:30')).toBe(true);

    const days = ZSiteIncidentsResponse.parse((await get(user, `/api/sites/${siteId}/incidents?from=2017-07-20&to=2017-07-21`)).json());
    expect(new Set(days.incidents.map((incident) => incident.incidentdate))).toEqual(new Set(['2017-07-20', '2017-07-21']));

    const types = ZIncidentCrimeTypeList.parse((await get(user, '/api/sites/crimetypes')).json());
    const robbery = types.find((type) => type.name === 'ROBBERY')!;
    expect(robbery).toMatchObject({ category: 'persons', color: '#9C27B0', enabled: true });
    const robberies = ZSiteIncidentsResponse.parse((await get(user, `/api/sites/${siteId}/incidents?dateRange=all&crimeTypeIds=${robbery.crimeTypeId}`)).json());
    expect(robberies.incidents.length).toBeGreaterThan(0);
    expect(new Set(robberies.incidents.map((incident) => incident.crimetype))).toEqual(new Set(['ROBBERY']));
  });

  it('gives the second source: the same records in the ten standard types, persons or property', async () => {
    const user = await createTestUser(ctx);
    const siteId = await siteAt(user, BRYANT_ST);
    const types = ZIncidentCrimeTypeList.parse((await get(user, '/api/sites/crimetypesDOM')).json());
    expect(types.map((type) => [type.crimeTypeId, type.name])).toEqual(STANDARD_CRIME_TYPES.map((type) => [type.crimeTypeId, type.name]));
    const body = ZSiteIncidentsDOMResponse.parse((await get(user, `/api/sites/${siteId}/incidentsDOM?dateRange=all&maxDistance=0.5`)).json());
    expect(body.incidents.length).toBeGreaterThan(0);
    expect(body.incidents.every((incident) => incident.dist <= 0.5 && STANDARD_CRIME_TYPES.some((type) => type.crimeTypeId === incident.typeId && type.category === incident.cat))).toBe(true);
    const larceny = ZSiteIncidentsDOMResponse.parse((await get(user, `/api/sites/${siteId}/incidentsDOM?dateRange=all&crimeTypeIds=0`)).json());
    expect(larceny.incidents.length).toBeGreaterThan(0);
    expect(larceny.incidents.every((incident) => incident.typeId === 0 && incident.cat === 'property')).toBe(true);
    // The second source's distance filter stops at 3 miles.
    const far = await get(user, `/api/sites/${siteId}/incidentsDOM?maxDistance=4`);
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe('Maximum distance must be a number from 0 to 3.');
  });

  it('says plainly where no incident data covers the site, rather than answering an empty success', async () => {
    const user = await createTestUser(ctx);
    const siteId = await siteAt(user, KANSAS);
    for (const path of ['incidents', 'incidentsDOM']) {
      const body = ZSiteIncidentsResponse.omit({ incidents: true }).passthrough().parse((await get(user, `/api/sites/${siteId}/${path}?dateRange=all`)).json());
      expect(body).toMatchObject({ dataAvailable: false, message: IncidentMessages.noData, departments: [], incidents: [] });
    }
    const ranges = ZPdDateRangesResponse.parse((await user.request({ method: 'POST', url: '/api/sites/pddateranges?v=1', payload: { siteIds: [siteId] } })).json());
    expect(ranges).toEqual([{ siteId, departments: [] }]);
  });

  it("answers per site the departments' first and last incident dates", async () => {
    const user = await createTestUser(ctx);
    const sf = await siteAt(user, BRYANT_ST);
    const chicago = await siteAt(user, { latitude: 41.8789, longitude: -87.6359 });
    const response = await user.request({ method: 'POST', url: '/api/sites/pddateranges?v=1', payload: { siteIds: [sf, chicago] } });
    expect(response.statusCode, response.body).toBe(200);
    const ranges = ZPdDateRangesResponse.parse(response.json());
    expect(ranges.map((range) => [range.siteId, range.departments.map((department) => `${department.pd} ${department.firstDate}..${department.lastDate}`)])).toEqual([
      [sf, ['sf-2017-07 2017-07-11..2017-07-31']],
      [chicago, ['chicago-2025-05 2025-05-22..2025-05-24']],
    ]);
  });

  it("never shows another account's site; read-only users may read incidents", async () => {
    const owner = await createTestUser(ctx);
    const stranger = await createTestUser(ctx);
    const siteId = await siteAt(owner, BRYANT_ST);
    const foreign = await get(stranger, `/api/sites/${siteId}/incidents`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The site was not found.');
    expect((await get(stranger, `/api/sites/${siteId}/incidentsDOM`)).statusCode).toBe(404);
    const ranges = await stranger.request({ method: 'POST', url: '/api/sites/pddateranges?v=1', payload: { siteIds: [siteId] } });
    expect(ranges.statusCode).toBe(404);
    const reader = await createTestUser(ctx, { userType: 1, inAccount: owner.account });
    expect((await get(reader, `/api/sites/${siteId}/incidents`)).statusCode).toBe(200);
    expect((await reader.request({ method: 'POST', url: '/api/sites/pddateranges?v=1', payload: { siteIds: [siteId] } })).statusCode).toBe(200);
  });

  it('enforces the account flags: allowIncidents for both sources, the incident feature flag for the second', async () => {
    const without = await createTestUser(ctx, { account: { allowIncidents: false } });
    const siteId = await siteAt(without, BRYANT_ST);
    for (const url of [`/api/sites/${siteId}/incidents`, `/api/sites/${siteId}/incidentsDOM`, '/api/sites/crimetypes', '/api/sites/crimetypesDOM']) {
      const response = await get(without, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(IncidentMessages.disabled);
    }
    const firstOnly = await createTestUser(ctx, { account: { allowIncidentAvailability: false } });
    const firstSite = await siteAt(firstOnly, BRYANT_ST);
    expect((await get(firstOnly, `/api/sites/${firstSite}/incidents`)).statusCode).toBe(200);
    expect((await get(firstOnly, `/api/sites/${firstSite}/incidentsDOM`)).statusCode).toBe(403);
  });

  it('refuses a filter whose minimum is above its maximum, in plain words', async () => {
    const user = await createTestUser(ctx);
    const siteId = await siteAt(user, BRYANT_ST);
    const response = await get(user, `/api/sites/${siteId}/incidents?minDistance=2&maxDistance=1`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(IncidentMessages.minAboveMax('distance'));
  });
});
