// Report batches: POST /api/reports/batch for 10,000 Basic reports on 10,000 US sites at real
// store addresses, from the POST to the batch's task completing, with the job running in the same
// process as the API (as the built server runs it). The task is polled every 250 ms as a client
// would; the largest gap between two changes of its count is the longest a user waits for progress.
// Each on embedded PGlite and on the PostgreSQL server when one answers.
import { eq } from 'drizzle-orm';
import type { TBatchStarted, TTaskStatus } from '../packages/domain/src/index';
import { createTestContext, createTestUser, type TestContext } from '../apps/api/test/context';
import { postgresServerAvailable, type TestDatabaseKind } from '../apps/api/test/databases';
import { reports } from '../apps/api/src/db/schema/index';
import { grantLicenses, remainingLicenses } from '../apps/api/src/features/licenses/index';
import { insertSites } from '../apps/api/src/features/sites/sites.repository';
import type { BenchResult } from './lib';
import { realPortfolio } from './real-portfolio';

const BATCH_SITES = 10_000;
const POLL_MS = 250;
const GRANTED = 1_000_000;

/** 10,000 US sites from the real store directory (copies of a store a few hundred metres apart). */
function usPoints(): { latitude: number; longitude: number }[] | null {
  const portfolio = realPortfolio(BATCH_SITES * 3);
  if (!portfolio) return null;
  return portfolio
    .filter((site) => site.countryCode === 'USA')
    .slice(0, BATCH_SITES)
    .map(({ latitude, longitude }) => ({ latitude, longitude }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One batch on a fresh database of `kind`: POST to completion, and the progress a poller sees. */
async function batchOnDatabase(kind: TestDatabaseKind, label: string, points: { latitude: number; longitude: number }[]): Promise<BenchResult[]> {
  const ctx: TestContext = await createTestContext(kind);
  try {
    const user = await createTestUser(ctx, { userType: 3 });
    const { db } = ctx.deps.database;
    await grantLicenses(db, { accountId: user.account.id, productId: 0, quantity: GRANTED, now: new Date() });
    const siteIds: number[] = [];
    for (let start = 0; start < points.length; start += 1000) {
      const rows = points.slice(start, start + 1000).map((point, index) => ({ accountId: user.account.id, siteName: `Store ${start + index}`, nameKey: `store ${start + index}`, countryId: 1, ...point }));
      siteIds.push(...(await insertSites(db, rows)).map((site) => site.siteId));
    }

    // The Create Report wizard previews a batch before creating it (its pre-check step).
    const p0 = performance.now();
    const previewed = await user.request({ method: 'POST', url: '/api/reports/batch?v=bench&isSimulation=true', payload: { siteIds, reportType: 0 } });
    const previewMs = performance.now() - p0;
    if (previewed.statusCode !== 200) throw new Error(`POST /api/reports/batch?isSimulation: ${previewed.statusCode} ${previewed.body.slice(0, 300)}`);

    const t0 = performance.now();
    const posted = await user.request({ method: 'POST', url: '/api/reports/batch?v=bench', payload: { siteIds, reportType: 0 } });
    const postMs = performance.now() - t0;
    if (posted.statusCode !== 200) throw new Error(`POST /api/reports/batch: ${posted.statusCode} ${posted.body.slice(0, 300)}`);
    const started = posted.json() as TBatchStarted;

    // Progress as a poller sees it: the time of each change of countCompleted.
    let lastCount = -1;
    // Gaps are counted from the POST's answer: until then the wizard shows its own progress.
    let lastChange = performance.now();
    let largestGap = 0;
    let polls = 0;
    let task: TTaskStatus;
    for (;;) {
      task = (await user.request({ method: 'GET', url: `/api/users/taskstatuses/${started.taskStatusId}` })).json() as TTaskStatus;
      polls += 1;
      const now = performance.now();
      if (task.countCompleted !== lastCount || task.currentStatus === 2 || task.currentStatus === -1) {
        largestGap = Math.max(largestGap, now - lastChange);
        lastChange = now;
        lastCount = task.countCompleted;
      }
      if (task.currentStatus === 2 || task.currentStatus === -1) break;
      if (now - t0 > 300_000) throw new Error('the batch did not finish in 5 minutes');
      await sleep(POLL_MS);
    }
    const totalMs = performance.now() - t0;
    if (task.currentStatus !== 2) throw new Error(`the batch failed: ${task.detail}`);
    const created = (await db.select({ id: reports.accountProductReportId }).from(reports).where(eq(reports.accountId, user.account.id))).length;
    const debited = GRANTED - ((await remainingLicenses(db, user.account.id, [0]))['0'] ?? 0);
    if (created !== started.reportsTotal || debited !== created) throw new Error(`${created} reports, ${debited} licences debited, ${started.reportsTotal} planned`);
    return [
      {
        name: `Report batch of ${started.reportsTotal.toLocaleString('en-US')} Basic reports on US store sites (${label}): POST to task complete`,
        value: Number((totalMs / 1000).toFixed(2)),
        unit: 's',
        baseline: `${Math.round(created / (totalMs / 1000)).toLocaleString('en-US')} reports/s; POST answered in ${Math.round(postMs)} ms (the wizard's preview before it: ${Math.round(previewMs)} ms); ${created.toLocaleString('en-US')} reports, ${debited.toLocaleString('en-US')} licences debited`,
        target: '≤ 20 s',
      },
      {
        name: `Largest gap between progress updates seen by a 250 ms poller (${label})`,
        value: Math.round(largestGap),
        unit: 'ms',
        baseline: `${polls} polls`,
        target: '≤ 2,000 ms',
      },
    ];
  } finally {
    await ctx.close();
  }
}

/** The report batch benchmarks. */
export async function runBatchesBenchmarks(): Promise<BenchResult[]> {
  const points = usPoints();
  if (!points) {
    console.log('Report batches: skipped (../shared/data/portfolios not present).');
    return [];
  }
  const results = await batchOnDatabase('pglite', 'embedded PGlite', points);
  if (await postgresServerAvailable()) results.push(...(await batchOnDatabase('postgres', 'PostgreSQL 15 server', points)));
  return results;
}
