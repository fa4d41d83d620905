import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZSessionInfo } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { users } from '../../db/schema/index';

describe.each(await testDatabaseKinds())('session info and expiry on %s', (kind) => {
  let ctx: TestContext;
  let ttl: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ttl = ctx.deps.config.sessionTtlMinutes;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const sessionOf = async (user: { request: Awaited<ReturnType<typeof createTestUser>>['request'] }, query = '') => {
    const response = await user.request({ method: 'GET', url: `/api/users/session${query}` });
    expect(response.statusCode).toBe(200);
    return ZSessionInfo.parse(response.json());
  };

  it('answers status 0 with 200 when there is no session', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/users/session?uid=5&v=3' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ status: 0, sessionExpiration: 0, accountUnderMaintenance: false, accountReadOnly: false, inactivityTimeout: 0 });
    const garbage = await ctx.app.inject({ method: 'GET', url: '/api/users/session', headers: { cookie: 'ra_session=not-a-real-token' } });
    expect(garbage.json().status).toBe(0);
  });

  it('answers status 1 with the minutes left and the inactivity timeout', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { inactivityTimeoutMinutes: 45 } });
    const info = await sessionOf(user, `?uid=${user.user.id}`);
    expect(info).toEqual({ status: 1, sessionExpiration: ttl, accountUnderMaintenance: false, accountReadOnly: false, inactivityTimeout: 45 });
  });

  it('answers 0 when uid names another user than the session', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    expect((await sessionOf(user, `?uid=${user.user.id + 1000}`)).status).toBe(0);
    expect((await sessionOf(user, '?uid=')).status).toBe(1);
    expect((await sessionOf(user, '?uid=0')).status).toBe(1);
    expect((await user.request({ method: 'GET', url: '/api/users/session?uid=abc' })).statusCode).toBe(400);
  });

  it('answers -1 when the user has been disabled (and other routes refuse the session)', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    await ctx.deps.database.db.update(users).set({ isEnabled: false }).where(eq(users.id, user.user.id));
    expect((await sessionOf(user)).status).toBe(-1);
    expect((await user.request({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(401);
  });

  it('reports a read-only account as read-only but not locked out for maintenance', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { readOnly: true } });
    expect(await sessionOf(user)).toMatchObject({ status: 1, accountUnderMaintenance: false, accountReadOnly: true });
  });

  it('reports the operator maintenance switch as under maintenance, except to staff', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { underMaintenance: true } });
    expect(await sessionOf(user)).toMatchObject({ status: 1, accountUnderMaintenance: true, accountReadOnly: false });
    const staff = await createTestUser(ctx, { userType: 4, account: { underMaintenance: true, isProvider: true } });
    expect(await sessionOf(staff)).toMatchObject({ status: 1, accountUnderMaintenance: false });
  });

  it('does not count the session check as activity; other requests renew the expiry', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { inactivityTimeoutMinutes: 0 } });
    ctx.clock.advance(10 * 60_000);
    const passive = await sessionOf(user);
    expect(passive.sessionExpiration).toBeLessThanOrEqual(ttl - 10);
    expect(passive.sessionExpiration).toBeGreaterThanOrEqual(ttl - 11);
    expect((await sessionOf(user)).sessionExpiration).toBeLessThanOrEqual(ttl - 10);
    expect((await user.request({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(200);
    expect((await sessionOf(user)).sessionExpiration).toBe(ttl);
  });

  it('expires a session at the end of its lifetime', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { inactivityTimeoutMinutes: 0 } });
    ctx.clock.advance((ttl - 1) * 60_000);
    expect((await sessionOf(user)).status).toBe(1);
    ctx.clock.advance(2 * 60_000);
    expect(await sessionOf(user)).toMatchObject({ status: 0, sessionExpiration: 0 });
    expect((await user.request({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(401);
  });

  it("expires a session idle longer than the account's inactivity timeout", async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { inactivityTimeoutMinutes: 30 } });
    ctx.clock.advance(29 * 60_000);
    expect((await user.request({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(200);
    ctx.clock.advance(29 * 60_000);
    expect((await user.request({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(200);
    // 30 minutes plus the two-minute grace, then refused.
    ctx.clock.advance(33 * 60_000);
    expect((await sessionOf(user)).status).toBe(0);
    expect((await user.request({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(401);
  });
});
