import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@riskatlas/domain';
import { buildApp } from './build-app';
import { createTestContext, createTestUser, unique, type TestContext } from '../../test/context';
import { testDatabaseKinds } from '../../test/databases';
import { auditLog } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { loadConfig } from '../platform/config';

const PASSWORD = 'correct-horse-battery';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, and reads a hop count, true or a list of addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['yes please', '10.0.0.0/33', '10.0.0/8', '::1/129', '1.2.3.4/8/9', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each(await testDatabaseKinds())('the client address behind proxies on %s', (kind) => {
  let ctx: TestContext;
  let behindProxy: FastifyInstance;
  let limitedDirect: FastifyInstance;
  let limitedBehindProxy: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const withConfig = (env: Record<string, string>) => buildApp({ ...ctx.deps, config: { ...ctx.deps.config, ...pick(loadConfig(env)) } });
    behindProxy = await withConfig({ TRUST_PROXY: '1' });
    limitedDirect = await withConfig({ AUTH_RATE_LIMIT: '3' });
    limitedBehindProxy = await withConfig({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await limitedDirect?.close();
    await limitedBehindProxy?.close();
    await ctx?.close();
  });

  /** The settings these tests vary, taken from a parsed environment. */
  function pick(config: ReturnType<typeof loadConfig>) {
    return { trustProxy: config.trustProxy, authRateLimit: config.authRateLimit };
  }

  const failedSignIn = (app: FastifyInstance, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `x-${unique()}@example.test`, password: 'some-password' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: '127.0.0.1',
    });

  it('counts sign-in attempts by the connecting address when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 3; i += 1) expect((await failedSignIn(limitedDirect, `198.51.100.${i + 1}`)).statusCode).toBe(401);
    const refused = await failedSignIn(limitedDirect, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.RateLimited);
  });

  it("counts them by the address a trusted proxy forwarded", async () => {
    for (let i = 0; i < 4; i += 1) expect((await failedSignIn(limitedBehindProxy, `198.51.100.${i + 1}`)).statusCode).toBe(401);
    for (let i = 0; i < 3; i += 1) await failedSignIn(limitedBehindProxy, '198.51.100.50');
    expect((await failedSignIn(limitedBehindProxy, '198.51.100.50')).statusCode).toBe(429);
  });

  /** Signs a new user in through `app` with the given X-Forwarded-For; answers the audited address. */
  async function auditedSignInAddress(app: FastifyInstance, forwardedFor: string): Promise<string | null> {
    const email = `person-${unique()}@example.test`;
    const person = await createTestUser(ctx, { userType: 2, user: { email, passwordHash: await hashPassword(PASSWORD) } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: '10.0.0.5',
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, person.account.id), eq(auditLog.action, 'auth.login')));
    expect(rows).toHaveLength(1);
    return rows[0]!.ip;
  }

  it('audits the connecting address, not a forged X-Forwarded-For', async () => {
    expect(await auditedSignInAddress(ctx.app, '203.0.113.9')).toBe('10.0.0.5');
  });

  it("audits the client address a trusted proxy forwarded, ignoring what the client itself claimed", async () => {
    // The client sent "X-Forwarded-For: 192.0.2.1"; the proxy appended the address it saw.
    expect(await auditedSignInAddress(behindProxy, '192.0.2.1, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('marks cookies Secure only when https is said by a trusted proxy', async () => {
    const signIn = async (app: FastifyInstance) => {
      const email = `person-${unique()}@example.test`;
      await createTestUser(ctx, { userType: 2, user: { email, passwordHash: await hashPassword(PASSWORD) } });
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.statusCode).toBe(200);
      return response.cookies.filter((cookie) => cookie.name === 'ra_session' || cookie.name === 'ra_csrf');
    };
    const direct = await signIn(ctx.app);
    expect(direct).toHaveLength(2);
    for (const cookie of direct) expect(cookie.secure).toBeFalsy();
    const proxied = await signIn(behindProxy);
    expect(proxied).toHaveLength(2);
    for (const cookie of proxied) expect(cookie.secure).toBe(true);
  });
});
