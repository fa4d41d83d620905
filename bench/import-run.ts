// The import's processing measured in its own process (bench/import.bench.ts starts it), on a fresh
// database of the kind given. Two runs, each POST sites/import/file/process to the task completing:
// (1) <count> rows built from the real store directory (every country, tiled; half the rows named
// as the account's existing sites, half renamed, which their address still matches) against
// <count> existing sites made from the same directory — the throughput and peak RSS; (2) the
// directory itself (25,600 stores, 9,020 in countries not covered) into an empty account — how
// many rows got which status, and the median distance between our geocode and the directory's own
// coordinates. Prints one JSON line.
// Usage: node --expose-gc --import tsx bench/import-run.ts <pglite|postgres> <count>
import { and, eq, sql } from 'drizzle-orm';
import { importErrorsOf, importWarningsOf, parseCountryCode } from '../packages/domain/src/index';
import { haversineMeters } from '../packages/geo/src/index';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../apps/api/test/context';
import type { TestDatabaseKind } from '../apps/api/test/databases';
import { importQueue, type NewSiteRow } from '../apps/api/src/db/schema/index';
import { insertSites } from '../apps/api/src/features/sites/sites.repository';
import { mappingOf, storeUploadedFile } from '../apps/api/src/features/import/process/process-test-fixtures';
import { sampleRss } from './document-runs';
import { waitForTask } from './lib';
import { realPortfolio, storeDirectory } from './real-portfolio';

const [kind, countText] = process.argv.slice(2) as [TestDatabaseKind, string];
const count = Number(countText);
const directory = storeDirectory();
if (!directory) throw new Error('../shared/data/portfolios is needed for this benchmark');
const stores = directory.slice(1);

const HEADER = ['Name', 'Store Number', 'Street', 'City', 'State', 'Country', 'Postcode', 'Latitude', 'Longitude'];
const MAPPING = mappingOf(['siteName', 'externalId', 'street', 'city', 'state', 'countryCode', 'zipCode', 'latitude', 'longitude']);

/** A directory store as a file row in HEADER's order, named for its copy. */
function fileRow(store: string[], name: string, externalId: string): string[] {
  const [, , , , street, city, state, country, postcode, , , longitude, latitude] = store;
  return [name, externalId, street!, city!, state!, country!, postcode!, latitude!, longitude!];
}

/** `count` existing sites from the covered stores (the bench portfolio), in statements of 2,000. */
async function seedExistingSites(ctx: TestContext, accountId: number): Promise<void> {
  const seen = new Set<string>();
  const rows: NewSiteRow[] = (realPortfolio(count) ?? []).map((site) => {
    const key = site.siteName.trim().toLowerCase();
    // The directory repeats some store names: those copies are the account's legacy sites (no name key).
    const nameKey = seen.has(key) ? null : key;
    seen.add(key);
    return {
      accountId,
      siteName: site.siteName,
      nameKey,
      street: site.street,
      city: site.city,
      state: site.state,
      zipCode: site.zipCode,
      countryId: parseCountryCode(site.countryCode)!,
      latitude: site.latitude,
      longitude: site.longitude,
      externalId: site.eid,
      l: site.l,
    };
  });
  for (let start = 0; start < rows.length; start += 2000) await insertSites(ctx.deps.database.db, rows.slice(start, start + 2000));
}

/** Processes the user's file and answers the time to the task completing, and the peak RSS. */
async function processFile(user: TestUser): Promise<{ ms: number; rssBefore: number; peak: number; detail: string | null }> {
  const rss = sampleRss();
  const t0 = performance.now();
  const started = await user.request({ method: 'POST', url: '/api/sites/import/file/process?hasHeader=true&matchingFlags=384&v=bench', payload: { mapping: MAPPING } });
  if (started.statusCode !== 200) throw new Error(`POST process: ${started.statusCode} ${started.body.slice(0, 300)}`);
  const task = await waitForTask(user, (started.json() as { taskStatusId: number }).taskStatusId, 1_800_000);
  const ms = performance.now() - t0;
  const peak = rss.stop();
  if (task.currentStatus !== 2) throw new Error(`processing failed: ${task.detail}`);
  return { ms, rssBefore: rss.rssBefore, peak, detail: task.detail };
}

