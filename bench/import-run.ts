// The two ends of the import benchmark (bench/import.bench.ts runs the server between them).
// `seed <pglite|postgres> <count> <dataDir>`: a fresh database (PGlite kept in <dataDir>, or a new
// database on the PostgreSQL server) with two accounts, each with its uploaded file: (1) <count>
// rows built from the real store directory (every country, tiled; half the rows named as the
// account's existing sites, half renamed, which their address still matches) and <count> existing
// sites made from the same directory; (2) the directory itself (25,600 stores, 9,020 in countries
// not covered) in an empty account. Prints the hand-off: where the database is, and a session for
// each account's user. `stats <hand-off JSON>`, after the server processed both files: how many
// rows got which status, and the median distance between our geocode and the directory's own
// coordinates; then the database is dropped. Each prints one JSON line.
import { and, eq, sql } from 'drizzle-orm';
import { importErrorsOf, importWarningsOf, parseCountryCode } from '../packages/domain/src/index';
import { haversineMeters } from '../packages/geo/src/index';
import { createTestContext, createTestUser, type TestContext } from '../apps/api/test/context';
import { dropServerDatabase, type TestDatabaseKind } from '../apps/api/test/databases';
import { openDatabase, type Db } from '../apps/api/src/db/client';
import { importQueue, type NewSiteRow } from '../apps/api/src/db/schema/index';
import { insertSites } from '../apps/api/src/features/sites/sites.repository';
import { mappingOf, storeUploadedFile } from '../apps/api/src/features/import/process/process-test-fixtures';
import { realPortfolio, storeDirectory } from './real-portfolio';

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
async function seedExistingSites(ctx: TestContext, accountId: number, count: number): Promise<void> {
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

/** A seeded account's user, as the benchmark's client and the statistics need them. */
export interface SeededUser {
  accountId: number;
  userId: number;
  cookie: string;
  csrfToken: string;
}

/** What `seed` hands to the server and to `stats`. */
export interface ImportBenchHandoff {
  kind: TestDatabaseKind;
  /** The PostgreSQL database's URL; absent for PGlite, which lives in the data directory. */
  databaseUrl?: string;
  dataDir: string;
  count: number;
  /** The account with `count` sites and a file of `count` rows. */
  throughput: SeededUser;
  /** The empty account with the real directory's file. */
  real: SeededUser;
  /** The column mapping both files are processed with. */
  mapping: typeof MAPPING;
}

/** How many of the user's queue rows have each error and warning. */
async function statusCounts(db: Db, user: SeededUser): Promise<Record<string, number>> {
  const flags = await db
    .select({ errorFlags: importQueue.errorFlags, warningFlags: importQueue.warningFlags })
    .from(importQueue)
    .where(and(eq(importQueue.accountId, user.accountId), eq(importQueue.userId, user.userId)));
  const counts: Record<string, number> = {};
  for (const row of flags) {
    for (const name of [...importErrorsOf(row.errorFlags), ...importWarningsOf(row.warningFlags)]) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

async function seed(kind: TestDatabaseKind, count: number, dataDir: string): Promise<ImportBenchHandoff> {
  const ctx = await createTestContext(kind, {}, { dataDir });
  try {
    const user = await createTestUser(ctx, { userType: 3 });
    await seedExistingSites(ctx, user.account.id, count);
    const rows: string[][] = [HEADER];
    for (let index = 0; index < count; index += 1) {
      const store = stores[index % stores.length]!;
      const copy = Math.floor(index / stores.length);
      const name = copy === 0 ? store[2]! : `${store[2]} ${copy + 1}`;
      // Every other row is renamed: only its address can match it to the account's site.
      rows.push(index % 2 === 0 ? fileRow(store, name, `${store[1]}${copy === 0 ? '' : `-${copy + 1}`}`) : fileRow(store, `${name} new ${index}`, ''));
    }
    await storeUploadedFile(ctx, user, rows);
    const real = await createTestUser(ctx, { userType: 3 });
    await storeUploadedFile(ctx, real, [HEADER, ...stores.map((store) => fileRow(store, store[2]!, store[1]!))]);
    const seeded = (u: typeof user): SeededUser => ({ accountId: u.account.id, userId: u.user.id, cookie: u.cookie, csrfToken: u.csrfToken });
    return { kind, databaseUrl: ctx.deps.database.connectionString, dataDir, count, throughput: seeded(user), real: seeded(real), mapping: MAPPING };
  } finally {
    // The database stays for the server: close without dropping it.
    await ctx.app.close();
    await ctx.deps.jobs.stop();
    await ctx.deps.database.close();
  }
}

/** What became of the rows of both files, read once the server has gone. */
async function stats(handoff: ImportBenchHandoff) {
  const database = await openDatabase({ databaseUrl: handoff.databaseUrl, dataDir: handoff.dataDir });
  try {
    const { db } = database;
    const [queued] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(importQueue)
      .where(and(eq(importQueue.accountId, handoff.throughput.accountId), eq(importQueue.userId, handoff.throughput.userId)));
    const real = handoff.real;
    const queue = await db
      .select({ rowNumber: importQueue.rowNumber, errorFlags: importQueue.errorFlags, countryId: importQueue.countryId, latitude: importQueue.latitude, longitude: importQueue.longitude, precision: importQueue.geocodePrecision })
      .from(importQueue)
      .where(and(eq(importQueue.accountId, real.accountId), eq(importQueue.userId, real.userId)));
    const distances: number[] = [];
    const precisions: Record<string, number> = {};
    for (const row of queue) {
      if (row.latitude === null || row.longitude === null) continue;
      const store = stores[row.rowNumber - 1]!;
      distances.push(haversineMeters(row.latitude, row.longitude, Number(store[12]), Number(store[11])));
      precisions[row.precision] = (precisions[row.precision] ?? 0) + 1;
    }
    distances.sort((a, b) => a - b);
    return {
      queued: queued?.n ?? 0,
      outcomes: await statusCounts(db, handoff.throughput),
      real: {
        rows: stores.length,
        queued: queue.length,
        covered: queue.filter((row) => row.countryId !== null).length,
        countryNotAvailable: queue.filter((row) => (row.errorFlags & 1) !== 0).length,
        placed: distances.length,
        precisions,
        outcomes: await statusCounts(db, real),
        medianMeters: distances[Math.floor(distances.length / 2)] ?? null,
        p90Meters: distances[Math.floor(distances.length * 0.9)] ?? null,
      },
    };
  } finally {
    await database.close();
    if (handoff.databaseUrl) await dropServerDatabase(handoff.databaseUrl);
  }
}

const [phase, ...args] = process.argv.slice(2);
if (phase === 'seed') {
  console.log(JSON.stringify(await seed(args[0] as TestDatabaseKind, Number(args[1]), args[2]!)));
} else if (phase === 'stats') {
  console.log(JSON.stringify(await stats(JSON.parse(args[0]!) as ImportBenchHandoff)));
} else {
  throw new Error('usage: import-run.ts seed <pglite|postgres> <count> <dataDir> | stats <hand-off JSON>');
}
