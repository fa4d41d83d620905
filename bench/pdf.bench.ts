// The report PDF: GET /api/reports/{id}/pdf of a Premium Plus report (four methodologies, every
// section: score tables, maps A and B drawn on the server, demographics, crime rate comparison)
// through the real app on embedded PGlite. One warm-up (loads the base map and fonts), then the
// median of five downloads. Then many PDFs as the report archive makes them (bench/pdf-many-run.ts,
// in its own process so that its RSS is its own): 200 Premium Plus reports on distinct store sites,
// one after another and with the archive's overlap (pdfsInOrder, concurrency 2).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createTestContext, createTestUser } from '../apps/api/test/context';
import { grantLicenses } from '../apps/api/src/features/licenses/licenses.service';
import { repoRoot, type BenchResult } from './lib';

const RUNS = 5;
const CHICAGO = { latitude: 41.8789, longitude: -87.6359 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const MANY = 200;
const MB = 2 ** 20;

interface ManyRun {
  count: number;
  concurrency: number;
  msPerPdf: number;
  cpuMsPerPdf: number;
  rssFirst: number;
  rssLast: number;
  peak: number;
  bytesPerPdf: number;
}

function runMany(concurrency: number): ManyRun | null {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(repoRoot, 'bench/pdf-many-run.ts'), String(MANY), String(concurrency)], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 16 * MB });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    if (child.stderr.includes('../shared/data/portfolios is not present')) return null;
    throw new Error(`PDF run (${MANY}, concurrency ${concurrency}) failed: ${child.stderr.slice(-1000)}`);
  }
  return JSON.parse(line) as ManyRun;
}

function manyResults(run: ManyRun): BenchResult[] {
  const how = run.concurrency === 1 ? 'one after another' : `pdfsInOrder, ${run.concurrency} at once`;
  return [
    {
      name: `${run.count} Premium Plus PDFs of distinct sites, sections 233223 (${how}): average per PDF`,
      value: Math.round(run.msPerPdf),
      unit: 'ms',
      baseline: `CPU ${Math.round(run.cpuMsPerPdf)} ms a PDF (every thread); ${Math.round(run.bytesPerPdf / 1024)} KiB a PDF`,
      // The target for many PDFs is the archive's (bench/archive.bench.ts: 1,000 in 60 s); these sites are spread out, so few share map backdrops.
      target: '',
    },
    {
      name: `RSS over the ${run.count} PDFs (${how})`,
      value: Math.round(run.rssLast / MB),
      unit: 'MB',
      baseline: `${Math.round(run.rssFirst / MB)} MB after the first PDF; peak ${Math.round(run.peak / MB)} MB`,
      target: 'flat',
    },
  ];
}

export async function runPdfBenchmarks(): Promise<BenchResult[]> {
  const single = await singlePdf();
  const many = [1, 2].map(runMany).filter((run): run is ManyRun => run !== null);
  if (many.length === 0) console.log('Many PDFs: skipped (../shared/data/portfolios not present).');
  return [...single, ...many.flatMap(manyResults)];
}

async function singlePdf(): Promise<BenchResult[]> {
  const ctx = await createTestContext('pglite');
  try {
    const user = await createTestUser(ctx, { userType: 3, account: { allowCrimeRiskFeature: true } });
    for (const productId of [6, 105]) await grantLicenses(ctx.deps.database.db, { accountId: user.account.id, productId, quantity: 10, now: new Date() });
    const created = await user.request({ method: 'POST', url: '/api/reports?v=bench', payload: { reportType: 6, siteName: 'Bench tower', addOnProducts: [105], ...CHICAGO } });
    if (created.statusCode !== 200) throw new Error(`POST /api/reports: ${created.body}`);
    const id = (created.json() as { accountProductReportId: number }).accountProductReportId;
    const download = async () => {
      const t0 = performance.now();
      const response = await user.request({ method: 'GET', url: `/api/reports/${id}/pdf?v=bench` });
      const ms = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`GET pdf: ${response.statusCode} ${response.body.slice(0, 200)}`);
      return { ms, bytes: response.rawPayload.length };
    };
    const first = await download();
    const runs: Awaited<ReturnType<typeof download>>[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await download());
    return [
      { name: 'Premium Plus PDF, every section (first in the process: loads base map and fonts)', value: Math.round(first.ms), unit: 'ms' },
      { name: `Premium Plus PDF, every section (median of ${RUNS})`, value: Math.round(median(runs.map((run) => run.ms))), unit: 'ms', target: '≤ 1,000 ms' },
      { name: 'PDF size', value: Math.round(median(runs.map((run) => run.bytes)) / 1024), unit: 'KiB' },
    ];
  } finally {
    await ctx.close();
  }
}