/** How many of the user's queue rows have each error and warning. */
async function statusCounts(ctx: TestContext, user: TestUser): Promise<Record<string, number>> {
  const flags = await ctx.deps.database.db
    .select({ errorFlags: importQueue.errorFlags, warningFlags: importQueue.warningFlags })
    .from(importQueue)
    .where(and(eq(importQueue.accountId, user.account.id), eq(importQueue.userId, user.user.id)));
  const counts: Record<string, number> = {};
  for (const row of flags) {
    for (const name of [...importErrorsOf(row.errorFlags), ...importWarningsOf(row.warningFlags)]) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

const ctx = await createTestContext(kind);
try {
  // (1) Throughput: count rows against count sites.
  const user = await createTestUser(ctx, { userType: 3 });
  await seedExistingSites(ctx, user.account.id);
  const rows: string[][] = [HEADER];
  for (let index = 0; index < count; index += 1) {
    const store = stores[index % stores.length]!;
    const copy = Math.floor(index / stores.length);
    const name = copy === 0 ? store[2]! : `${store[2]} ${copy + 1}`;
    // Every other row is renamed: only its address can match it to the account's site.
    rows.push(index % 2 === 0 ? fileRow(store, name, `${store[1]}${copy === 0 ? '' : `-${copy + 1}`}`) : fileRow(store, `${name} new ${index}`, ''));
  }
  await storeUploadedFile(ctx, user, rows);
  rows.length = 0;
  const throughput = await processFile(user);
  const [queued] = await ctx.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(importQueue)
    .where(and(eq(importQueue.accountId, user.account.id), eq(importQueue.userId, user.user.id)));
  const outcomes = await statusCounts(ctx, user);

  // (2) The real directory as it is, into an empty account.
  const real = await createTestUser(ctx, { userType: 3 });
  await storeUploadedFile(ctx, real, [HEADER, ...stores.map((store) => fileRow(store, store[2]!, store[1]!))]);
  const realRun = await processFile(real);
  const queue = await ctx.deps.database.db
    .select({ rowNumber: importQueue.rowNumber, errorFlags: importQueue.errorFlags, countryId: importQueue.countryId, latitude: importQueue.latitude, longitude: importQueue.longitude, precision: importQueue.geocodePrecision })
    .from(importQueue)
    .where(and(eq(importQueue.accountId, real.account.id), eq(importQueue.userId, real.user.id)));
  const countryNotAvailable = queue.filter((row) => (row.errorFlags & 1) !== 0).length;
  const distances: number[] = [];
  const precisions: Record<string, number> = {};
  for (const row of queue) {
    if (row.latitude === null || row.longitude === null) continue;
    const store = stores[row.rowNumber - 1]!;
    distances.push(haversineMeters(row.latitude, row.longitude, Number(store[12]), Number(store[11])));
    precisions[row.precision] = (precisions[row.precision] ?? 0) + 1;
  }
  distances.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      count,
      queued: queued?.n ?? 0,
      ms: throughput.ms,
      rssBefore: throughput.rssBefore,
      peak: throughput.peak,
      detail: throughput.detail,
      outcomes,
      real: {
        rows: stores.length,
        queued: queue.length,
        covered: queue.filter((row) => row.countryId !== null).length,
        countryNotAvailable,
        placed: distances.length,
        precisions,
        outcomes: await statusCounts(ctx, real),
        medianMeters: distances[Math.floor(distances.length / 2)] ?? null,
        p90Meters: distances[Math.floor(distances.length * 0.9)] ?? null,
        ms: realRun.ms,
        detail: realRun.detail,
      },
    }),
  );
} finally {
  await ctx.close();
}
