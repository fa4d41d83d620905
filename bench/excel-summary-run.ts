// One Excel summary measured in its own process (bench/excel.bench.ts starts it): a fresh database
// of the kind given, N Basic reports on N sites, then POST /api/reports/excelsummary to the
// task completing, with the process's RSS sampled every 20 ms while the job runs. Prints one JSON
// line: the time, the RSS before the request and its peak during the job, and the file's size.
// Usage: node --expose-gc --import tsx bench/excel-summary-run.ts <pglite|postgres> <count>
import { eq, sql } from 'drizzle-orm';
import { SCORES_PER_METHODOLOGY, type TExcelSummaryStarted, type TFileDownload } from '../packages/domain/src/index';
import { createTestContext, createTestUser } from '../apps/api/test/context';
import type { TestDatabaseKind } from '../apps/api/test/databases';
import { CHICAGO } from '../apps/api/test/report-fixtures';
import { reports } from '../apps/api/src/db/schema/index';
import { waitForTask } from './lib';

const [kind, countText] = process.argv.slice(2) as [TestDatabaseKind, string];
const count = Number(countText);

const ctx = await createTestContext(kind);
try {
  const user = await createTestUser(ctx, { userType: 3 });
  const { db } = ctx.deps.database;
  // Sites and reports are made by the database itself (generate_series), so that seeding leaves
  // nothing in this process's memory and the RSS measured is the job's. Scores have the stored
  // shape and vary row to row; the benchmark is of the summary, not of scoring.
  await db.execute(sql`
    insert into sites (account_id, site_name, name_key, country_id, street, city, state, zip_code, county, tags, latitude, longitude)
    select ${user.account.id}, 'Bench store ' || g, 'bench store ' || g, 1, (100 + g % 900) || ' W Madison St', 'Chicago', 'IL', '60602', 'Cook',
      array['bench'], ${CHICAGO.latitude} + (g % 100) * 0.001, ${CHICAGO.longitude} - (g / 100) * 0.001
    from generate_series(0, ${count - 1}) g`);
  await db.execute(sql`
    insert into reports (account_id, site_id, country_id, report_type, release_year, methodology_type_ids, product_data, summary_scores)
    select s.account_id, s.site_id, 1, 0, 2026, array[2],
      jsonb_build_array(jsonb_build_object('m', 2, 'y', 2026, 'r1', 0, 'r2', 0, 'py', jsonb_build_array(2021, 2026, 2031), 'sa', 'Illinois', 'ca', 'Cook',
        'v', to_jsonb(x.a), 'lo', (select jsonb_agg(round(v * 0.8)) from unnest(x.a) v), 'hi', (select jsonb_agg(round(v * 1.2)) from unnest(x.a) v), 'rep', repeat('1', 90))),
      jsonb_build_object('2', x.a[1])
    from sites s
    cross join lateral (select array_agg((random() * 600)::int + i * 0) a from generate_series(1, ${SCORES_PER_METHODOLOGY}) i where s.site_id > 0) x
    where s.account_id = ${user.account.id}`);
  const ids = (await db.select({ id: reports.accountProductReportId }).from(reports).where(eq(reports.accountId, user.account.id))).map((row) => row.id);
  if (ids.length !== count) throw new Error(`${ids.length} reports seeded, ${count} wanted`);

  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const t0 = performance.now();
  const posted = await user.request({ method: 'POST', url: '/api/reports/excelsummary?v=bench', payload: { accountProductReportIds: ids } });
  if (posted.statusCode !== 200) throw new Error(`POST /api/reports/excelsummary: ${posted.statusCode} ${posted.body.slice(0, 300)}`);
  const started = posted.json() as TExcelSummaryStarted;
  const task = await waitForTask(user, started.taskStatusId);
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  if (task.currentStatus !== 2) throw new Error(`the Excel summary failed: ${task.detail}`);
  const files = (await user.request({ method: 'GET', url: '/api/users/files' })).json() as TFileDownload[];
  const file = files.find((entry) => entry.fileDownloadID === task.objectID);
  console.log(JSON.stringify({ count: started.count, ms, rssBefore, peak, size: file?.size ?? 0 }));
} finally {
  await ctx.close();
}
