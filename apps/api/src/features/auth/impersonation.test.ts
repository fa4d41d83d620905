import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZCurrentUser } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { auditLog } from '../../db/schema/index';

describe.each(await testDatabaseKinds())('impersonation on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const auditsOf = (accountId: number, action: string) =>
    ctx.deps.database.db.select().from(auditLog).where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, action)));

  it('lets provider staff act in a customer account and return, audited in both accounts', async () => {
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true, company: 'Provider' } });
    const customer = await createTestUser(ctx, { userType: 3, account: { readOnly: true } });

    const started = await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id } });
    expect(started.statusCode).toBe(200);
    const acting = ZCurrentUser.parse(started.json());
    expect(acting).toMatchObject({ impersonationMode: true, capMode: true, adminMode: true, readOnlyMode: false, accountID: customer.account.id, homeAccountID: staff.account.id });
    expect(acting.account.accountID).toBe(customer.account.id);

    const current = (await staff.request({ method: 'GET', url: '/api/users/current' })).json();
    expect(current).toMatchObject({ impersonationMode: true, accountID: customer.account.id });

    const home = await auditsOf(staff.account.id, 'impersonation.start');
    const there = await auditsOf(customer.account.id, 'impersonation.start');
    expect(home).toHaveLength(1);
    expect(there).toHaveLength(1);
    expect(there[0]).toMatchObject({ actorUserId: staff.user.id, impersonatorUserId: staff.user.id, targetId: String(customer.account.id) });

    // A write while impersonating is audited in the customer account by the auth plugin.
    const write = await staff.request({ method: 'POST', url: '/api/users/prefs?type=appSettings', payload: { methodology: 2 } });
    expect(write.statusCode).toBe(200);
    expect(await auditsOf(customer.account.id, 'impersonated.request')).not.toHaveLength(0);

    const ended = await staff.request({ method: 'POST', url: '/api/auth/impersonate/end' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ impersonationMode: false, accountID: staff.account.id });
    expect(await auditsOf(staff.account.id, 'impersonation.end')).toHaveLength(1);
    expect(await auditsOf(customer.account.id, 'impersonation.end')).toHaveLength(1);
  });

  it("keeps the staff member's own preferences apart from those made while impersonating", async () => {
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    const customer = await createTestUser(ctx, { userType: 2 });
    await staff.request({ method: 'POST', url: '/api/users/prefs?type=appSettings', payload: { countryId: 3 } });
    await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id } });
    expect((await staff.request({ method: 'GET', url: '/api/users/prefs?type=appSettings' })).json().value).toBeNull();
    await staff.request({ method: 'POST', url: '/api/auth/impersonate/end' });
    expect((await staff.request({ method: 'GET', url: '/api/users/prefs?type=appSettings' })).json().value).toEqual({ countryId: 3 });
  });

  it('refuses everyone but type-4 staff of a provider account', async () => {
    const customer = await createTestUser(ctx, { userType: 2 });
    for (const userType of [1, 2, 3]) {
      const user = await createTestUser(ctx, { userType, account: { isProvider: userType === 3 } });
      const response = await user.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id } });
      expect(response.statusCode).toBe(403);
    }
    const strayStaff = await createTestUser(ctx, { userType: 4 });
    expect((await strayStaff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id } })).statusCode).toBe(403);
    expect(await auditsOf(customer.account.id, 'impersonation.start')).toHaveLength(0);
  });

  it('refuses missing and provider accounts, and needs CSRF', async () => {
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    const otherProvider = await createTestUser(ctx, { userType: 4, account: { isProvider: true } });
    const customer = await createTestUser(ctx, { userType: 2 });
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: 99_999_999 } })).statusCode).toBe(404);
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: otherProvider.account.id } })).statusCode).toBe(403);
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: customer.account.id }, csrf: false })).statusCode).toBe(403);
    expect((await staff.request({ method: 'POST', url: '/api/auth/impersonate', payload: { accountId: 'x' } })).statusCode).toBe(400);
  });

  it('lists customer accounts for staff only', async () => {
    const staff = await createTestUser(ctx, { userType: 4, account: { isProvider: true, company: 'Provider Inc' } });
    const customer = await createTestUser(ctx, { userType: 3, account: { company: 'Zebra Goods 100%' } });
    const list = await staff.request({ method: 'GET', url: '/api/accounts' });
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((a: { accountID: number }) => a.accountID);
    expect(ids).toContain(customer.account.id);
    expect(ids).not.toContain(staff.account.id);
    const filtered = await staff.request({ method: 'GET', url: '/api/accounts?q=zebra%20goods%20100%25' });
    expect(filtered.json()).toEqual([{ accountID: customer.account.id, company: 'Zebra Goods 100%' }]);
    expect((await customer.request({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(403);
  });
});
