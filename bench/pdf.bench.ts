// The report PDF: GET /api/reports/{id}/pdf of a Premium Plus report (four methodologies, every
// section: score tables, maps A and B drawn on the server, demographics, crime rate comparison)
// through the real app on embedded PGlite. One warm-up (loads the base map and fonts), then the
// median of five downloads.
import { createTestContext, createTestUser } from '../apps/api/test/context';
import { grantLicenses } from '../apps/api/src/features/licenses/licenses.service';
import type { BenchResult } from './lib';

const RUNS = 5;
const CHICAGO = { latitude: 41.8789, longitude: -87.6359 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runPdfBenchmarks(): Promise<BenchResult[]> {
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
