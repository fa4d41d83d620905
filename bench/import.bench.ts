// Bulk import processing: POST sites/import/file/process of 100,000 rows (the real store directory
// tiled, every country) against 100,000 existing sites, to the task completing — the rows file
// read, every row normalised, validated, geocoded with the embedded geocoder, matched by name or
// address (exact and fuzzy) and written to the queue. Measured on the built server as it is
// deployed, on a database seeded beforehand by another process (bench/import-run.ts): with the
// embedded PGlite, the one server process (API and job worker) is measured; with the PostgreSQL
// server, an API process takes the request and a worker process (WORKER=1, API=0) does the job,
// and the worker is measured. The same server then imports the real directory as it is, and
// import-run.ts reports what became of its rows and how far our geocodes fall from the
// directory's own coordinates.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { TTaskStatus } from '../packages/domain/src/index';
import { postgresServerAvailable, type TestDatabaseKind } from '../apps/api/test/databases';
import { startBuiltServer, stop, tempDir, waitForHealth, type BenchResult } from './lib';
import { runMeasuredChild } from './document-runs';
import type { ImportBenchHandoff, SeededUser } from './import-run';

interface Stats {
  queued: number;
  outcomes: Record<string, number>;
  real: { rows: number; queued: number; covered: number; countryNotAvailable: number; placed: number; medianMeters: number | null; p90Meters: number | null };
}

interface Run {
  ms: number;
  rssBefore: number;
  peak: number;
  realMs: number;
  stats: Stats;
}

const MB = 2 ** 20;
const COUNT = 100_000;
const PORT = 18_341;

/** The resident set of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) * 1024 : 0;
}

/** Resolves when the server prints its ready line (a worker-only process listens on no port). */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('RiskAtlas ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

/** The user's call to the server, as the web app makes it. */
async function call<T>(user: SeededUser, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${PORT}/api${path}`, {
    method,
    headers: { cookie: user.cookie, 'x-csrf-token': user.csrfToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** Processes the user's file: ms from the POST to the task completing, and the measured process's RSS before and at its peak. */
async function processFile(user: SeededUser, mapping: unknown, measuredPid: number): Promise<{ ms: number; rssBefore: number; peak: number }> {
  const rssBefore = rssOf(measuredPid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(measuredPid));
  }, 20);
  try {
    const t0 = performance.now();
    const { taskStatusId } = await call<{ taskStatusId: number }>(user, 'POST', '/sites/import/file/process?hasHeader=true&matchingFlags=384&v=bench', { mapping });
    for (;;) {
      const task = await call<TTaskStatus>(user, 'GET', `/users/taskstatuses/${taskStatusId}`);
      if (task.currentStatus === -1) throw new Error(`processing failed: ${task.detail}`);
      if (task.currentStatus === 2) break;
      if (performance.now() - t0 > 1_800_000) throw new Error('processing did not finish in 30 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { ms: performance.now() - t0, rssBefore, peak: Math.max(peak, rssOf(measuredPid)) };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(kind: TestDatabaseKind): Promise<Run> {
  const dataDir = await tempDir('riskatlas-import-bench-');
  const handoff = runMeasuredChild<ImportBenchHandoff>('import-run.ts', ['seed', kind, String(COUNT), dataDir]);
  const env = { DATA_DIR: dataDir, PORT: String(PORT), ...(handoff.databaseUrl ? { DATABASE_URL: handoff.databaseUrl } : {}) };
  const servers: ChildProcess[] = [];
  try {
    const api = startBuiltServer({ ...env, ...(kind === 'postgres' ? { WORKER: '0' } : {}) });
    servers.push(api);
    let measured = api;
    if (kind === 'postgres') {
      measured = startBuiltServer({ ...env, API: '0', WORKER: '1' });
      servers.push(measured);
    }
    await Promise.all([ready(api), ...(measured === api ? [] : [ready(measured)]), waitForHealth(`http://127.0.0.1:${PORT}/api/health`)]);
    // Idle a moment, as a server does between requests: start-up's garbage is collected.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const throughput = await processFile(handoff.throughput, handoff.mapping, measured.pid!);
    const real = await processFile(handoff.real, handoff.mapping, measured.pid!);
    await Promise.all(servers.map(stop));
    servers.length = 0;
    const stats = runMeasuredChild<Stats>('import-run.ts', ['stats', JSON.stringify(handoff)]);
    return { ms: throughput.ms, rssBefore: throughput.rssBefore, peak: throughput.peak, realMs: real.ms, stats };
  } finally {
    await Promise.all(servers.map(stop));
    await rm(dataDir, { recursive: true, force: true });
  }
}

function resultsOf(run: Run, label: string, measured: string): BenchResult[] {
  const rows = COUNT.toLocaleString('en-US');
  const real = run.stats.real;
  return [
    {
      name: `Import processing of ${rows} rows against ${rows} sites (${label}): POST to task complete`,
      value: Math.round(COUNT / (run.ms / 1000)),
      unit: 'rows/s',
      baseline: `${(run.ms / 1000).toFixed(1)} s; ${run.stats.queued.toLocaleString('en-US')} rows queued`,
      target: '≥ 5,000 rows/s',
    },
    {
      name: `Peak RSS of the ${measured} during the import processing (${label})`,
      value: Math.round(run.peak / MB),
      unit: 'MB',
      baseline: `${Math.round(run.rssBefore / MB)} MB idle before the request; the job added ${Math.round((run.peak - run.rssBefore) / MB)} MB`,
      target: '≤ 600 MB',
    },
    {
      name: `Real store directory (${real.rows.toLocaleString('en-US')} rows, ${label}): rows queued / in covered countries / CountryNotAvailable`,
      value: real.queued,
      unit: 'rows',
      baseline: `${real.covered.toLocaleString('en-US')} covered, ${real.countryNotAvailable.toLocaleString('en-US')} CountryNotAvailable, ${real.placed.toLocaleString('en-US')} geocoded, in ${(run.realMs / 1000).toFixed(1)} s`,
    },
    {
      name: 'Median distance from our geocode to the directory’s own coordinates (rounded to 2 decimals there)',
      value: Math.round(real.medianMeters ?? 0),
      unit: 'm',
      baseline: `90th percentile ${Math.round(real.p90Meters ?? 0).toLocaleString('en-US')} m; the embedded geocoder places at postcode or city level`,
    },
  ];
}

/** The import processing benchmark. */
export async function runImportBenchmarks(): Promise<BenchResult[]> {
  const results = resultsOf(await measure('pglite'), 'embedded PGlite', 'server process (API and job worker)');
  if (await postgresServerAvailable()) results.push(...resultsOf(await measure('postgres'), 'PostgreSQL 15 server', 'job worker process'));
  return results;
}
