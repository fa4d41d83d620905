// One report archive measured in its own process (bench/archive.bench.ts starts it): a fresh
// database of the kind given, one Premium Plus report with the demographics add-on made through the
// API and copied onto N-1 more sites around Chicago (each PDF draws its own maps), then POST
// /api/reports/bulkdownload (PDFs, every section) to the task completing. RSS is sampled every
// 20 ms; the RSS (and the live heap after a collection) when the task first reports 25 % and when
// it reports 100 % show whether memory grows with the count. Prints one JSON line.
// Usage: node --expose-gc --import tsx bench/archive-run.ts <pglite|postgres> <count>
import type { TBulkDownloadStarted, TFileDownload } from '../packages/domain/src/index';
import { createTestContext, createTestUser } from '../apps/api/test/context';
import type { TestDatabaseKind } from '../apps/api/test/databases';
import { CHICAGO } from '../apps/api/test/report-fixtures';
import { grantLicenses } from '../apps/api/src/features/licenses/licenses.service';
import { accountReportIds, copyReportToSites, seedBenchSites, sampleRss } from './document-runs';
import { waitForTask } from './lib';

const [kind, countText] = process.argv.slice(2) as [TestDatabaseKind, string];
const count = Number(countText);

const ctx = await createTestContext(kind);
try {
  const user = await createTestUser(ctx, { userType: 3, account: { allowCrimeRiskFeature: true } });
  const { db } = ctx.deps.database;
  for (const productId of [6, 105]) await grantLicenses(db, { accountId: user.account.id, productId, quantity: 1, now: new Date() });
  const created = await user.request({ method: 'POST', url: '/api/reports?v=bench', payload: { reportType: 6, siteName: 'Bench tower', addOnProducts: [105], ...CHICAGO } });
  if (created.statusCode !== 200) throw new Error(`POST /api/reports: ${created.body.slice(0, 300)}`);
  await seedBenchSites(db, user.account.id, count - 1);
  await copyReportToSites(db, user.account.id, (created.json() as { accountProductReportId: number }).accountProductReportId);
  const ids = await accountReportIds(db, user.account.id, count);
  const rss = sampleRss();
  const t0 = performance.now();
  const posted = await user.request({ method: 'POST', url: '/api/reports/bulkdownload?v=bench', payload: { accountProductReportIds: ids, content: 'pdf' } });
  if (posted.statusCode !== 200) throw new Error(`POST /api/reports/bulkdownload: ${posted.statusCode} ${posted.body.slice(0, 300)}`);
  const started = posted.json() as TBulkDownloadStarted;
  let rssAt25: number | undefined;
  let rssAt100: number | undefined;
  let heapAt25 = 0;
  let heapAt100 = 0;
  let msAt25 = 0;
  // The live heap after a full collection: what the process really keeps, apart from the heap room
  // V8 has taken and not given back (which RSS also counts).
  const liveHeap = () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  };
  const task = await waitForTask(user, started.taskStatusId, 1_800_000, (progress) => {
    if (rssAt25 === undefined && progress.countCompleted >= count / 4) {
      rssAt25 = process.memoryUsage.rss();
      msAt25 = performance.now() - t0;
      heapAt25 = liveHeap();
    }
    if (rssAt100 === undefined && progress.countCompleted >= count) {
      rssAt100 = process.memoryUsage.rss();
      heapAt100 = liveHeap();
    }
  });
  const ms = performance.now() - t0;
  const peak = rss.stop();
  if (task.currentStatus !== 2) throw new Error(`the archive failed: ${task.detail}`);
  const files = (await user.request({ method: 'GET', url: '/api/users/files' })).json() as TFileDownload[];
  const file = files.find((entry) => entry.fileDownloadID === task.objectID);
  console.log(JSON.stringify({ count: started.count, ms, msAt25, rssBefore: rss.rssBefore, peak, rssAt25: rssAt25 ?? peak, rssAt100: rssAt100 ?? process.memoryUsage.rss(), heapAt25, heapAt100, size: file?.size ?? 0 }));
} finally {
  await ctx.close();
}
