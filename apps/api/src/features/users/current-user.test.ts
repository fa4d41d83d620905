import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_PRODUCT_IDS, ZCurrentUser, type TCurrentUser } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { users } from '../../db/schema/index';
import { announceAuthChange } from '../../access/session-cache';
import { updateAccountSettings } from '../accounts/index';
import { touchAccountData } from '../sites/index';

const allProducts = (value: number) => Object.fromEntries(ALL_PRODUCT_IDS.map((id) => [String(id), value]));

describe.each(await testDatabaseKinds())('GET users/current on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function currentOf(options: Parameters<typeof createTestUser>[1]): Promise<TCurrentUser & Record<string, unknown>> {
    const user = await createTestUser(ctx, options);
    const response = await user.request({ method: 'GET', url: '/api/users/current?v=abc' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    ZCurrentUser.parse(body);
    return body;
  }

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(401);
  });

  it('presents a read-only user: no creating, commenting, editing or products', async () => {
    const me = await currentOf({ userType: 1 });
    expect(me).toMatchObject({
      userType: 1,
      adminMode: false,
      readOnlyMode: true,
      capMode: false,
      impersonationMode: false,
      allowCreateReports: false,
      allowAnyProduct: false,
      allowComments: false,
      denyEditSiteAbility: true,
    });
    expect(me.allowProduct).toEqual(allProducts(0));
  });

  it('presents a standard user with every product allowed by default', async () => {
    const me = await currentOf({ userType: 2, user: { firstName: 'Ada', lastName: 'Lovelace', title: 'Analyst' } });
    expect(me).toMatchObject({
      userType: 2,
      adminMode: false,
      readOnlyMode: false,
      capMode: false,
      allowCreateReports: true,
      allowAnyProduct: true,
      allowComments: true,
      denyEditSiteAbility: false,
      fullName: 'Ada Lovelace',
      title: 'Analyst',
      userContactInfo: { title: 'Analyst', email: me.email },
    });
    expect(me.userID).toBe(me.userId);
    expect(me.allowProduct).toEqual(allProducts(1));
    expect(me).not.toHaveProperty('passwordHash');
    expect(me).not.toHaveProperty('password');
  });

  it('takes stored per-product permissions over the default', async () => {
    const me = await currentOf({ userType: 2, user: { allowProduct: { '0': 3, '1': 0 }, allowCreateReports: false } });
    expect(me.allowProduct).toEqual({ ...allProducts(1), '0': 3, '1': 0 });
    expect(me.allowCreateReports).toBe(false);
    const none = await currentOf({ userType: 2, user: { allowProduct: allProducts(0) } });
    expect(none.allowAnyProduct).toBe(false);
  });

  it('allows invoices only when both the account and the user do', async () => {
    expect((await currentOf({ userType: 2, user: { allowInvoice: true } })).allowInvoice).toBe(false);
    expect((await currentOf({ userType: 2, account: { allowInvoice: true } })).allowInvoice).toBe(false);
    expect((await currentOf({ userType: 2, user: { allowInvoice: true }, account: { allowInvoice: true } })).allowInvoice).toBe(true);
  });

  it('presents an administrator', async () => {
    const me = await currentOf({ userType: 3 });
    expect(me).toMatchObject({ adminMode: true, readOnlyMode: false, capMode: false, impersonationMode: false });
  });

  it('presents provider staff (type 4) in capMode', async () => {
    const me = await currentOf({ userType: 4, account: { isProvider: true } });
    expect(me).toMatchObject({ adminMode: true, readOnlyMode: false, capMode: true, impersonationMode: false });
    expect(me.accountID).toBe(me.homeAccountID);
  });

  it('makes everyone but staff read-only in a read-only account', async () => {
    const admin = await currentOf({ userType: 3, account: { readOnly: true } });
    expect(admin).toMatchObject({ adminMode: true, readOnlyMode: true, allowCreateReports: false, allowAnyProduct: false });
    expect(admin.account.readOnly).toBe(true);
    const staff = await currentOf({ userType: 4, account: { readOnly: true, isProvider: true } });
    expect(staff.readOnlyMode).toBe(false);
  });

  it('carries the acting account with every Account field', async () => {
    const me = await currentOf({
      userType: 2,
      account: { company: 'Acme Stores', themePalette: 'ocean', themeDark: true, warningBanner: 'Planned work Sunday', supportId: 'desk-42', inactivityTimeoutMinutes: 20, hasModulesAccess: true, releaseYears: { '1': 2024 } },
    });
    expect(me.account).toMatchObject({
      company: 'Acme Stores',
      theme: { palette: 'ocean', dark: true },
      warningBanner: 'Planned work Sunday',
      supportId: 'desk-42',
      inactivityTimeout: 20,
      hasModulesAccess: true,
      hasCitywideMaps: false,
      releaseYears: { '1': 2024 },
      allowedMethodologies: 15,
      defaultPremiumMethodology: [2, 3],
      externalIDName: 'External ID',
    });
    expect(me.account.accountID).toBe(me.accountID);
    expect(Number.isNaN(Date.parse(me.account.dataLastUpdated))).toBe(false);
  });

  /**
   * The body is kept per cached caller (current-user.presenter.ts): each change below must show
   * in the very next answer, though the session cache would otherwise keep the caller 5 s.
   */
  describe('after a change to what it shows', () => {
    const fetchCurrent = async (user: TestUser) => {
      const response = await user.request({ method: 'GET', url: '/api/users/current' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return ZCurrentUser.parse(response.json());
    };

    it("shows the user's new name and product rights once the change is announced", async () => {
      const user = await createTestUser(ctx, { userType: 2, user: { firstName: 'Ada', lastName: 'Lovelace' } });
      expect((await fetchCurrent(user)).fullName).toBe('Ada Lovelace');
      expect((await fetchCurrent(user)).allowProduct['1']).toBe(1);
      const { db } = ctx.deps.database;
      await db.update(users).set({ firstName: 'Grace', lastName: 'Hopper', allowProduct: { '1': 0 } }).where(eq(users.id, user.user.id));
      await announceAuthChange(db, { userId: user.user.id });
      const after = await fetchCurrent(user);
      expect(after).toMatchObject({ fullName: 'Grace Hopper', firstName: 'Grace' });
      expect(after.allowProduct['1']).toBe(0);
    });

    it("shows the account's new settings and data stamp at once", async () => {
      const user = await createTestUser(ctx, { userType: 2 });
      const before = await fetchCurrent(user);
      expect(before.account.warningBanner).not.toBe('Planned work Sunday');
      await updateAccountSettings(ctx.deps.database.db, user.account.id, { warningBanner: 'Planned work Sunday', readOnly: true }, ctx.clock.now());
      const settled = await fetchCurrent(user);
      expect(settled.account.warningBanner).toBe('Planned work Sunday');
      expect(settled).toMatchObject({ readOnlyMode: true, allowCreateReports: false });
      const stamp = await touchAccountData(ctx.deps.database.db, user.account.id, new Date(Date.parse(before.account.dataLastUpdated) + 60_000));
      expect((await fetchCurrent(user)).account.dataLastUpdated).toBe(stamp.toISOString());
    });

    it('shows a change made by hand, unannounced, once the cached session ages out', async () => {
      const user = await createTestUser(ctx, { userType: 2, user: { firstName: 'Ada', lastName: 'Lovelace' } });
      expect((await fetchCurrent(user)).firstName).toBe('Ada');
      await ctx.deps.database.db.update(users).set({ firstName: 'Grace' }).where(eq(users.id, user.user.id));
      expect((await fetchCurrent(user)).firstName).toBe('Ada');
      ctx.clock.advance(5_001);
      expect((await fetchCurrent(user)).firstName).toBe('Grace');
    });
  });
});
