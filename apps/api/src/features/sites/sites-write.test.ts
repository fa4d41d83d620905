import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SITE_COMMENT_LENGTH, ZCurrentUser, ZSite, ZSiteComment, ZSiteCommentList, ZSiteOnlyLimit, type TSite } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { CHICAGO, MID_ATLANTIC, RURAL_KANSAS, siteName, siteRows } from '../../../test/report-fixtures';
import { accounts, auditLog } from '../../db/schema/index';
import { call, seedSites } from './sites-test-fixtures';

describe.each(await testDatabaseKinds())('sites API (writes) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const dataLastUpdated = async (accountId: number) =>
    (await ctx.deps.database.db.select({ at: accounts.dataLastUpdated }).from(accounts).where(eq(accounts.id, accountId)))[0]!.at.getTime();
  const audits = (accountId: number, action: string) =>
    ctx.deps.database.db.select().from(auditLog).where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, action)));
  const create = (user: TestUser, body: Record<string, unknown>, query = '') => call(user, 'POST', `/api/sites${query ? `?${query}` : ''}`, body);

  it('creates a site without a report, by coordinates or by address, and answers it', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const before = await dataLastUpdated(user.account.id);
    const name = siteName('Tower');
    const byPoint = await create(user, { siteName: ` ${name} `, ...CHICAGO, tags: 'hq; Chicago;HQ', notes: ' Lobby ', externalID: 'T-1' });
    expect(byPoint.statusCode, byPoint.body).toBe(200);
    const site = ZSite.parse(byPoint.json());
    expect(site).toMatchObject({ siteName: name, tags: ['hq', 'Chicago'], notes: 'Lobby', eid: 'T-1', countryCode: 'USA', city: 'Chicago', state: 'IL', geocodeType: 'MANUAL', ct: 2, l: null, s: {}, lrr: null });
    expect(await dataLastUpdated(user.account.id)).toBeGreaterThanOrEqual(before);
    expect(await audits(user.account.id, 'site.created')).toHaveLength(1);

    const byAddress = await create(user, { siteName: siteName('Kansas'), street: '', city: 'La Crosse', state: 'KS', zipCode: '67548', countryCode: 'USA' }, 'allowZipLevelPrecision=true&acceptFirstCandidate=true');
    expect(byAddress.statusCode, byAddress.body).toBe(200);
    expect(ZSite.parse(byAddress.json())).toMatchObject({ countryCode: 'USA', state: 'KS' });
    expect(await siteRows(ctx, user.account.id)).toHaveLength(2);
  });

  it("refuses a taken name with the product's message, a duplicate point unless ignoreDuplicates, and an unscorable point", async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    const name = siteName('Depot');
    expect((await create(user, { siteName: name, ...CHICAGO })).statusCode).toBe(200);
    const taken = await create(user, { siteName: name.toUpperCase(), ...RURAL_KANSAS });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: `Another site in the account already has the name '${name.toUpperCase()}'. Please use a different site name.`, field: 'siteName' });
    const duplicate = await create(user, { siteName: siteName('Depot 2'), ...CHICAGO });
    expect(duplicate.statusCode).toBe(409);
    expect(await siteRows(ctx, user.account.id)).toHaveLength(1);
    expect((await create(user, { siteName: siteName('Depot 3'), ...CHICAGO }, 'ignoreDuplicates=true')).statusCode).toBe(200);
    const sea = await create(user, { siteName: siteName('Sea'), ...MID_ATLANTIC });
    expect(sea.statusCode).toBe(400);
    expect(sea.json().message).toBe('The location is not scorable. Please verify coordinates and try again.');
    const nameless = await create(user, { siteName: '  ', ...CHICAGO });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toContain('Site Name is required.');
  });

  it('holds the account to its site-only limit, and says so through account/checkSiteOnlyAccountLimit', async () => {
    const user = await createTestUser(ctx, { userType: 3, account: { siteOnlyLimit: 2 } });
    const check = async (query = '') => {
      const response = await call(user, 'GET', `/api/account/checkSiteOnlyAccountLimit${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return ZSiteOnlyLimit.parse(response.json());
    };
    expect(await check(`?accountId=${user.account.id}`)).toEqual({ limit: 2, sitesWithoutReports: 0, remaining: 2, canCreate: true, message: null });
    expect((await create(user, { siteName: siteName(), ...CHICAGO })).statusCode).toBe(200);
    expect((await create(user, { siteName: siteName(), ...RURAL_KANSAS })).statusCode).toBe(200);
    const third = await create(user, { siteName: siteName(), latitude: 40.7128, longitude: -74.006 });
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe('You may not create more than 2 sites without reports.');
    expect(await check()).toEqual({ limit: 2, sitesWithoutReports: 2, remaining: 0, canCreate: false, message: 'You may not create more than 2 sites without reports.' });
    expect(await siteRows(ctx, user.account.id)).toHaveLength(2);

    const other = await createTestUser(ctx, { userType: 3 });
    expect((await call(user, 'GET', `/api/account/checkSiteOnlyAccountLimit?accountId=${other.account.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/account/checkSiteOnlyAccountLimit')).json()).toMatchObject({ limit: null, canCreate: true });
  });

  it('lets two concurrent creations take only the last place under the limit', async () => {
    const user = await createTestUser(ctx, { userType: 3, account: { siteOnlyLimit: 1 } });
    const results = await Promise.all([create(user, { siteName: siteName(), ...CHICAGO }), create(user, { siteName: siteName(), ...RURAL_KANSAS })]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(await siteRows(ctx, user.account.id)).toHaveLength(1);
  });

  it('edits name, notes, tags and external id; checks the name; leaves out what is not sent', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const [siteId, otherId] = await seedSites(ctx, user.account.id, [{ siteName: 'Old name', notes: 'keep', tags: ['a'], externalId: 'E1' }, { siteName: 'Taken Name' }]);
    const before = await dataLastUpdated(user.account.id);
    const edit = (body: Record<string, unknown>) => call(user, 'POST', '/api/sites/edit', { siteId, ...body });

    const saved = await edit({ siteName: ' New name ', tags: ' x; y ;X;', externalID: ' E2 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZSite.parse(saved.json())).toMatchObject({ siteId, siteName: 'New name', notes: 'keep', tags: ['x', 'y'], eid: 'E2' });
    expect(await dataLastUpdated(user.account.id)).toBeGreaterThanOrEqual(before);

    expect(((await edit({ tags: ['p', ' q ', 'P'], notes: '' })).json() as TSite)).toMatchObject({ tags: ['p', 'q'], notes: null, siteName: 'New name' });
    expect(((await edit({ tags: null, externalID: null })).json() as TSite)).toMatchObject({ tags: [], eid: null });
    // The same name in another case is the site's own: allowed.
    expect((await edit({ siteName: 'NEW NAME' })).statusCode).toBe(200);

    const taken = await edit({ siteName: 'taken name' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: "Another site in the account already has the name 'taken name'. Please use a different site name.", field: 'siteName' });
    const empty = await edit({ siteName: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Site Name is required.', field: 'siteName' });
    expect((await siteRows(ctx, user.account.id)).find((row) => row.siteId === siteId)!.siteName).toBe('NEW NAME');
    expect(await audits(user.account.id, 'site.edited')).toHaveLength(4);
    expect(otherId).toBeGreaterThan(siteId!);
  });

  it('skips the duplicate-name check in legacy mode', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { createSitesInLegacyMode: true } });
    const [siteId] = await seedSites(ctx, user.account.id, [{ siteName: 'One', nameKey: null }, { siteName: 'Two', nameKey: null }]);
    const renamed = await call(user, 'POST', '/api/sites/edit', { siteId, siteName: 'Two' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await siteRows(ctx, user.account.id)).map((row) => row.siteName)).toEqual(['Two', 'Two']);
  });

  it("refuses read-only users with a plain 403, and another account's site with 404", async () => {
    const owner = await createTestUser(ctx, { userType: 3 });
    const reader = await createTestUser(ctx, { userType: 1, inAccount: owner.account });
    const denied = await createTestUser(ctx, { userType: 2, inAccount: owner.account, user: { denyEditSiteAbility: true, allowComments: false } });
    const stranger = await createTestUser(ctx, { userType: 3 });
    const [siteId] = await seedSites(ctx, owner.account.id, [{ siteName: 'Guarded' }]);

    for (const [method, url, body] of [
      ['POST', '/api/sites', { siteName: siteName(), ...CHICAGO }],
      ['POST', '/api/sites/edit', { siteId, siteName: 'Hacked' }],
      ['POST', '/api/sites/delete', [siteId]],
    ] as const) {
      const response = await call(reader, method, url, body);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ code: 'READ_ONLY', message: 'Read Only users cannot make changes.' });
    }
    const comment = await call(reader, 'POST', `/api/sites/${siteId}/comments`, { comment: 'hi' });
    expect(comment.statusCode).toBe(403);
    expect(comment.json()).toEqual({ code: 'READ_ONLY', message: 'Read Only users cannot add comments.' });

    const deniedEdit = await call(denied, 'POST', '/api/sites/edit', { siteId, siteName: 'Hacked' });
    expect(deniedEdit.statusCode).toBe(403);
    expect(deniedEdit.json().message).toBe('You do not have permission to edit sites.');
    expect((await call(denied, 'POST', `/api/sites/${siteId}/comments`, { comment: 'hi' })).json().message).toBe('You do not have permission to add comments.');
    expect((await call(denied, 'GET', `/api/sites/full/${siteId}`)).json().permissions).toEqual({ canEdit: false, canComment: false, canDelete: false, deleteNeedsReason: false });

    const foreign = await call(stranger, 'POST', '/api/sites/edit', { siteId, siteName: 'Hacked' });
    expect(foreign.statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/sites/${siteId}/comments`, { comment: 'hi' })).statusCode).toBe(404);
    expect((await siteRows(ctx, owner.account.id))[0]!.siteName).toBe('Guarded');

    // A read-only account (maintenance) refuses with its own words.
    const maintained = await createTestUser(ctx, { userType: 3, account: { readOnly: true } });
    const [mine] = await seedSites(ctx, maintained.account.id, [{}]);
    const locked = await call(maintained, 'POST', '/api/sites/edit', { siteId: mine, notes: 'x' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('This account is under maintenance and is read-only for now.');
  });

  it('adds comments with author and date, lists them newest first, and counts them in sites/full', async () => {
    const user = await createTestUser(ctx, { userType: 2, user: { firstName: 'Ada', lastName: 'Lovelace' } });
    const [siteId, other] = await seedSites(ctx, user.account.id, [{}, {}]);
    const first = await call(user, 'POST', `/api/sites/${siteId}/comments`, { comment: '  Gate code changed  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(ZSiteComment.parse(first.json())).toMatchObject({ siteId, comment: 'Gate code changed', author: 'Ada Lovelace', userId: user.user.id });
    ctx.clock.advance(1000);
    await call(user, 'POST', `/api/sites/${siteId}/comments`, { comment: 'Second' });
    const listed = ZSiteCommentList.parse((await call(user, 'GET', `/api/sites/${siteId}/comments`)).json());
    expect(listed.map((entry) => entry.comment)).toEqual(['Second', 'Gate code changed']);
    expect(Date.parse(listed[0]!.date)).toBeGreaterThan(Date.parse(listed[1]!.date));
    expect((await call(user, 'GET', `/api/sites/${other}/comments`)).json()).toEqual([]);
    expect((await call(user, 'GET', `/api/sites/full/${siteId}`)).json().commentsCount).toBe(2);
    const empty = await call(user, 'POST', `/api/sites/${siteId}/comments`, { comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter a comment.');
  });

  it('takes a comment of up to 2,000 characters and refuses a longer one, naming the field', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const [siteId] = await seedSites(ctx, user.account.id, [{}]);
    expect(MAX_SITE_COMMENT_LENGTH).toBe(2000);
    const longest = await call(user, 'POST', `/api/sites/${siteId}/comments`, { comment: 'x'.repeat(2000) });
    expect(longest.statusCode, longest.body).toBe(200);
    const tooLong = await call(user, 'POST', `/api/sites/${siteId}/comments`, { comment: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' });
    expect(tooLong.json().message).toContain('at most 2,000 characters');
    expect((await call(user, 'GET', `/api/sites/${siteId}/comments`)).json()).toHaveLength(1);
  });

  it('uncaches sites for support only: the account data is marked changed', async () => {
    const customer = await createTestUser(ctx, { userType: 3 });
    expect((await call(customer, 'POST', '/api/sites/deletecache')).statusCode).toBe(403);
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id } })).statusCode).toBe(200);
    ctx.clock.advance(5000);
    const response = await call(staff, 'POST', '/api/sites/deletecache');
    expect(response.statusCode, response.body).toBe(200);
    const { dataLastUpdated: stamp } = response.json() as { dataLastUpdated: string };
    expect(Date.parse(stamp)).toBe(await dataLastUpdated(customer.account.id));
    const current = ZCurrentUser.parse((await call(customer, 'GET', '/api/users/current')).json());
    expect(current.account.dataLastUpdated).toBe(stamp);
    expect(await audits(customer.account.id, 'sites.uncached')).toHaveLength(1);
  });
});
