import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../src/db/client';

/**
 * The databases API tests run against: embedded PGlite always, and a real PostgreSQL server when
 * TEST_DATABASE_URL is set or one answers on 127.0.0.1:5432. Each test file gets fresh databases;
 * each test inside isolates itself by creating its own account.
 */
export type TestDatabaseKind = 'pglite' | 'postgres';

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function serverAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
}

async function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let serverAvailable: Promise<boolean> | undefined;

/** True when a PostgreSQL server is there to test against. */
export function postgresServerAvailable(): Promise<boolean> {
  if (process.env.TEST_DATABASE_URL) return Promise.resolve(true);
  if (process.env.TEST_SKIP_POSTGRES === '1') return Promise.resolve(false);
  serverAvailable ??= portAnswers('127.0.0.1', 5432);
  return serverAvailable;
}

/** The database kinds to run a suite on, decided once per file (top-level await in the test). */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  return (await postgresServerAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A migrated database of the given kind; `drop` removes it (server) or closes it (PGlite). PGlite
 * lives in memory unless `dataDir` names a folder to keep it in (a benchmark hands it to a server).
 */
export async function createTestDatabase(kind: TestDatabaseKind, options: { dataDir?: string } = {}): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: options.dataDir ?? 'memory://' });
    await migrateDatabase(handle);
    return { ...handle, drop: () => handle.close() };
  }
  const adminUrl = serverAdminUrl();
  const name = `riskatlas_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await migrateDatabase(handle);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await dropServerDatabase(url.toString());
    },
  };
}

/** Drops a database of the test server (named by its URL) once its connections have gone. */
export async function dropServerDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const cleanup = new pg.Client({ connectionString: serverAdminUrl() });
  await cleanup.connect();
  // pool.end() resolves before every backend has gone: wait for them, so FORCE has nothing
  // left to terminate (a terminated client would surface as an unhandled error).
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await cleanup.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cleanup.end();
}
