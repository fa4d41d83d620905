import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePackedSites, ProductId, ZSiteTaskStarted, type PackedSite, type TSite } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { CHICAGO, grant, postReport, RURAL_KANSAS } from '../../../test/report-fixtures';
import { readSiteRows } from './site-rows.repository';
import { siteScope } from '../../access/site-scope';
import { call, seedSites, waitForTask } from './sites-test-fixtures';

/*
 * GET m/sites keeps packed lists per account and release while the account's data stamp is
 * unchanged (kept-site-lists.ts). These tests change the data every way the API can and check the
 * next list shows it, and that callers with their own report visibility never get a shared list.
 */
describe.each(await testDatabaseKinds())('GET m/sites list cache on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const packed = async (user: TestUser, query = ''): Promise<PackedSite[]> => {
    const response = await user.request({ method: 'GET', url: `/api/m/sites?v=1${query}`, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode, response.body).toBe(200);
    return decodePackedSites(new Uint8Array(response.rawPayload));
  };
  const names = async (user: TestUser) => (await packed(user)).map((site) => site.siteName);

  it('shows every change of the account in the next list: create, edit, tags, report, delete', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 5 });
    const colleague = await createTestUser(ctx, { userType: 2, inAccount: admin.account, user: { allowViewAllReports: true } });
    const [first] = await seedSites(ctx, admin.account.id, [{ siteName: 'First', ...CHICAGO }]);
    expect(await names(admin)).toEqual(['First']);
    // A colleague who sees the same list gets it too, with the same answer.
    expect(await names(colleague)).toEqual(['First']);

    const created = await call(colleague, 'POST', '/api/sites', { siteName: 'Second', ...RURAL_KANSAS });
    expect(created.statusCode, created.body).toBe(200);
    const second = (created.json() as TSite).siteId;
    expect(await names(admin)).toEqual(['First', 'Second']);

    expect((await call(admin, 'POST', '/api/sites/edit', { siteId: first, siteName: 'First renamed' })).statusCode).toBe(200);
    expect(await names(colleague)).toEqual(['First renamed', 'Second']);

    expect((await call(admin, 'POST', '/api/sites/tags', { siteIds: [first, second], mode: 'add', tags: 'night' })).statusCode).toBe(200);
    expect((await packed(admin)).map((site) => site.tags)).toEqual([['night'], ['night']]);

    expect((await postReport(admin, { reportType: 0, siteId: second })).statusCode).toBe(200);
    const withReport = await packed(colleague);
    expect(withReport.map((site) => site.l?.r ?? null)).toEqual([null, 2026]);
    // Another release is another list.
    expect((await packed(colleague, '&releaseYear=2019')).map((site) => site.l)).toEqual([null, null]);

    const started = await call(admin, 'POST', '/api/sites/delete', [first]);
    expect(started.statusCode, started.body).toBe(200);
    await waitForTask(admin, ZSiteTaskStarted.parse(started.json()).taskStatusId);
    expect(await names(colleague)).toEqual(['Second']);

    // After these rebuilds from kept lists, the list is what a full read gives (GET sites reads every row).
    await seedSites(ctx, admin.account.id, [{ siteName: 'Third', tags: ['x'] }, { siteName: 'Fourth', notes: 'n' }]);
    expect((await call(admin, 'POST', '/api/sites/edit', { siteId: second, notes: 'edited last' })).statusCode).toBe(200);
    const json = (await call(admin, 'GET', '/api/sites')).json() as TSite[];
    const seconds = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));
    expect((await packed(admin)).map((site) => ({ ...site, created: seconds(site.created), lrr: seconds(site.lrr) }))).toEqual(
      json.map((site) => ({ ...site, created: seconds(site.created), lrr: seconds(site.lrr) })),
    );
  });

  it('answers every write in the next list while the refreshes ahead that writes start are under way', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const colleague = await createTestUser(ctx, { userType: 2, inAccount: admin.account, user: { allowViewAllReports: true } });
    const [siteId] = await seedSites(ctx, admin.account.id, [{ siteName: 'Site' }, { siteName: 'Other' }]);
    expect(await names(admin)).toEqual(['Site', 'Other']);
    // Each write starts (or arms) a rebuild at once; the requests right behind them, concurrent
    // with those rebuilds and with each other, still see their own write.
    for (let edit = 1; edit <= 3; edit += 1) {
      expect((await call(admin, 'POST', '/api/sites/edit', { siteId, siteName: `Site v${edit}` })).statusCode).toBe(200);
      const [mine, theirs] = await Promise.all([names(admin), names(colleague)]);
      expect(mine).toEqual([`Site v${edit}`, 'Other']);
      expect(theirs).toEqual(mine);
    }
  });

  it('never hands a shared list to a user who sees only their own reports', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await grant(ctx, admin.account.id, { [ProductId.Basic]: 5 });
    const own = await createTestUser(ctx, { userType: 2, inAccount: admin.account, user: { allowViewAllReports: false, allowViewOwnReports: true } });
    const [siteId] = await seedSites(ctx, admin.account.id, [{ siteName: 'Shared', ...CHICAGO }]);
    expect((await postReport(admin, { reportType: 0, siteId })).statusCode).toBe(200);
    expect((await packed(admin))[0]!.l).toEqual({ r: 2026, p: 0, f: 0 });
    expect((await packed(own))[0]).toMatchObject({ siteName: 'Shared', l: null, s: {}, lrr: null });
  });

  it('reads whole lists the same way on either path of the embedded database (one JSON value per row, or values)', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    await seedSites(ctx, admin.account.id, [
      { siteName: 'Quotes "and" \\ back\\slash, ünïcödé 🏬', notes: 'line\nbreak\ttab', tags: ['a;b', 'ç', ''], classificationIds: [3, 1], externalId: null, s: { '2': 123.456789, '4': 0.1 }, l: { r: 2026, p: 1, f: 3 } },
      { siteName: 'Empty', tags: [], notes: null, street: '', latitude: -0.000001, longitude: 179.9999999 },
    ]);
    const scope = await siteScope(ctx.deps.database.db, { accountId: admin.account.id, userId: admin.user.id, user: admin.user, account: admin.account, impersonating: false });
    for (const release of [-1, 2019] as const) {
      const few = await readSiteRows(ctx.deps.database, scope, { release });
      const many = await readSiteRows(ctx.deps.database, scope, { release, expected: 'many' });
      expect(many).toEqual(few);
    }
  });
});
