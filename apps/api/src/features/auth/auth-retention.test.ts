import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestUser, unique, type TestContext } from '../../../test/context';
import { testDatabaseKinds } from '../../../test/databases';
import { loginThrottle, passwordResetTokens, sessions } from '../../db/schema/index';
import { queueNameOf } from '../../platform/jobs/job-definition';
import { authRetentionJob, RESET_TOKEN_RETENTION_MS, SESSION_RETENTION_MS, THROTTLE_RETENTION_MS } from './auth-retention.job';

const HOUR_MS = 3_600_000;
const id = () => randomBytes(16).toString('hex');

describe.each(await testDatabaseKinds())('sign-in data retention on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const run = () => authRetentionJob.handler({ deps: ctx.deps, signal: new AbortController().signal });

  it('is scheduled hourly with the queue', async () => {
    const result = await ctx.deps.database.db.execute(sql`select cron, timezone from pgboss.schedule where name = ${queueNameOf(authRetentionJob)}`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ cron: '17 * * * *', timezone: 'UTC' }]);
  });

  it('deletes exactly the sessions, throttle rows and reset tokens past their retention, and a second run changes nothing', async () => {
    const { db } = ctx.deps.database;
    const { account, user } = await createTestUser(ctx, { userType: 2 });
    const now = ctx.clock.now().getTime();
    const ago = (ms: number) => new Date(now - ms);
    const session = (expiresAt: Date, revokedAt: Date | null) => ({
      id: id(),
      accountId: account.id,
      userId: user.id,
      actingAccountId: account.id,
      csrfHash: id(),
      createdAt: ago(10 * 24 * HOUR_MS),
      lastActivityAt: ago(10 * 24 * HOUR_MS),
      expiresAt,
      revokedAt,
    });
    const sessionRows = {
      expiredLongAgo: session(ago(SESSION_RETENTION_MS + HOUR_MS), null),
      expiredRecently: session(ago(SESSION_RETENTION_MS - HOUR_MS), null),
      revokedLongAgo: session(ago(-HOUR_MS), ago(SESSION_RETENTION_MS + HOUR_MS)),
      revokedRecently: session(ago(-HOUR_MS), ago(SESSION_RETENTION_MS - HOUR_MS)),
      live: session(ago(-8 * HOUR_MS), null),
    };
    await db.insert(sessions).values(Object.values(sessionRows));

    const email = `retention-${unique()}@example.test`;
    const throttle = (client: string, windowStartedAt: Date, lockedUntil: Date | null) => ({ email, client, failedCount: 5, windowStartedAt, lockedUntil });
    await db.insert(loginThrottle).values([
      throttle('192.0.2.1', ago(THROTTLE_RETENTION_MS + HOUR_MS), null),
      throttle('192.0.2.2', ago(THROTTLE_RETENTION_MS + HOUR_MS), ago(THROTTLE_RETENTION_MS + HOUR_MS / 2)),
      throttle('192.0.2.3', ago(THROTTLE_RETENTION_MS + HOUR_MS), ago(THROTTLE_RETENTION_MS - HOUR_MS)),
      throttle('192.0.2.4', ago(THROTTLE_RETENTION_MS - HOUR_MS), null),
    ]);

    const token = (expiresAt: Date, usedAt: Date | null) => ({ tokenHash: id(), accountId: account.id, userId: user.id, expiresAt, usedAt, createdAt: ago(2 * 24 * HOUR_MS) });
    const tokenRows = {
      expiredLongAgo: token(ago(RESET_TOKEN_RETENTION_MS + HOUR_MS), null),
      expiredRecently: token(ago(RESET_TOKEN_RETENTION_MS - HOUR_MS), null),
      usedLongAgo: token(ago(-HOUR_MS), ago(RESET_TOKEN_RETENTION_MS + HOUR_MS)),
      live: token(ago(-HOUR_MS), null),
    };
    await db.insert(passwordResetTokens).values(Object.values(tokenRows));

    const remaining = async () => ({
      sessions: (await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, Object.values(sessionRows).map((row) => row.id))))
        .map((row) => Object.entries(sessionRows).find(([, value]) => value.id === row.id)![0])
        .sort(),
      throttle: (await db.select({ client: loginThrottle.client }).from(loginThrottle).where(eq(loginThrottle.email, email))).map((row) => row.client).sort(),
      tokens: (await db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(inArray(passwordResetTokens.tokenHash, Object.values(tokenRows).map((row) => row.tokenHash))))
        .map((row) => Object.entries(tokenRows).find(([, value]) => value.tokenHash === row.hash)![0])
        .sort(),
    });
    const expected = {
      sessions: ['expiredRecently', 'live', 'revokedRecently'],
      throttle: ['192.0.2.3', '192.0.2.4'],
      tokens: ['expiredRecently', 'live'],
    };
    expect((await remaining()).sessions).toHaveLength(5);

    await run();
    expect(await remaining()).toEqual(expected);
    await run();
    expect(await remaining()).toEqual(expected);
  });
});
