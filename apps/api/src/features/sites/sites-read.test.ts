import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePackedSites, ProductId, ZSite, ZSiteCount, ZSiteFull, ZSiteList, ZSitesAtLocationResponse, type TReport, type TSite } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { CHICAGO, grant, postReport, RURAL_KANSAS } from '../../../test/report-fixtures';
import { call, seedSites } from './sites-test-fixtures';

describe.each(await testDatabaseKinds())('sites API (reads) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** An administrator of a new account that may backdate, holding Basic and backdate-fee licences. */
  async function admin(options: Parameters<typeof createTestUser>[1] = {}): Promise<TestUser> {
    const user = await createTestUser(ctx, { userType: 3, ...options, account: { allowBackdating: true, ...options.account } });
    await grant(ctx, user.account.id, { [ProductId.Basic]: 20, [ProductId.BackdateFee]: 20 });
    return user;
  }

  async function report(user: TestUser, siteId: number, releaseYear?: number): Promise<TReport> {
    const response = await postReport(user, { reportType: 0, siteId, ...(releaseYear ? { releaseYear } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TReport;
  }

  const list = async (user: TestUser, query = ''): Promise<TSite[]> => {
    const response = await call(user, 'GET', `/api/sites${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZSiteList.parse(response.json());
  };

  it('lists every Site field of the contract, with the report summary of the current release', async () => {
    const user = await admin();
    const [withReport, without] = await seedSites(ctx, user.account.id, [
      { siteName: 'Willis Tower', ...CHICAGO, street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', county: 'Cook County', ct: 2, tags: ['hq', 'Chicago'], notes: 'Lobby', externalId: 'EXT-1', classificationIds: [4, 9], geocodeType: 'MANUAL' },
      { siteName: 'Kansas field', ...RURAL_KANSAS, countryId: 1, ct: 0 },
    ]);
    const created = await report(user, withReport!);
    const sites = await list(user);
    expect(sites.map((site) => site.siteId)).toEqual([withReport, without]);
    expect(ZSiteFull.parse((await call(user, 'GET', `/api/sites/full/${withReport}`)).json()).county).toBe('Cook County');
    const [first, second] = sites;
    expect(first).toEqual({
      siteId: withReport,
      siteName: 'Willis Tower',
      notes: 'Lobby',
      tags: ['hq', 'Chicago'],
      street: '233 S Wacker Dr',
      street2: null,
      city: 'Chicago',
      state: 'IL',
      zipCode: '60606',
      countryCode: 'USA',
      countryDisplay: 'United States',
      latitude: CHICAGO.latitude,
      longitude: CHICAGO.longitude,
      ct: 2,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lrr: created.created,
      eid: 'EXT-1',
      s: { '2': expect.any(Number) },
      l: { r: 2026, p: 0, f: 0 },
      // Chicago's published incidents cover the Loop: the last one's date and the distance flags.
      i: { r: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), b: expect.any(Boolean), s: expect.any(Boolean), l: true },
      classes: [4, 9],
      classificationView: null,
      geocodeType: 'MANUAL',
    });
    expect(first!.s['2']).toBeGreaterThan(0);
    expect(second).toMatchObject({ siteName: 'Kansas field', s: {}, l: null, lrr: null, tags: [], classes: [], eid: null, ct: 0, i: null });
  });

  it('shows the summary of the chosen release year; -1 is the current release (reports up to 2 releases old)', async () => {
    const user = await admin();
    const [both, old, none] = await seedSites(ctx, user.account.id, [{}, { ...RURAL_KANSAS }, {}]);
    await report(user, both!, 2020);
    await report(user, both!);
    await report(user, old!, 2020);

    const current = await list(user);
    expect(current.map((site) => site.l?.r ?? null)).toEqual([2026, null, null]);
    expect(current[1]!.s).toEqual({});
    // lrr is the newest report of any release.
    expect(current[1]!.lrr).not.toBeNull();

    const in2020 = await list(user, '?releaseYear=2020');
    expect(in2020.map((site) => site.l?.r ?? null)).toEqual([2020, 2020, null]);
    // The 2020 report of a site whose stored summary is its 2026 report is found by the probe.
    expect(Object.keys(in2020[0]!.s)).toEqual(['2']);
    expect(in2020[0]!.s).not.toEqual(current[0]!.s);

    // A year before the country's first release is corrected to it (2003): no reports there.
    expect((await list(user, '?releaseYear=1990')).every((site) => site.l === null)).toBe(true);
    expect((await list(user, '?releaseYear=-1')).map((site) => site.l?.r ?? null)).toEqual([2026, null, null]);
    expect(none).toBeGreaterThan(0);
    expect((await call(user, 'GET', '/api/sites?releaseYear=abc')).statusCode).toBe(400);
  });

  it('applies per-user report visibility: scores only from the reports the user may see', async () => {
    const owner = await admin();
    const own = await createTestUser(ctx, { userType: 2, inAccount: owner.account, user: { allowViewAllReports: false, allowViewOwnReports: true } });
    const blind = await createTestUser(ctx, { userType: 2, inAccount: owner.account, user: { allowViewAllReports: false, allowViewOwnReports: false } });
    const [adminSite, ownSite] = await seedSites(ctx, owner.account.id, [{}, {}]);
    await report(owner, adminSite!);
    await report(owner, ownSite!);
    const mine = await report(own, ownSite!);

    const asOwn = await list(own);
    expect(asOwn.map((site) => site.siteId)).toEqual([adminSite, ownSite]);
    expect(asOwn[0]).toMatchObject({ l: null, s: {}, lrr: null });
    expect(asOwn[1]).toMatchObject({ l: { r: 2026, p: 0, f: 0 }, lrr: mine.created });
    expect(asOwn[1]!.s).toEqual({ '2': expect.any(Number) });

    const asBlind = await list(blind);
    expect(asBlind.map((site) => [site.siteId, site.l, site.lrr])).toEqual([
      [adminSite, null, null],
      [ownSite, null, null],
    ]);
    expect(ZSiteCount.parse((await call(blind, 'GET', '/api/sites/count')).json())).toEqual({ count: 2, withReports: 0, withoutReports: 2 });
    expect(ZSiteCount.parse((await call(own, 'GET', '/api/sites/count')).json())).toEqual({ count: 2, withReports: 1, withoutReports: 1 });
    expect(ZSiteCount.parse((await call(owner, 'GET', '/api/sites/count')).json())).toEqual({ count: 2, withReports: 2, withoutReports: 0 });

    // sites/full lists only the reports the user may see.
    const full = ZSiteFull.parse((await call(own, 'GET', `/api/sites/full/${ownSite}`)).json());
    expect(full.reports.map((entry) => entry.accountProductReportId)).toEqual([mine.accountProductReportId]);
    // A report the user may not see has no site for them.
    const adminReport = (await call(owner, 'GET', `/api/sites/full/${adminSite}`)).json() as { reports: { accountProductReportId: number }[] };
    expect((await call(own, 'GET', `/api/sites/byaprid/${adminReport.reports[0]!.accountProductReportId}`)).statusCode).toBe(404);
  });

  it('answers GET m/sites: the same sites and fields as GET sites, packed, compressed when asked', async () => {
    const user = await admin();
    const ids = await seedSites(ctx, user.account.id, [
      { siteName: 'Willis Tower', ...CHICAGO, street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', tags: ['hq', 'Chicago'], notes: 'Lobby', externalId: 'EXT-1', classificationIds: [4, 9], geocodeType: 'MANUAL' },
      { siteName: 'Kansas field', ...RURAL_KANSAS, ct: 0 },
      { siteName: 'Toronto', countryId: 2, latitude: 43.65, longitude: -79.38, city: 'Toronto', state: 'ON', zipCode: 'M5H 2N2' },
    ]);
    await report(user, ids[0]!);
    // A 2019 report under the newer one: ?releaseYear=2019 finds it by the probe (the alt column).
    await report(user, ids[0]!, 2019);
    await report(user, ids[2]!, 2019);
    for (const query of ['', '?releaseYear=2019']) {
      const json = await list(user, query);
      const packed = await user.request({ method: 'GET', url: `/api/m/sites${query || '?'}&v=1`, headers: { 'accept-encoding': 'identity' } });
      expect(packed.statusCode, packed.body).toBe(200);
      expect(packed.headers['content-type']).toBe('application/octet-stream');
      expect(packed.headers['content-encoding']).toBeUndefined();
      const decoded = decodePackedSites(new Uint8Array(packed.rawPayload));
      // The packed list keeps whole seconds: compare the dates at that precision.
      const seconds = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));
      expect(decoded.map((site) => ({ ...site, created: seconds(site.created), lrr: seconds(site.lrr) }))).toEqual(
        json.map((site) => ({ ...site, created: seconds(site.created), lrr: seconds(site.lrr) })),
      );
      expect(json[0]!.l?.r).toBe(query ? 2019 : 2026);
    }
    // Small answers go as they are; large ones compressed (Brotli preferred, else gzip).
    expect((await user.request({ method: 'GET', url: '/api/m/sites?v=1', headers: { 'accept-encoding': 'gzip, br' } })).headers['content-encoding']).toBeUndefined();
    await seedSites(ctx, user.account.id, Array.from({ length: 200 }, (_, index) => ({ street: `${index} Main St`, city: 'Chicago' })));
    const gzipped = await user.request({ method: 'GET', url: '/api/m/sites?v=1', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decodePackedSites(new Uint8Array(gunzipSync(gzipped.rawPayload)))).toHaveLength(203);
    const compressed = await user.request({ method: 'GET', url: '/api/m/sites?v=1', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    const plain = await user.request({ method: 'GET', url: '/api/m/sites?v=1', headers: { 'accept-encoding': 'identity' } });
    expect(new Uint8Array(brotliDecompressSync(compressed.rawPayload))).toEqual(new Uint8Array(plain.rawPayload));
  });

  it('answers one site, its full view, the site of a report, and the count', async () => {
    const user = await admin({ account: { externalIdName: 'Store Number' } });
    const [siteId, other] = await seedSites(ctx, user.account.id, [{ externalId: 'S-17' }, {}]);
    const older = await report(user, siteId!, 2021);
    const newer = await report(user, siteId!);

    const one = ZSite.parse((await call(user, 'GET', `/api/sites/${siteId}`)).json());
    expect(one).toMatchObject({ siteId, eid: 'S-17', l: { r: 2026 } });
    expect(ZSite.parse((await call(user, 'GET', `/api/sites/${siteId}?releaseYear=2021`)).json()).l).toEqual({ r: 2021, p: 0, f: 0 });

    const full = ZSiteFull.parse((await call(user, 'GET', `/api/sites/full/${siteId}`)).json());
    expect(full.site).toEqual(one);
    expect(full.county).toBeNull();
    expect(full.reports.map((entry) => [entry.accountProductReportId, entry.releaseYear])).toEqual([
      [newer.accountProductReportId, 2026],
      [older.accountProductReportId, 2021],
    ]);
    expect(full).toMatchObject({ commentsCount: 0, externalIDName: 'Store Number', permissions: { canEdit: true, canComment: true, canDelete: true, deleteNeedsReason: false } });

    expect(ZSite.parse((await call(user, 'GET', `/api/sites/byaprid/${older.accountProductReportId}`)).json()).siteId).toBe(siteId);
    expect(ZSiteCount.parse((await call(user, 'GET', '/api/sites/count')).json())).toEqual({ count: 2, withReports: 1, withoutReports: 1 });
    expect(other).toBeGreaterThan(siteId!);
  });

  it("never shows another account's sites: 404 by id, absent from lists", async () => {
    const mine = await admin();
    const theirs = await admin();
    const [foreign] = await seedSites(ctx, theirs.account.id, [{ siteName: 'Secret HQ', externalId: 'SECRET' }]);
    const theirReport = await report(theirs, foreign!);
    await seedSites(ctx, mine.account.id, [{}]);

    expect((await list(mine)).map((site) => site.siteName)).not.toContain('Secret HQ');
    for (const url of [`/api/sites/${foreign}`, `/api/sites/full/${foreign}`, `/api/sites/byaprid/${theirReport.accountProductReportId}`, `/api/sites/${foreign}/comments`]) {
      const response = await call(mine, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'The site was not found.' });
    }
    expect((await call(mine, 'GET', '/api/sites/count')).json()).toMatchObject({ count: 1 });
    const byName = await mine.request({ method: 'POST', url: '/api/sites/withname?v=1', headers: { 'content-type': 'application/json' }, payload: JSON.stringify('Secret HQ') });
    expect(byName.json()).toBe(0);
    const byEid = await mine.request({ method: 'POST', url: '/api/sites/withexternalid?v=1', headers: { 'content-type': 'application/json' }, payload: JSON.stringify('SECRET') });
    expect(byEid.json()).toBe(0);
    const near = await call(mine, 'POST', '/api/sites/atlocation/0', { latitude: CHICAGO.latitude, longitude: CHICAGO.longitude, radius: 100 });
    expect((near.json() as TSite[]).map((site) => site.siteName)).not.toContain('Secret HQ');
  });

  it('finds a site by name (trimmed, ignoring case) or external id: its id, or 0', async () => {
    const user = await admin();
    const [siteId] = await seedSites(ctx, user.account.id, [{ siteName: 'Main Street Store', externalId: 'MS-001' }]);
    const post = (path: string, body: string, contentType = 'application/json') =>
      user.request({ method: 'POST', url: `/api/sites/${path}?v=1`, headers: { 'content-type': contentType }, payload: body });
    expect((await post('withname', JSON.stringify('  main street STORE '))).json()).toBe(siteId);
    expect((await post('withname', 'Main Street Store', 'text/plain'))).toMatchObject({ statusCode: 200 });
    expect((await post('withname', 'Main Street Store', 'text/plain')).json()).toBe(siteId);
    expect((await post('withname', JSON.stringify('Main Street'))).json()).toBe(0);
    expect((await post('withexternalid', JSON.stringify(' MS-001 '))).json()).toBe(siteId);
    expect((await post('withexternalid', JSON.stringify('ms-001'))).json()).toBe(0);
    expect((await post('withexternalid', JSON.stringify(''))).json()).toBe(0);
  });

  it('lists sites near a point, nearest first, within the radius, leaving out the given site', async () => {
    const user = await admin();
    // About 11 m and 111 m north of the point, and one in Kansas.
    const [at, near, far] = await seedSites(ctx, user.account.id, [
      { ...CHICAGO },
      { latitude: CHICAGO.latitude + 0.0001, longitude: CHICAGO.longitude },
      { latitude: CHICAGO.latitude + 0.001, longitude: CHICAGO.longitude },
      { ...RURAL_KANSAS },
    ]);
    const ask = async (path: string, body: Record<string, unknown>) => {
      const response = await call(user, 'POST', `/api/sites/atlocation/${path}`, body);
      expect(response.statusCode, response.body).toBe(200);
      return ZSitesAtLocationResponse.parse(response.json());
    };
    const within50 = await ask('0', { ...CHICAGO });
    expect(within50.map((site) => site.siteId)).toEqual([at, near]);
    expect(within50[0]!.distance).toBe(0);
    expect(within50[1]!.distance).toBeCloseTo(11.1, 0);
    expect((await ask(String(at), { ...CHICAGO, radius: 200 })).map((site) => site.siteId)).toEqual([near, far]);
    expect((await ask('0', { ...CHICAGO, radius: 0 })).map((site) => site.siteId)).toEqual([at]);
    expect((await call(user, 'POST', '/api/sites/atlocation/0', { latitude: 95, longitude: 0 })).statusCode).toBe(400);
    expect((await call(user, 'POST', '/api/sites/atlocation/0', { ...CHICAGO, radius: 60_000 })).statusCode).toBe(400);
  });
});
