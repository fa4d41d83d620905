import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePackedSites, ProductId, ZSiteList, ZSiteTaskStarted, type TReport } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../test/context';
import { testDatabaseKinds } from '../../test/databases';
import { CHICAGO, grant, postReport, remaining, reportRows, RURAL_KANSAS } from '../../test/report-fixtures';
import { siteComments, sites } from '../db/schema/index';
import { call, seedSites, waitForTask } from '../features/sites/sites-test-fixtures';

/*
 * The site scope is the one door to sites and their reports. A permission filter (here a test
 * double of the account's object filters) that hides one site from one user must hide it from
 * every route: lists, packed list, lookups, detail, reports, upgrades, deletion, comments, CSV
 * export and sites at a location. Another user of the same account, without the filter, still
 * sees the site, so the test also shows that the filter is what hides it.
 */
const hiddenFor = vi.hoisted(() => new Map<number, number>());

vi.mock('./object-filters', async () => {
  const { sql } = await import('drizzle-orm');
  const schema = await import('../db/schema/index');
  return {
    objectFilterFor: async (_db: unknown, caller: { userId: number }) => {
      const hidden = hiddenFor.get(caller.userId);
      return hidden === undefined ? null : sql`${schema.sites.siteId} <> ${hidden}`;
    },
  };
});

