// One Excel summary measured in its own process (bench/excel.bench.ts starts it): a fresh database
// of the kind given, N Basic reports on N sites, then POST /api/reports/excelsummary to the
// task completing, with the process's RSS sampled every 20 ms while the job runs. Prints one JSON
// line: the time, the RSS before the request and its peak during the job, and the file's size.
// Usage: node --expose-gc --import tsx bench/excel-summary-run.ts <pglite|postgres> <count>
import type { TExcelSummaryStarted, TFileDownload } from '../packages/domain/src/index';
import { createTestContext, createTestUser } from '../apps/api/test/context';
import type { TestDatabaseKind } from '../apps/api/test/databases';
import { accountReportIds, seedBasicReports, seedBenchSites, sampleRss } from './document-runs';
import { waitForTask } from './lib';

const [kind, countText] = process.argv.slice(2) as [TestDatabaseKind, string];
const count = Number(countText);

const ctx = await createTestContext(kind);
try {
  const user = await createTestUser(ctx, { userType: 3 });
  const { db } = ctx.deps.database;
  await seedBenchSites(db, user.account.id, count);
  await seedBasicReports(db, user.account.id);
  const ids = await accountReportIds(db, user.account.id, count);
  const rss = sampleRss();
  const t0 = performance.now();
  const posted = await user.request({ method: 'POST', url: '/api/reports/excelsummary?v=bench', payload: { accountProductReportIds: ids } });
  if (posted.statusCode !== 200) throw new Error(`POST /api/reports/excelsummary: ${posted.statusCode} ${posted.body.slice(0, 300)}`);
  const started = posted.json() as TExcelSummaryStarted;
  const task = await waitForTask(user, started.taskStatusId);
  const ms = performance.now() - t0;
  const peak = rss.stop();
  if (task.currentStatus !== 2) throw new Error(`the Excel summary failed: ${task.detail}`);
  const files = (await user.request({ method: 'GET', url: '/api/users/files' })).json() as TFileDownload[];
  const file = files.find((entry) => entry.fileDownloadID === task.objectID);
  console.log(JSON.stringify({ count: started.count, ms, rssBefore: rss.rssBefore, peak, size: file?.size ?? 0 }));
} finally {
  await ctx.close();
}
