import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, PrefMessages } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';

describe.each(await testDatabaseKinds())('users/prefs on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const getPref = (user: TestUser, type: string) => user.request({ method: 'GET', url: `/api/users/prefs?type=${type}&v=7` });
  const postPref = (user: TestUser, type: string, payload: unknown, path = '/api/users/prefs') =>
    user.request({ method: 'POST', url: `${path}?type=${type}&v=7`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

  it('round-trips preferences: appSettings merges, other types replace', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    expect((await getPref(user, 'appSettings')).json()).toEqual({ type: 'appSettings', value: null });

    expect((await postPref(user, 'appSettings', { methodology: 3, sideNavExpanded: true })).json()).toEqual({ type: 'appSettings', value: { methodology: 3, sideNavExpanded: true } });
    const merged = await postPref(user, 'appSettings', { countryId: 2, sideNavExpanded: false });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().value).toEqual({ methodology: 3, countryId: 2, sideNavExpanded: false });
    expect((await getPref(user, 'appSettings')).json().value).toEqual({ methodology: 3, countryId: 2, sideNavExpanded: false });

    await postPref(user, 'recentlyViewedSites', [5, 4, 3]);
    await postPref(user, 'recentlyViewedSites', [9]);
    expect((await getPref(user, 'recentlyViewedSites')).json()).toEqual({ type: 'recentlyViewedSites', value: [9] });

    const all = await user.request({ method: 'GET', url: '/api/users/prefs' });
    expect(all.json()).toEqual([
      { type: 'appSettings', value: { methodology: 3, countryId: 2, sideNavExpanded: false } },
      { type: 'recentlyViewedSites', value: [9] },
    ]);
  });

  it('refuses invalid values with 400 naming the field, and unknown types', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const bad = await postPref(user, 'appSettings', { methodology: 'three' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.ValidationFailed, field: 'methodology' });
    expect(bad.json().message).toBe('Methodology must be a number.');

    const tooMany = await postPref(user, 'recentlyViewedSites', Array.from({ length: 21 }, (_, i) => i + 1));
    expect(tooMany.statusCode).toBe(400);
    const nested = await postPref(user, 'libraryColumns', [{ id: 'siteName', width: 10 }]);
    expect(nested.statusCode).toBe(400);
    expect(nested.json().field).toBe('0.width');

    const unknownType = await postPref(user, 'favouriteColour', { x: 1 });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().field).toBe('type');
    expect((await getPref(user, 'appSettings')).json().value).toBeNull();
  });

  it('lets read-only users save their own preferences', async () => {
    const reader = await createTestUser(ctx, { userType: 1 });
    const saved = await postPref(reader, 'cookieConsent', { acknowledgedUntil: '2099-12-31' });
    expect(saved.statusCode).toBe(200);
    expect((await getPref(reader, 'cookieConsent')).json().value).toEqual({ acknowledgedUntil: '2099-12-31' });
  });

  it("never shows another account's preferences", async () => {
    const mine = await createTestUser(ctx, { userType: 3 });
    const theirs = await createTestUser(ctx, { userType: 3 });
    await postPref(mine, 'libraryColumns', [{ id: 'siteName', width: 200 }]);
    expect((await getPref(theirs, 'libraryColumns')).json().value).toBeNull();
    expect((await theirs.request({ method: 'GET', url: '/api/users/prefs' })).json()).toEqual([]);
  });

  it('sets a preference for every user of the account (admins only)', async () => {
    const admin = await createTestUser(ctx, { userType: 3 });
    const colleague = await createTestUser(ctx, { userType: 2, inAccount: admin.account });
    const reader = await createTestUser(ctx, { userType: 1, inAccount: admin.account });
    const outsider = await createTestUser(ctx, { userType: 3 });
    await postPref(colleague, 'appSettings', { countryId: 5 });

    const refused = await postPref(colleague, 'appSettings', { methodology: 4 }, '/api/users/prefs/setforall');
    expect(refused.statusCode).toBe(403);
    expect((await postPref(reader, 'appSettings', { methodology: 4 }, '/api/users/prefs/setforall')).statusCode).toBe(403);

    const columns = [{ id: 'siteName', width: 240 }, { id: 'city', hidden: true }];
    const done = await postPref(admin, 'libraryColumns', columns, '/api/users/prefs/setforall');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ type: 'libraryColumns', value: columns, usersUpdated: 3 });
    for (const user of [admin, colleague, reader]) expect((await getPref(user, 'libraryColumns')).json().value).toEqual(columns);
    expect((await getPref(outsider, 'libraryColumns')).json().value).toBeNull();

    // appSettings set for all merges into each user's own settings.
    await postPref(admin, 'appSettings', { methodology: 4 }, '/api/users/prefs/setforall');
    expect((await getPref(colleague, 'appSettings')).json().value).toEqual({ countryId: 5, methodology: 4 });

    const invalid = await postPref(admin, 'libraryColumns', { not: 'a list' }, '/api/users/prefs/setforall');
    expect(invalid.statusCode).toBe(400);
  });
  it('refuses library columns when the account locks them, unless admin, impersonating or staff', async () => {
    const admin = await createTestUser(ctx, { userType: 3, account: { lockLibraryViewColumns: true } });
    const standard = await createTestUser(ctx, { userType: 2, inAccount: admin.account });
    const reader = await createTestUser(ctx, { userType: 1, inAccount: admin.account });
    const columns = [{ id: 'siteName', width: 240 }];

    for (const user of [standard, reader]) {
      const refused = await postPref(user, 'libraryColumns', columns);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: ErrorCode.Forbidden, message: PrefMessages.libraryColumnsLocked });
      expect((await getPref(user, 'libraryColumns')).json().value).toBeNull();
      // Only the column layout is locked: the user's other preferences still save.
      expect((await postPref(user, 'appSettings', { sideNavExpanded: true })).statusCode).toBe(200);
    }
    expect((await postPref(admin, 'libraryColumns', columns)).statusCode).toBe(200);

    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: admin.account.id } })).statusCode).toBe(200);
    const impersonated = await postPref(staff, 'libraryColumns', [{ id: 'city', width: 120 }]);
    expect(impersonated.statusCode).toBe(200);
    expect((await getPref(staff, 'libraryColumns')).json().value).toEqual([{ id: 'city', width: 120 }]);

    // Unlocked accounts: anyone saves their own layout.
    const free = await createTestUser(ctx, { userType: 2 });
    expect((await postPref(free, 'libraryColumns', columns)).statusCode).toBe(200);
  });
});