describe.each(await testDatabaseKinds())('the site scope as the one door on %s', (kind) => {
  let ctx: TestContext;
  let owner: TestUser;
  let filtered: TestUser;
  let hiddenSite: number;
  let visibleSite: number;
  let hiddenReport: TReport;
  let visibleReport: TReport;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    owner = await createTestUser(ctx, { userType: 3 });
    // An administrator of the same account: every right, so only the filter can stop them.
    filtered = await createTestUser(ctx, { userType: 3, inAccount: owner.account });
    await grant(ctx, owner.account.id, { [ProductId.Basic]: 10, [ProductId.Premium]: 10, 200: 10 });
    const seeded = await seedSites(ctx, owner.account.id, [
      { siteName: 'Hidden Loop Store', externalId: 'HIDDEN-1', ...CHICAGO },
      { siteName: 'Visible Prairie Store', externalId: 'VISIBLE-1', ...RURAL_KANSAS },
    ]);
    hiddenSite = seeded[0]!;
    visibleSite = seeded[1]!;
    hiddenReport = (await postReport(owner, { reportType: 0, siteId: hiddenSite })).json();
    visibleReport = (await postReport(owner, { reportType: 0, siteId: visibleSite })).json();
    await call(owner, 'POST', `/api/sites/${hiddenSite}/comments`, { comment: 'Owner note' });
    hiddenFor.set(filtered.user.id, hiddenSite);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const siteIdsOf = (body: unknown) => ZSiteList.parse(body).map((site) => site.siteId);

  it('lists, counts and the packed list leave the hidden site out (the unfiltered user still sees it)', async () => {
    expect(siteIdsOf((await call(owner, 'GET', '/api/sites')).json()).sort()).toEqual([hiddenSite, visibleSite].sort());
    expect(siteIdsOf((await call(filtered, 'GET', '/api/sites')).json())).toEqual([visibleSite]);
    const packed = await filtered.request({ method: 'GET', url: '/api/m/sites?v=1', headers: { 'accept-encoding': 'identity' } });
    expect(decodePackedSites(new Uint8Array(packed.rawPayload)).map((site) => site.siteId)).toEqual([visibleSite]);
    expect((await call(filtered, 'GET', '/api/sites/count')).json()).toMatchObject({ count: 1, withReports: 1 });
  });

  it('detail, lookups by name and external id, and sites at a location do not find it', async () => {
    expect((await call(owner, 'GET', `/api/sites/${hiddenSite}`)).statusCode).toBe(200);
    expect((await call(filtered, 'GET', `/api/sites/${hiddenSite}`)).statusCode).toBe(404);
    expect((await call(filtered, 'GET', `/api/sites/full/${hiddenSite}`)).statusCode).toBe(404);
    expect((await call(filtered, 'GET', `/api/sites/byaprid/${hiddenReport.accountProductReportId}`)).statusCode).toBe(404);
    const lookup = (user: TestUser, path: string, value: string) =>
      user.request({ method: 'POST', url: `/api/sites/${path}?v=1`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });
    expect((await lookup(owner, 'withname', 'Hidden Loop Store')).json()).toBe(hiddenSite);
    expect((await lookup(filtered, 'withname', 'Hidden Loop Store')).json()).toBe(0);
    expect((await lookup(filtered, 'withexternalid', 'HIDDEN-1')).json()).toBe(0);
    const near = { latitude: CHICAGO.latitude, longitude: CHICAGO.longitude, radius: 100 };
    expect((await call(owner, 'POST', '/api/sites/atlocation/0', near)).json()).toHaveLength(1);
    expect((await call(filtered, 'POST', '/api/sites/atlocation/0', near)).json()).toEqual([]);
  });

  it('its reports cannot be read, counted, ordered, upgraded or deleted', async () => {
    const before = await reportRows(ctx, owner.account.id);
    const licences = await remaining(owner);
    expect((await call(filtered, 'GET', `/api/reports/${hiddenSite}`)).statusCode).toBe(404);
    expect((await call(filtered, 'GET', `/api/reports/${hiddenSite}/latest`)).statusCode).toBe(404);
    expect((await call(filtered, 'GET', `/api/reports/${visibleSite}`)).json()).toHaveLength(1);
    const ids = { accountProductReportIds: [hiddenReport.accountProductReportId, visibleReport.accountProductReportId] };
    expect((await call(filtered, 'POST', '/api/reports/counts', ids)).json()).toMatchObject({ total: 1, notFound: 1 });
    expect((await call(filtered, 'POST', '/api/reports/summaryinfo', ids)).json()).toMatchObject({ notFound: [hiddenReport.accountProductReportId] });

    expect((await postReport(filtered, { reportType: 0, siteId: hiddenSite })).statusCode).toBe(404);
    const upgradeSingle = await call(filtered, 'POST', '/api/reports/upgrade/single', { accountProductReportId: hiddenReport.accountProductReportId, reportType: 1, methodologyTypeIds: [2, 4] });
    expect(upgradeSingle.statusCode).toBe(404);
    const upgrade = await call(filtered, 'POST', '/api/reports/upgrade', { accountProductReportIds: [hiddenReport.accountProductReportId], reportType: 1, methodologyTypeIds: [2, 4] });
    expect(upgrade.statusCode).toBe(404);
    expect((await call(filtered, 'POST', '/api/reports/delete', { accountProductReportIds: [hiddenReport.accountProductReportId] })).statusCode).toBe(404);
    expect((await call(filtered, 'POST', '/api/reports/delete', { siteIds: [hiddenSite] })).statusCode).toBe(404);

    expect(await reportRows(ctx, owner.account.id)).toEqual(before);
    expect(await remaining(owner)).toEqual(licences);
  });

  it('its comments cannot be read or added, and it cannot be edited, tagged or deleted', async () => {
    expect((await call(filtered, 'GET', `/api/sites/${hiddenSite}/comments`)).statusCode).toBe(404);
    expect((await call(filtered, 'POST', `/api/sites/${hiddenSite}/comments`, { comment: 'Should not land' })).statusCode).toBe(404);
    const comments = await ctx.deps.database.db.select().from(siteComments).where(eq(siteComments.siteId, hiddenSite));
    expect(comments.map((row) => row.comment)).toEqual(['Owner note']);

    expect((await call(filtered, 'POST', '/api/sites/edit', { siteId: hiddenSite, siteName: 'Renamed' })).statusCode).toBe(404);
    expect((await call(filtered, 'POST', '/api/sites/tags', { siteIds: [hiddenSite], mode: 'add', tags: ['Audited'] })).statusCode).toBe(404);
    expect((await call(filtered, 'POST', '/api/sites/delete', [hiddenSite])).statusCode).toBe(404);
    const [row] = await ctx.deps.database.db.select().from(sites).where(eq(sites.siteId, hiddenSite));
    expect(row).toMatchObject({ siteName: 'Hidden Loop Store', tags: [] });
  });

  it('a CSV export of every site leaves it out, and one naming it is refused', async () => {
    const started = await call(filtered, 'POST', '/api/sites/csv?forAccount=true');
    expect(started.statusCode, started.body).toBe(200);
    const task = await waitForTask(filtered, ZSiteTaskStarted.parse(started.json()).taskStatusId);
    expect(task.currentStatus).toBe(2);
    const download = await filtered.request({ method: 'GET', url: `/api/users/files/${task.objectID}` });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('Visible Prairie Store');
    expect(download.body).not.toContain('Hidden Loop Store');
    expect((await call(filtered, 'POST', '/api/sites/csv', [hiddenSite])).statusCode).toBe(404);
  });
});
