import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../test/context';
import { postgresServerAvailable, testDatabaseKinds } from '../../test/databases';
import { sessions, users } from '../db/schema/index';
import { updateAccountSettings } from '../features/accounts/index';
import { announceAuthChange } from './session-cache';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(here, '../../test/api-process.fixture.ts');
const REPO_ROOT = resolve(here, '../../../..');

describe.each(await testDatabaseKinds())('the session cache on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { SESSION_CACHE_SECONDS: '5' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const current = (user: TestUser) => user.request({ method: 'GET', url: '/api/sites/count' });
  const sessionRow = async (user: TestUser) => (await ctx.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.user.id)))[0]!;

  it('reuses a resolved session for a few seconds: a row changed by hand is seen when the entry ages out', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    expect((await current(user)).statusCode).toBe(200);
    // Revoked behind the app's back (no announcement): the cached session still answers…
    await ctx.deps.database.db.update(sessions).set({ revokedAt: ctx.clock.now() }).where(eq(sessions.userId, user.user.id));
    expect((await current(user)).statusCode).toBe(200);
    // …until it is five seconds old.
    ctx.clock.advance(5_001);
    expect((await current(user)).statusCode).toBe(401);
  });

  it('drops a session at once when it is signed out or its user disabled', async () => {
    const signingOut = await createTestUser(ctx, { userType: 2 });
    expect((await current(signingOut)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: signingOut.cookie } })).statusCode).toBe(200);
    expect((await current(signingOut)).statusCode).toBe(401);

    const disabled = await createTestUser(ctx, { userType: 2 });
    expect((await current(disabled)).statusCode).toBe(200);
    await ctx.deps.database.db.update(users).set({ isEnabled: false }).where(eq(users.id, disabled.user.id));
    await announceAuthChange(ctx.deps.database.db, { userId: disabled.user.id });
    expect((await current(disabled)).statusCode).toBe(401);
  });

  it('still renews the sliding expiry at most every 30 seconds', async () => {
    const user = await createTestUser(ctx, { userType: 2, account: { inactivityTimeoutMinutes: 0 } });
    const started = (await sessionRow(user)).lastActivityAt.getTime();
    ctx.clock.advance(31_000);
    await current(user);
    const touched = (await sessionRow(user)).lastActivityAt.getTime();
    expect(touched).toBeGreaterThan(started + 30_000);
    ctx.clock.advance(2_000);
    await current(user);
    ctx.clock.advance(10_000);
    await current(user);
    expect((await sessionRow(user)).lastActivityAt.getTime()).toBe(touched);
    ctx.clock.advance(20_000);
    await current(user);
    expect((await sessionRow(user)).lastActivityAt.getTime()).toBeGreaterThan(touched);
  });
});

/** Another API process on the same database, with a one-minute session cache. */
interface OtherProcess {
  child: ChildProcessWithoutNullStreams;
  port: number;
}

function startOtherProcess(databaseUrl: string): Promise<OtherProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], { cwd: REPO_ROOT, env: { ...process.env, API_PROCESS_DATABASE_URL: databaseUrl }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`the other API process did not start: ${stderr.slice(-2000)}`)), 60_000);
    child.on('exit', (code) => reject(new Error(`the other API process exited (${code}): ${stderr.slice(-2000)}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const port = (JSON.parse(line) as { port?: number }).port;
      if (port === undefined) return;
      clearTimeout(timer);
      resolvePromise({ child, port });
    });
  });
}

/** Polls `probe` until it answers `status`, for at most `withinMs`; answers the last status seen. */
async function statusWithin(probe: () => Promise<number>, status: number, withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  let last = await probe();
  while (last !== status && Date.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, 50));
    last = await probe();
  }
  return last;
}

describe.runIf(await postgresServerAvailable())('the session cache across API processes on postgres', () => {
  let ctx: TestContext;
  let other: OtherProcess;
  beforeAll(async () => {
    ctx = await createTestContext('postgres');
    other = await startOtherProcess(ctx.deps.database.connectionString!);
  });
  afterAll(async () => {
    other?.child.kill('SIGTERM');
    if (other) await new Promise((done) => other.child.once('exit', done));
    await ctx?.close();
  });

  /** GET sites/count from the other process, as `user`. */
  const elsewhere = async (user: TestUser) => {
    const response = await fetch(`http://127.0.0.1:${other.port}/api/sites/count`, { headers: { cookie: user.cookie } });
    return response.status;
  };

  it('refuses, within a second, a session signed out in another process', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    expect(await elsewhere(user)).toBe(200);
    expect(await elsewhere(user)).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    // The other process caches for a minute: only the notification can explain a prompt refusal.
    expect(await statusWithin(() => elsewhere(user), 401, 1000)).toBe(401);
  });

  it('refuses, within a second, a user disabled and an account put under maintenance in another process', async () => {
    const disabled = await createTestUser(ctx, { userType: 2 });
    expect(await elsewhere(disabled)).toBe(200);
    await ctx.deps.database.db.update(users).set({ isEnabled: false }).where(eq(users.id, disabled.user.id));
    await announceAuthChange(ctx.deps.database.db, { userId: disabled.user.id });
    expect(await statusWithin(() => elsewhere(disabled), 401, 1000)).toBe(401);

    const locked = await createTestUser(ctx, { userType: 2 });
    expect(await elsewhere(locked)).toBe(200);
    await updateAccountSettings(ctx.deps.database.db, locked.account.id, { underMaintenance: true }, ctx.clock.now());
    expect(await statusWithin(() => elsewhere(locked), 403, 1000)).toBe(403);
  });

  it("shows, within a second, a user's new name in users/current answered by another process", async () => {
    const user = await createTestUser(ctx, { userType: 2, user: { firstName: 'Ada', lastName: 'Lovelace' } });
    const nameElsewhere = async () => {
      const response = await fetch(`http://127.0.0.1:${other.port}/api/users/current`, { headers: { cookie: user.cookie } });
      return ((await response.json()) as { fullName: string }).fullName;
    };
    expect(await nameElsewhere()).toBe('Ada Lovelace');
    expect(await nameElsewhere()).toBe('Ada Lovelace');
    await ctx.deps.database.db.update(users).set({ firstName: 'Grace', lastName: 'Hopper' }).where(eq(users.id, user.user.id));
    await announceAuthChange(ctx.deps.database.db, { userId: user.user.id });
    // The other process keeps the caller, and the body made from it, for a minute: only the
    // notification can explain the new name.
    const deadline = Date.now() + 1000;
    let name = await nameElsewhere();
    while (name !== 'Grace Hopper' && Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 50));
      name = await nameElsewhere();
    }
    expect(name).toBe('Grace Hopper');
  });
});
