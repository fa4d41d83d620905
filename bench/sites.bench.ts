// Site list: 100,000 sites in one account, inserted with multi-row INSERTs (a
// deterministic synthetic portfolio: real city centres, typical name and street lengths, tags,
// scores). GET /api/m/sites over loopback HTTP is timed against a bare SELECT of the same columns
// through the same driver in the same run (target ≤ 1.5×), and the packed list's bytes per site
// before compression are reported (target ≤ 50) — on embedded PGlite and on the PostgreSQL server.
// The target is a FULL read: the kept lists are dropped before each timed request, so every row is
// read and encoded, interleaved with the bare SELECT in the same run. The server otherwise keeps
// packed lists until the account's data changes (kept-site-lists.ts) and then rebuilds them from
// the rows that changed (kept-site-list-rebuild.ts): those requests are timed too, as second lines.
// The size target is measured on real store addresses tiled to 100,000 sites (real-portfolio.ts),
// and on the synthetic portfolio.
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { syntheticSites } from '../packages/domain/src/sites/synthetic-sites.fixture';
import { COUNTRIES } from '../packages/domain/src/ids';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../apps/api/test/context';
import { postgresServerAvailable, type TestDatabaseKind } from '../apps/api/test/databases';
import { sites, type NewSiteRow } from '../apps/api/src/db/schema/index';
import { hashToken } from '../apps/api/src/lib/tokens';
import { toAuthContext } from '../apps/api/src/access/caller';
import { findSessionWithUser } from '../apps/api/src/access/sessions.repository';
import { encodePackedSites } from '../packages/domain/src/sites/packed-sites';
import { queryArrays, type ExpectedRows } from '../apps/api/src/db/raw-rows';
import { PackedRowSource } from '../apps/api/src/features/sites/sites-packed';
import { siteRowsQuery } from '../apps/api/src/features/sites/site-rows.repository';
import { siteScope } from '../apps/api/src/access/site-scope';
import { touchAccountData } from '../apps/api/src/features/sites/sites.repository';
import type { BenchResult } from './lib';
import { realPortfolio } from './real-portfolio';

const SITES = 100_000;
// 21 parameters a row: 2,500 rows stay under the protocol's 65,535 parameters per statement.
const INSERT_CHUNK = 2_500;
const RUNS = 5;

const COUNTRY_ID = new Map<string, number>(COUNTRIES.map((country) => [country.iso3, country.countryId]));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Inserts the synthetic portfolio into the account, 5,000 rows per INSERT statement. */
async function seedPortfolio(ctx: TestContext, accountId: number): Promise<number> {
  const portfolio = syntheticSites(SITES, 5);
  const t0 = performance.now();
  for (let start = 0; start < portfolio.length; start += INSERT_CHUNK) {
    const rows: NewSiteRow[] = portfolio.slice(start, start + INSERT_CHUNK).map((site) => ({
      accountId,
      siteName: site.siteName,
      // Chain stores share names ('Brand #1234' repeats): stored as legacy-mode names, without the unique key.
      nameKey: null,
      notes: site.notes,
      tags: [...site.tags],
      street: site.street,
      street2: site.street2,
      city: site.city,
      state: site.state,
      zipCode: site.zipCode,
      countryId: COUNTRY_ID.get(site.countryCode) ?? 1,
      latitude: site.latitude,
      longitude: site.longitude,
      ct: site.ct,
      externalId: site.eid,
      classificationIds: [...site.classes],
      geocodeType: site.geocodeType,
      created: new Date(site.created),
      // The synthetic summary stands in for the reports the writer would have summarised.
      s: site.s,
      l: site.l,
      lrr: site.lrr ? new Date(site.lrr) : null,
    }));
    await ctx.deps.database.db.insert(sites).values(rows);
  }
  await ctx.deps.database.db.execute(sql`analyze sites`);
  return performance.now() - t0;
}

/** One timed GET over loopback HTTP: milliseconds and the body's size. */
async function timedGet(port: number, user: TestUser, path: string, encoding: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie: user.cookie, 'accept-encoding': encoding } });
  // arrayBuffer() decompresses: the size of what travelled is the content-length.
  const body = await response.arrayBuffer();
  const ms = performance.now() - t0;
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  const travelled = Number(response.headers.get('content-length') ?? body.byteLength);
  return { ms, bytes: encoding === 'identity' ? body.byteLength : travelled };
}

