// What the document benchmarks (Excel summary, report archive) share: many sites and reports made
// quickly — the database itself makes the rows (generate_series), so seeding leaves nothing in the
// measuring process's memory and the RSS measured is the job's —, the RSS sampler, and the child
// process each measurement runs in.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { SCORES_PER_METHODOLOGY } from '../packages/domain/src/index';
import type { Db } from '../apps/api/src/db/client';
import { reports, sites } from '../apps/api/src/db/schema/index';
import { CHICAGO } from '../apps/api/test/report-fixtures';
import { repoRoot } from './lib';

/** `count` sites of an account in a grid around Chicago (each at its own point). */
export async function seedBenchSites(db: Db, accountId: number, count: number): Promise<void> {
  await db.execute(sql`
    insert into sites (account_id, site_name, name_key, country_id, street, city, state, zip_code, county, tags, latitude, longitude)
    select ${accountId}, 'Bench store ' || g, 'bench store ' || g, 1, (100 + g % 900) || ' W Madison St', 'Chicago', 'IL', '60602', 'Cook',
      array['bench'], ${CHICAGO.latitude} + (g % 100) * 0.001, ${CHICAGO.longitude} - (g / 100) * 0.001
    from generate_series(0, ${count - 1}) g`);
}

/** A Basic report (methodology 2, scores of the stored shape that vary row to row) on every site of the account. */
export async function seedBasicReports(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`
    insert into reports (account_id, site_id, country_id, report_type, release_year, methodology_type_ids, product_data, summary_scores)
    select s.account_id, s.site_id, 1, 0, 2026, array[2],
      jsonb_build_array(jsonb_build_object('m', 2, 'y', 2026, 'r1', 0, 'r2', 0, 'py', jsonb_build_array(2021, 2026, 2031), 'sa', 'Illinois', 'ca', 'Cook',
        'v', to_jsonb(x.a), 'lo', (select jsonb_agg(round(v * 0.8)) from unnest(x.a) v), 'hi', (select jsonb_agg(round(v * 1.2)) from unnest(x.a) v), 'rep', repeat('1', 90))),
      jsonb_build_object('2', x.a[1])
    from sites s
    cross join lateral (select array_agg((random() * 600)::int + i * 0) a from generate_series(1, ${SCORES_PER_METHODOLOGY}) i where s.site_id > 0) x
    where s.account_id = ${accountId}`);
}

/** A copy of one real report (made through the API) on every other site of the account, in chunks. */
export async function copyReportToSites(db: Db, accountId: number, templateId: number): Promise<void> {
  const [template] = await db.select().from(reports).where(eq(reports.accountProductReportId, templateId));
  if (!template) throw new Error(`report ${templateId} not found`);
  const { accountProductReportId: _id, created: _created, siteId, ...copy } = template;
  const others = await db.select({ id: sites.siteId }).from(sites).where(and(eq(sites.accountId, accountId), ne(sites.siteId, siteId)));
  const siteIds = others.map((row) => row.id);
  for (let start = 0; start < siteIds.length; start += 200) {
    await db.insert(reports).values(siteIds.slice(start, start + 200).map((id) => ({ ...copy, siteId: id })));
  }
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(reports).where(and(eq(reports.accountId, accountId), ne(reports.accountProductReportId, templateId)));
  if (Number(n) !== siteIds.length) throw new Error(`${n} report copies made, ${siteIds.length} wanted`);
}

/** The ids of the account's reports, checked to be `count`. */
export async function accountReportIds(db: Db, accountId: number, count: number): Promise<number[]> {
  const ids = (await db.select({ id: reports.accountProductReportId }).from(reports).where(eq(reports.accountId, accountId))).map((row) => row.id);
  if (ids.length !== count) throw new Error(`${ids.length} reports seeded, ${count} wanted`);
  return ids;
}

/** Samples the process's RSS every 20 ms from now (after a collection, when --expose-gc): the RSS before, and the peak until stop(). */
export function sampleRss(): { rssBefore: number; stop(): number } {
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  return {
    rssBefore,
    stop() {
      clearInterval(sampler);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

/** Runs a measuring script (bench/<script>) in its own process, so that its RSS is the job's alone; answers the JSON line it prints last. */
export function runMeasuredChild<T>(script: string, args: readonly string[]): T {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(repoRoot, 'bench', script), ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${script} ${args.join(' ')} failed: ${child.stderr.slice(-1000)}`);
  return JSON.parse(line) as T;
}
