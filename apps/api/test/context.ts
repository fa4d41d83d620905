import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { loadGazetteer } from '@riskatlas/geo';
import { lazyScoringEngine } from '@riskatlas/scoring';
import { buildApp } from '../src/app/build-app';
import { loadConfig, type AppConfig } from '../src/platform/config';
import type { AppDeps } from '../src/platform/app-deps';
import { accounts, users, type AccountRow, type NewAccountRow, type NewUserRow, type UserRow } from '../src/db/schema/index';
import { LocalFileStore } from '../src/platform/files/local-file-store';
import { createJobQueue } from '../src/platform/jobs/queue';
import { jobDefinitions } from '../src/app/job-registry';
import type { Mailer, MailMessage } from '../src/platform/mail/mailer';
import { startSession } from '../src/access/sessions.service';
import { SESSION_COOKIE } from '../src/access/request-auth';
import { createTestDatabase, type TestDatabaseKind } from './databases';

/** A settable clock for tests. */
export interface TestClock {
  now(): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

function createClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set: (date) => {
      offset = date.getTime() - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}


/** Everything an API test needs: the real app on a real database, plus captured mail. */
export interface TestContext {
  kind: TestDatabaseKind;
  app: FastifyInstance;
  deps: AppDeps;
  clock: TestClock;
  /** Every e-mail the app sent, newest last. */
  outbox: MailMessage[];
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database of `kind`. Call once per file (beforeAll) and isolate
 * tests by giving each its own account (createTestUser). With `dataDir`, the files (and PGlite's
 * data) go to that folder as a server started with DATA_DIR there would keep them.
 */
export async function createTestContext(kind: TestDatabaseKind, env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<TestContext> {
  const database = await createTestDatabase(kind, { dataDir: options.dataDir });
  const filesDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'riskatlas-files-')));
  const config: AppConfig = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: filesDir,
    AUTH_RATE_LIMIT: '10000',
    // Jobs run promptly in tests: short polls, immediate retries.
    JOB_POLL_SECONDS: '0.5',
    JOB_RETRY_DELAY_SECONDS: '0',
    ...env,
  });
  const outbox: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      outbox.push(message);
    },
  };
  const clock = createClock();
  // loadGazetteer and loadScoringEngine keep one instance per process: every context shares them.
  const base: Omit<AppDeps, 'jobs'> = { config, database, gazetteer: loadGazetteer(), scoring: lazyScoringEngine(), fileStore: new LocalFileStore(join(filesDir, 'files')), mailer, now: clock.now };
  const deps: AppDeps = { ...base, jobs: createJobQueue(base, jobDefinitions) };
  await deps.jobs.start({ work: true });
  const app = await buildApp(deps);
  await app.ready();
  return {
    kind,
    app,
    deps,
    clock,
    outbox,
    close: async () => {
      await app.close();
      await deps.jobs.stop();
      await database.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

let uniqueCounter = 0;
/** A unique suffix for names and e-mails within a test run. */
export function unique(): string {
  uniqueCounter += 1;
  return `${process.pid}-${Date.now().toString(36)}-${uniqueCounter}`;
}

/** A signed-in test user with a helper to call the API as them. */
export interface TestUser {
  account: AccountRow;
  user: UserRow;
  cookie: string;
  csrfToken: string;
  /** Calls the API as this user; writes carry the CSRF header unless `csrf: false`. */
  request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
}

/**
 * Creates a new account (its own tenant) with one user of `userType` and a session for them.
 * Inserts rows directly so tests of any module can run before or without the sign-in routes.
 */
export async function createTestUser(
  ctx: TestContext,
  options: { userType?: number; account?: Partial<NewAccountRow>; user?: Partial<NewUserRow>; inAccount?: AccountRow } = {},
): Promise<TestUser> {
  const { db } = ctx.deps.database;
  const account =
    options.inAccount ??
    (await db.insert(accounts).values({ company: `Test Co ${unique()}`, ...options.account }).returning())[0]!;
  const [user] = await db
    .insert(users)
    .values({
      accountId: account.id,
      email: `user-${unique()}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      userType: options.userType ?? 3,
      ...options.user,
    })
    .returning();
  const session = await startSession(db, { accountId: account.id, userId: user!.id, ttlMinutes: ctx.deps.config.sessionTtlMinutes, now: ctx.clock.now() });
  const cookie = `${SESSION_COOKIE}=${session.token}`;
  return {
    account,
    user: user!,
    cookie,
    csrfToken: session.csrfToken,
    request: ({ csrf = true, headers, ...rest }) =>
      ctx.app.inject({
        ...rest,
        headers: { cookie, ...(csrf ? { 'x-csrf-token': session.csrfToken } : {}), ...headers },
      }),
  };
}
