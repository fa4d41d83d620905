import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot, startBuiltServer, stop, tempDir, waitForHealth, type BenchResult } from './lib';

const PASSWORD = 'bench-password-123';
const EMAIL = 'bench@riskatlas.local';

/** Cold start: a first start on an empty data dir (schema + seed), then a restart on it. */
async function coldStart(): Promise<BenchResult[]> {
  const dataDir = await tempDir('riskatlas-bench-start-');
  const env = { DATA_DIR: dataDir, PORT: '18301', SEED_ADMIN_EMAIL: EMAIL, SEED_ADMIN_PASSWORD: PASSWORD };
  const results: BenchResult[] = [];
  for (const label of ['first start on an empty database', 'restart on an existing database']) {
    const t0 = performance.now();
    const server = startBuiltServer(env);
    await waitForHealth('http://127.0.0.1:18301/api/health');
    results.push({ name: `Cold start to first /api/health answer (${label}, PGlite)`, value: Math.round(performance.now() - t0), unit: 'ms' });
    await stop(server);
  }
  return results;
}

async function measure(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, connections: 50, duration: 10, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return Math.round(result.requests.average);
}

/** Signs in through the API and returns the session cookie. */
async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * A fresh database on the PostgreSQL server the tests use (TEST_DATABASE_URL, an administrator's
 * URL, else the local server), or undefined when none answers.
 */
async function freshServerDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `riskatlas_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Authenticated GET /api/users/current on one database kind. */
async function usersCurrentOn(label: string, env: Record<string, string>, bareRps: number): Promise<BenchResult> {
  const dataDir = await tempDir('riskatlas-bench-rps-');
  const server = startBuiltServer({ DATA_DIR: dataDir, PORT: '18302', SEED_ADMIN_EMAIL: EMAIL, SEED_ADMIN_PASSWORD: PASSWORD, ...env });
  try {
    await waitForHealth('http://127.0.0.1:18302/api/health');
    const cookie = await signIn('http://127.0.0.1:18302');
    const rps = await measure('http://127.0.0.1:18302/api/users/current', { cookie });
    return {
      name: `Authenticated GET /api/users/current (${label}), 50 connections, loopback`,
      value: rps,
      unit: 'req/s',
      baseline: `${((rps / bareRps) * 100).toFixed(1)} % of the bare route`,
      target: '≥ 50 % of the bare route in the same run',
    };
  } finally {
    await stop(server);
  }
}

/** Authenticated GET /api/users/current next to a bare Fastify route, same run, same machine. */
async function usersCurrentThroughput(): Promise<BenchResult[]> {
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts'], { cwd: repoRoot, env: { ...process.env, PORT: '18303' }, stdio: 'inherit' });
  let bareRps: number;
  try {
    await waitForHealth('http://127.0.0.1:18303/health');
    bareRps = await measure('http://127.0.0.1:18303/health', {});
  } finally {
    await stop(bare);
  }
  const results: BenchResult[] = [{ name: 'Bare Fastify route (baseline), 50 connections, loopback', value: bareRps, unit: 'req/s' }];
  results.push(await usersCurrentOn('embedded PGlite', {}, bareRps));
  const server = await freshServerDatabase();
  if (server) {
    try {
      results.push(await usersCurrentOn('PostgreSQL 15 server', { DATABASE_URL: server.url }, bareRps));
    } finally {
      await server.drop();
    }
  }
  return results;
}

/** The foundation benchmarks: cold start and users/current throughput. */
export async function runFoundationBenchmarks(): Promise<BenchResult[]> {
  return [...(await coldStart()), ...(await usersCurrentThroughput())];
}
