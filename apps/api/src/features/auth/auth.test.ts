import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, Messages, ZLoginResponse } from '@riskatlas/domain';
import { createTestContext, createTestUser, unique, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { buildApp } from '../../app/build-app';
import { auditLog, sessions, users } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';
import { loginSlowdownMs } from './login-throttle-rules';

const PASSWORD = 'correct-horse-battery';

describe.each(await testDatabaseKinds())('auth routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A new account with a user who has a password. */
  async function userWithPassword(options: { userType?: number; isEnabled?: boolean; password?: string | null } = {}) {
    const password = options.password === undefined ? PASSWORD : options.password;
    const email = `Person-${unique()}@Example.test`.toLowerCase();
    const test = await createTestUser(ctx, {
      userType: options.userType ?? 2,
      user: { email, passwordHash: password === null ? null : await hashPassword(password), isEnabled: options.isEnabled ?? true },
    });
    return { ...test, email, password };
  }

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login?v=1', payload: { email, password }, headers });

  const cookieOf = (response: { cookies: { name: string; value: string }[] }) => {
    const cookie = response.cookies.find((c) => c.name === 'ra_session');
    return cookie ? `ra_session=${cookie.value}` : undefined;
  };

  it('signs in: HttpOnly Lax session cookie, CSRF token in the body and in a Strict cookie pages can read, last login and an audit entry', async () => {
    const { email, user, account } = await userWithPassword();
    const response = await login(`  ${email.toUpperCase()} `, PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = ZLoginResponse.parse(response.json());
    expect(body).toMatchObject({ userId: user.id, accountId: account.id, sessionExpiration: ctx.deps.config.sessionTtlMinutes });
    expect(body.csrfToken.length).toBeGreaterThan(20);
    const setCookies = [response.headers['set-cookie']].flat().map(String);
    const sessionCookie = setCookies.find((cookie) => cookie.startsWith('ra_session='))!;
    expect(sessionCookie).toMatch(/^ra_session=[^;]+;/);
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).toMatch(/Path=\//);
    expect(sessionCookie).not.toMatch(/Secure/);
    const csrfCookie = setCookies.find((cookie) => cookie.startsWith('ra_csrf='))!;
    expect(csrfCookie).toBe(`ra_csrf=${body.csrfToken}; Path=/; SameSite=Strict`);

    const current = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: cookieOf(response)! } });
    expect(current.statusCode).toBe(200);
    expect(current.json().userId).toBe(user.id);

    const { db } = ctx.deps.database;
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).not.toBeNull();
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'auth.login')));
    expect(audits).toHaveLength(1);
  });

  it('answers unknown e-mail, wrong password and no password identically', async () => {
    const known = await userWithPassword();
    const noPassword = await userWithPassword({ password: null });
    const answers = [
      await login(`nobody-${unique()}@example.test`, PASSWORD),
      await login(known.email, 'wrong-password-123'),
      await login(noPassword.email, PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ code: ErrorCode.InvalidCredentials, message: Messages.invalidCredentials });
      expect(answer.cookies.find((c) => c.name === 'ra_session')).toBeUndefined();
    }
  });

  it('tells a disabled user so only when the password was right', async () => {
    const disabled = await userWithPassword({ isEnabled: false });
    const wrong = await login(disabled.email, 'wrong-password-123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(Messages.invalidCredentials);
    const right = await login(disabled.email, PASSWORD);
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(Messages.userDisabled);
    expect(right.cookies.find((c) => c.name === 'ra_session')).toBeUndefined();
  });

  /** A sign-in from a given client address. */
  const loginFrom = (ip: string, email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  const lockedAnswer = { code: ErrorCode.AccountLocked, message: Messages.accountLocked };

  it('locks a client out of an e-mail for 15 minutes after 5 failures from it, even with the right password', async () => {
    const { email } = await userWithPassword();
    for (let i = 0; i < 5; i += 1) expect((await login(email, `wrong-${i}-password`)).statusCode).toBe(401);
    const locked = await login(email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(lockedAnswer);
    expect(locked.json().message).toMatch(/reset your password/);
    ctx.clock.advance(14 * 60_000);
    expect((await login(email, PASSWORD)).statusCode).toBe(429);
    ctx.clock.advance(60_000 + 1000);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('an attacker failing 20 times locks only their own client: the real user signs in from theirs', async () => {
    const { email, user } = await userWithPassword();
    const attacker = '203.0.113.7';
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push(await loginFrom(attacker, email, `guess-${i}-password`));
    expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401]);
    for (const answer of answers.slice(5)) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toEqual(lockedAnswer);
    }

    const real = await loginFrom('198.51.100.20', email, PASSWORD);
    expect(real.statusCode).toBe(200);
    expect(real.json().userId).toBe(user.id);
    // The real user signing in does not lift the attacker's lock, and the right password does not either.
    const fromAttacker = await loginFrom(attacker, email, PASSWORD);
    expect(fromAttacker.statusCode).toBe(429);
    expect(fromAttacker.json()).toEqual(lockedAnswer);
    ctx.clock.advance(14 * 60_000);
    expect((await loginFrom(attacker, email, PASSWORD)).statusCode).toBe(429);
    ctx.clock.advance(60_000 + 1000);
    expect((await loginFrom(attacker, email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 network, so hopping addresses within it buys no attempts', async () => {
    const { email } = await userWithPassword();
    for (let i = 1; i <= 5; i += 1) expect((await loginFrom(`2001:db8:7:1::${i}`, email, 'wrong-password-v6')).statusCode).toBe(401);
    expect((await loginFrom('2001:db8:7:1:ffff::99', email, PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom('2001:db8:7:2::1', email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts concurrent failures without losing any, and slows the e-mail down for every client without refusing the right password', async () => {
    const { email } = await userWithPassword();
    const clients = ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'];
    // Twenty wrong passwords at once, five from each client.
    const failures = await Promise.all(clients.flatMap((ip) => Array.from({ length: 5 }, (_, i) => loginFrom(ip, email, `spray-${i}-password`))));
    expect(failures.map((answer) => answer.statusCode)).toEqual(Array(20).fill(401));
    // Every client reached its fifth failure, so each is locked.
    for (const ip of clients) expect((await loginFrom(ip, email, PASSWORD)).json()).toEqual(lockedAnswer);

    // A client that has not been failing is answered — after the e-mail's slowdown.
    const started = performance.now();
    const wrong = await loginFrom('192.0.2.50', email, 'one-typo-password');
    expect(wrong.statusCode).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(loginSlowdownMs(20) - 5);
    expect((await loginFrom('192.0.2.50', email, PASSWORD)).statusCode).toBe(200);
  });

  it('locks unknown e-mails the same way, so lock-out reveals nothing', async () => {
    const email = `ghost-${unique()}@example.test`;
    for (let i = 0; i < 5; i += 1) expect((await login(email, 'whatever-password')).statusCode).toBe(401);
    expect((await login(email, 'whatever-password')).json()).toEqual(lockedAnswer);
  });

  it('forgets a client\'s failures after it signs in and outside the 15-minute window', async () => {
    const { email } = await userWithPassword();
    for (let i = 0; i < 4; i += 1) await login(email, 'wrong-password-x');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await login(email, 'wrong-password-y');
    ctx.clock.advance(16 * 60_000);
    // A new window: this failure counts as the first.
    await login(email, 'wrong-password-z');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('requires the CSRF header on cookie-authenticated writes', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const write = { method: 'POST' as const, url: '/api/users/prefs?type=appSettings', payload: { sideNavExpanded: true } };
    const missing = await user.request({ ...write, csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe(ErrorCode.CsrfFailed);
    const wrong = await user.request({ ...write, csrf: false, headers: { 'x-csrf-token': 'not-the-token-at-all' } });
    expect(wrong.statusCode).toBe(403);
    expect((await user.request({ method: 'POST', url: '/api/auth/keepalive', csrf: false })).statusCode).toBe(403);
    expect((await user.request(write)).statusCode).toBe(200);
  });

  it('signs out: revokes the session and clears the cookie', async () => {
    const { email } = await userWithPassword();
    const signedIn = await login(email, PASSWORD);
    const cookie = cookieOf(signedIn)!;
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'ra_session');
    expect(cleared?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'ra_csrf')?.value).toBe('');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/session', headers: { cookie } })).json().status).toBe(0);
    // Without any cookie it still answers 200.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('signs out a session that has already expired', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    ctx.clock.advance((ctx.deps.config.sessionTtlMinutes + 5) * 60_000);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    const rows = await ctx.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.user.id));
    expect(rows[0]!.revokedAt).not.toBeNull();
  });

  it('resets a password through the mailed link, once, revoking sessions and lifting the lock-out', async () => {
    const person = await userWithPassword();
    for (let i = 0; i < 5; i += 1) await login(person.email, 'wrong-password-q');
    expect((await login(person.email, PASSWORD)).statusCode).toBe(429);

    const before = ctx.outbox.length;
    const forgot = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: ` ${person.email.toUpperCase()}` } });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ message: Messages.resetRequested });
    expect(ctx.outbox).toHaveLength(before + 1);
    const mail = ctx.outbox.at(-1)!;
    expect(mail.to).toBe(person.email);
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    expect(link.startsWith(`${ctx.deps.config.publicUrl}/?currentPage=Reset%20Password&token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    const newPassword = 'a-brand-new-password';
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: newPassword } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: Messages.passwordChanged });

    // The session the user had before is gone; the old password no longer works; the new one does.
    expect((await person.request({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(401);
    expect((await login(person.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(person.email, newPassword)).statusCode).toBe(200);

    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'yet-another-password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(Messages.resetTokenInvalid);

    const { db } = ctx.deps.database;
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.accountId, person.account.id), eq(auditLog.action, 'auth.password_reset')));
    expect(audits).toHaveLength(1);
  });

  it('answers forgot identically for unknown and disabled e-mails, and sends nothing', async () => {
    const disabled = await userWithPassword({ isEnabled: false });
    const before = ctx.outbox.length;
    for (const email of [`nobody-${unique()}@example.test`, disabled.email]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: Messages.resetRequested });
    }
    expect(ctx.outbox).toHaveLength(before);
  });

  it('sends at most three reset mails per user an hour', async () => {
    const person = await userWithPassword();
    const before = ctx.outbox.length;
    for (let i = 0; i < 4; i += 1) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: person.email } });
      expect(response.json()).toEqual({ message: Messages.resetRequested });
    }
    expect(ctx.outbox.length - before).toBe(3);
    ctx.clock.advance(61 * 60_000);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: person.email } });
    expect(ctx.outbox.length - before).toBe(4);
  });

  it('refuses expired and made-up reset tokens, and short passwords', async () => {
    const person = await userWithPassword();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: person.email } });
    const token = new URL(/https?:\/\/\S+/.exec(ctx.outbox.at(-1)!.text)![0]).searchParams.get('token')!;

    const short = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('password');
    expect(short.json().message).toContain(Messages.passwordTooShort);

    const madeUp = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token: 'x'.repeat(43), password: 'long-enough-password' } });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe(Messages.resetTokenInvalid);

    ctx.clock.advance(61 * 60_000);
    const expired = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'long-enough-password' } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(Messages.resetTokenInvalid);
    expect((await login(person.email, PASSWORD)).statusCode).toBe(200);
  });

  it('keepalive renews the session expiry', async () => {
    const user = await createTestUser(ctx, { userType: 1 });
    ctx.clock.advance(20 * 60_000);
    const before = await user.request({ method: 'GET', url: '/api/users/session' });
    expect(before.json().sessionExpiration).toBe(ctx.deps.config.sessionTtlMinutes - 20);
    const kept = await user.request({ method: 'POST', url: '/api/auth/keepalive' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ status: 1, sessionExpiration: ctx.deps.config.sessionTtlMinutes });
  });

  it('refuses malformed JSON with 400 and oversized bodies with 413', async () => {
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email": "a@b.c", "password": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ErrorCode.BadRequest);
    const huge = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(ctx.deps.config.bodyLimit + 10) });
    const oversized = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: huge, headers: { 'content-type': 'application/json' } });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().code).toBe(ErrorCode.PayloadTooLarge);
    const missingField = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.c' } });
    expect(missingField.statusCode).toBe(400);
    expect(missingField.json().field).toBe('password');
  });

  it('rate-limits the sign-in routes per IP', async () => {
    const limited = await buildApp({ ...ctx.deps, config: { ...ctx.deps.config, authRateLimit: 3 } });
    try {
      const attempt = (ip: string) => limited.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `x-${unique()}@example.test`, password: 'some-password' }, remoteAddress: ip });
      for (let i = 0; i < 3; i += 1) expect((await attempt('10.1.2.3')).statusCode).toBe(401);
      const refused = await attempt('10.1.2.3');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe(ErrorCode.RateLimited);
      expect((await attempt('10.9.9.9')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
