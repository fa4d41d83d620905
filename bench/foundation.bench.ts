import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
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

/** Authenticated GET /api/users/current next to a bare Fastify route, same run, same machine. */
async function usersCurrentThroughput(): Promise<BenchResult[]> {
  const dataDir = await tempDir('riskatlas-bench-rps-');
  const server = startBuiltServer({ DATA_DIR: dataDir, PORT: '18302', SEED_ADMIN_EMAIL: EMAIL, SEED_ADMIN_PASSWORD: PASSWORD });
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts'], { cwd: repoRoot, env: { ...process.env, PORT: '18303' }, stdio: 'inherit' });
  try {
    await waitForHealth('http://127.0.0.1:18302/api/health');
    await waitForHealth('http://127.0.0.1:18303/health');
    const login = await fetch('http://127.0.0.1:18302/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const bareRps = await measure('http://127.0.0.1:18303/health', {});
    const currentRps = await measure('http://127.0.0.1:18302/api/users/current', { cookie });
    return [
      { name: 'Bare Fastify route (baseline), 50 connections, loopback', value: bareRps, unit: 'req/s' },
      {
        name: 'Authenticated GET /api/users/current (PGlite), 50 connections, loopback',
        value: currentRps,
        unit: 'req/s',
        baseline: `${((currentRps / bareRps) * 100).toFixed(1)} % of the bare route`,
      },
    ];
  } finally {
    await stop(server);
    await stop(bare);
  }
}

/** The foundation benchmarks of issue #2. */
export async function runFoundationBenchmarks(): Promise<BenchResult[]> {
  return [...(await coldStart()), ...(await usersCurrentThroughput())];
}