async function onDatabase(kind: TestDatabaseKind, label: string): Promise<BenchResult[]> {
  const ctx = await createTestContext(kind);
  try {
    const user = await createTestUser(ctx, { userType: 3 });
    const insertMs = await seedPortfolio(ctx, user.account.id);
    const auth = toAuthContext((await findSessionWithUser(ctx.deps.database.db, hashToken(user.cookie.split('=')[1]!)))!);
    const query = siteRowsQuery(await siteScope(ctx.deps.database.db, auth), { release: -1 });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;

    let lastRows: unknown[][] = [];
    /** The bare SELECT: as arrays of values (the baseline), or as whole lists are read ('many': one text per row on PGlite). */
    const select = async (expected: ExpectedRows = 'few') => {
      const t0 = performance.now();
      const rows = await queryArrays(ctx.deps.database, query, expected);
      if (rows.length !== SITES) throw new Error(`expected ${SITES} rows, read ${rows.length}`);
      lastRows = rows;
      return performance.now() - t0;
    };
    /**
     * As POST sites/edit does: one site's notes change and the account's data stamp moves. Written
     * straight to the database, so the API does not refresh its list ahead: the GET that follows
     * does it (kept-site-list-rebuild.ts), and is what is timed.
     */
    /** The support action "uncache sites": this process lets go of the account's kept lists. */
    const staff = await createTestUser(ctx, { userType: 4, inAccount: user.account });
    const forgetKeptLists = async () => {
      const response = await staff.request({ method: 'POST', url: '/api/sites/deletecache?v=bench' });
      if (response.statusCode !== 200) throw new Error(`sites/deletecache: ${response.statusCode} ${response.body}`);
    };
    let edits = 0;
    const changeData = async () => {
      edits += 1;
      await ctx.deps.database.db.execute(sql`update sites set notes = ${`Bench edit ${edits}`} where account_id = ${user.account.id} and site_id = (select min(site_id) from sites where account_id = ${user.account.id})`);
      await touchAccountData(ctx.deps.database.db, user.account.id, new Date());
    };
    // Warm-up: plans, caches, JIT. The first request finds no list kept: it reads every row.
    await select();
    const first = await timedGet(port, user, '/api/m/sites?v=bench', 'identity');
    const selects: number[] = [];
    const textSelects: number[] = [];
    const full: { ms: number; bytes: number }[] = [];
    const packed: { ms: number; bytes: number }[] = [];
    const brotli: { ms: number; bytes: number }[] = [];
    const kept: { ms: number; bytes: number }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Interleaved, so drift in the machine's load falls on both alike.
      selects.push(await select());
      textSelects.push(await select('many'));
      await forgetKeptLists();
      full.push(await timedGet(port, user, '/api/m/sites?v=bench', 'identity'));
      await changeData();
      packed.push(await timedGet(port, user, '/api/m/sites?v=bench', 'identity'));
      await changeData();
      brotli.push(await timedGet(port, user, '/api/m/sites?v=bench', 'br'));
      kept.push(await timedGet(port, user, '/api/m/sites?v=bench', 'br'));
    }
    // The encoder alone, on the rows of the last SELECT: the part of m/sites the SELECT does not have.
    const encodes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const t0 = performance.now();
      encodePackedSites(new PackedRowSource(lastRows, -1));
      encodes.push(performance.now() - t0);
    }
    lastRows = [];
    const json = await timedGet(port, user, '/api/sites?v=bench', 'identity');
    const selectMs = median(selects);
    const fullMs = median(full.map((r) => r.ms));
    const packedMs = median(packed.map((r) => r.ms));
    const bytesPerSite = packed[0]!.bytes / SITES;
    return [
      {
        name: `Insert ${SITES.toLocaleString('en-US')} sites, ${INSERT_CHUNK.toLocaleString('en-US')} rows per INSERT (${label})`,
        value: Number((insertMs / 1000).toFixed(2)),
        unit: 's',
        baseline: `${Math.round(SITES / (insertMs / 1000)).toLocaleString('en-US')} rows/s`,
      },
      {
        name: `Bare SELECT of the site list columns, ${SITES.toLocaleString('en-US')} rows (${label}), median of ${RUNS}`,
        value: Math.round(selectMs),
        unit: 'ms',
      },
      {
        name: `The same SELECT read as whole lists are read (db/raw-rows.ts: one text per row on PGlite, values on PostgreSQL), ${SITES.toLocaleString('en-US')} rows (${label}), median of ${RUNS}`,
        value: Math.round(median(textSelects)),
        unit: 'ms',
        baseline: `${(median(textSelects) / selectMs).toFixed(2)}× the bare SELECT`,
      },
      {
        name: `GET /api/m/sites, first request (no list kept: every row read), ${SITES.toLocaleString('en-US')} sites, uncompressed, loopback HTTP (${label})`,
        value: Math.round(first.ms),
        unit: 'ms',
        baseline: `${(first.ms / selectMs).toFixed(2)}× the bare SELECT (one request, cold JIT)`,
      },
      {
        name: `GET /api/m/sites, full read (no list kept: every row read and encoded), ${SITES.toLocaleString('en-US')} sites, uncompressed, loopback HTTP (${label}), median of ${RUNS}`,
        value: Math.round(fullMs),
        unit: 'ms',
        baseline: `${(fullMs / selectMs).toFixed(2)}× the bare SELECT; ${(fullMs / median(textSelects)).toFixed(2)}× the SELECT read as whole lists are`,
        target: '≤ 1.5× the bare SELECT',
      },
      {
        name: `GET /api/m/sites after one site was edited (kept list rebuilt from the changed row), uncompressed, loopback HTTP (${label}), median of ${RUNS}`,
        value: Math.round(packedMs),
        unit: 'ms',
        baseline: `${(packedMs / selectMs).toFixed(2)}× the bare SELECT`,
      },
      {
        name: `Packed encoding alone of the SELECT's ${SITES.toLocaleString('en-US')} rows, in process (${label}), median of ${RUNS}`,
        value: Math.round(median(encodes)),
        unit: 'ms',
      },
      {
        name: `GET /api/m/sites after one site was edited, with Brotli (${label}), median of ${RUNS}`,
        value: Math.round(median(brotli.map((r) => r.ms))),
        unit: 'ms',
        baseline: `${(brotli[0]!.bytes / SITES).toFixed(1)} bytes/site on the wire`,
      },
      {
        name: `GET /api/m/sites with Brotli, list kept by the server (no change since the last request) (${label}), median of ${RUNS}`,
        value: Math.round(median(kept.map((r) => r.ms))),
        unit: 'ms',
      },
      {
        name: `Packed site list size before compression, synthetic portfolio (${label})`,
        value: Number(bytesPerSite.toFixed(1)),
        unit: 'bytes/site',
        baseline: `${(packed[0]!.bytes / 1e6).toFixed(2)} MB; JSON GET /api/sites ${(json.bytes / SITES).toFixed(0)} bytes/site in ${Math.round(json.ms)} ms`,
      },
    ];
  } finally {
    await ctx.close();
  }
}

/** Bytes per site of the packed list of real store addresses tiled to 100,000 sites. */
function realAddressSize(): BenchResult[] {
  const portfolio = realPortfolio(SITES);
  if (!portfolio) {
    console.log('Packed size on real addresses: skipped (../shared/data/portfolios not present).');
    return [];
  }
  const bytes = encodePackedSites(portfolio).byteLength;
  return [
    {
      name: `Packed site list size before compression, real store addresses tiled to ${SITES.toLocaleString('en-US')} sites with varied tags and notes`,
      value: Number((bytes / SITES).toFixed(1)),
      unit: 'bytes/site',
      baseline: `${(bytes / 1e6).toFixed(2)} MB; ${(gzipSync(encodePackedSites(portfolio)).byteLength / SITES).toFixed(1)} bytes/site gzipped`,
      target: '≤ 50 bytes/site',
    },
  ];
}

/** The site list benchmarks. */
export async function runSitesBenchmarks(): Promise<BenchResult[]> {
  const results = [...realAddressSize(), ...(await onDatabase('pglite', 'embedded PGlite'))];
  if (await postgresServerAvailable()) results.push(...(await onDatabase('postgres', 'PostgreSQL 15 server')));
  return results;
}
