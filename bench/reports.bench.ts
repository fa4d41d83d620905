// Reports and scores: POST /api/scores with 1,000 locations over loopback HTTP, and
// creating 10,000 Basic reports through the service layer (createReportsForSites: scoring outside
// the transaction, 1,000-report chunks written with multi-row inserts, one licence debit and one
// summary update per chunk), each on embedded PGlite and on the PostgreSQL server when one answers.
import type { AddressInfo } from 'node:net';
import { createGeocoder } from '../packages/geo/src/index';
import { locatePackDir } from '../packages/geo/src/pack/locate';
import { readPostal } from '../packages/geo/src/pack/read-pack';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../apps/api/test/context';
import { postgresServerAvailable, type TestDatabaseKind } from '../apps/api/test/databases';
import { hashToken } from '../apps/api/src/lib/tokens';
import { toAuthContext } from '../apps/api/src/access/caller';
import { findSessionWithUser } from '../apps/api/src/access/sessions.repository';
import { grantLicenses } from '../apps/api/src/features/licenses/licenses.service';
import { insertSites } from '../apps/api/src/features/sites/sites.repository';
import { createReportsForSites } from '../apps/api/src/features/reports/reports.service';
import type { BenchResult } from './lib';
import { seededRandom } from '../packages/geo/src/testing/seeded-random';

const SCORE_LOCATIONS = 1_000;
const SCORE_RUNS = 7;
const BATCH_REPORTS = 10_000;


/**
 * Points near the centres of postal areas drawn at random from the data pack (every covered
 * country in proportion to its postal areas), jittered by up to ~1 km, rounded to 7 decimals.
 */
function samplePoints(count: number, seed: number): { latitude: number; longitude: number }[] {
  const centres = readPostal(locatePackDir()).map(([, , lat, lng]) => [Number(lat) / 1e5, Number(lng) / 1e5] as const);
  const next = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const [lat, lng] = centres[Math.floor(next() * centres.length)]!;
    return { latitude: Number((lat + (next() - 0.5) * 0.02).toFixed(7)), longitude: Number((lng + (next() - 0.5) * 0.02).toFixed(7)) };
  });
}

/** A signed-in administrator of a new account holding `quantity` licences of each product. */
async function benchUser(ctx: TestContext, products: number[], quantity: number): Promise<TestUser> {
  const user = await createTestUser(ctx, { userType: 3 });
  for (const productId of products) await grantLicenses(ctx.deps.database.db, { accountId: user.account.id, productId, quantity, now: new Date() });
  return user;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** POST /api/scores with 1,000 locations and one methodology over loopback HTTP: median of several calls after a warm-up. */
async function scoresOverHttp(ctx: TestContext, label: string): Promise<BenchResult[]> {
  const user = await benchUser(ctx, [5], 10_000_000);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const call = async (seed: number, methodologyTypeIds: number[]) => {
    const body = JSON.stringify({ locations: samplePoints(SCORE_LOCATIONS, seed), methodologyTypeIds });
    const t0 = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/scores?v=bench`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken },
      body,
    });
    const text = await response.text();
    const ms = performance.now() - t0;
    if (!response.ok) throw new Error(`POST /api/scores: ${response.status} ${text.slice(0, 300)}`);
    const results = (JSON.parse(text) as { results: { isScorable: boolean }[] }).results;
    return { ms, bytes: text.length, scorable: results.filter((r) => r.isScorable).length };
  };
  await call(1, [2]);
  const one: Awaited<ReturnType<typeof call>>[] = [];
  for (let run = 0; run < SCORE_RUNS; run += 1) one.push(await call(100 + run, [2]));
  const four: Awaited<ReturnType<typeof call>>[] = [];
  for (let run = 0; run < 3; run += 1) four.push(await call(200 + run, [1, 2, 3, 4]));
  const share = Math.round((one.reduce((sum, r) => sum + r.scorable, 0) / (one.length * SCORE_LOCATIONS)) * 100);
  return [
    {
      name: `POST /api/scores, ${SCORE_LOCATIONS.toLocaleString('en-US')} locations × 1 methodology, loopback HTTP (${label}), median of ${SCORE_RUNS}`,
      value: Math.round(median(one.map((r) => r.ms))),
      unit: 'ms',
      baseline: `${share} % scorable, ${(median(one.map((r) => r.bytes)) / 1e6).toFixed(1)} MB answer`,
      target: '≤ 1,000 ms',
    },
    {
      name: `POST /api/scores, ${SCORE_LOCATIONS.toLocaleString('en-US')} locations × 4 methodologies, loopback HTTP (${label}), median of 3`,
      value: Math.round(median(four.map((r) => r.ms))),
      unit: 'ms',
      baseline: `${(median(four.map((r) => r.bytes)) / 1e6).toFixed(1)} MB answer`,
    },
  ];
}

/** 10,000 Basic reports for 10,000 existing sites through createReportsForSites. */
async function batchOfReports(ctx: TestContext, label: string): Promise<BenchResult> {
  const user = await benchUser(ctx, [0], 1_000_000);
  const db = ctx.deps.database.db;
  const points = samplePoints(BATCH_REPORTS * 2, 4242).filter((point) => ctx.deps.gazetteer.countryAt(point.latitude, point.longitude) !== undefined).slice(0, BATCH_REPORTS);
  const siteIds: number[] = [];
  for (let start = 0; start < points.length; start += 1000) {
    const rows = points.slice(start, start + 1000).map((point, index) => ({
      accountId: user.account.id,
      siteName: `Bench site ${start + index}`,
      nameKey: `bench site ${start + index}`,
      countryId: ctx.deps.gazetteer.countryAt(point.latitude, point.longitude)!,
      ...point,
    }));
    siteIds.push(...(await insertSites(db, rows)).map((site) => site.siteId));
  }
  const token = user.cookie.split('=')[1]!;
  const auth = toAuthContext((await findSessionWithUser(db, hashToken(token)))!);
  const geocoder = createGeocoder(ctx.deps.gazetteer);
  const services = {
    db,
    gazetteer: ctx.deps.gazetteer,
    scoring: ctx.deps.scoring,
    geocode: geocoder.geocode.bind(geocoder),
    mailer: ctx.deps.mailer,
    now: () => new Date(),
    publicUrl: ctx.deps.config.publicUrl,
  };
  const t0 = performance.now();
  const result = await createReportsForSites(services, auth, siteIds, { reportType: 0 });
  const ms = performance.now() - t0;
  if (result.accountProductReportIds.length + result.notScorableSiteIds.length !== siteIds.length) throw new Error('batch lost sites');
  return {
    name: `Create ${siteIds.length.toLocaleString('en-US')} Basic reports for existing sites through the service layer (${label}): score, insert, debit, site summaries`,
    value: Number((ms / 1000).toFixed(2)),
    unit: 's',
    baseline: `${Math.round(result.accountProductReportIds.length / (ms / 1000)).toLocaleString('en-US')} reports/s; ${result.notScorableSiteIds.length} not scorable`,
    target: '≤ 20 s',
  };
}

/** Both measurements on one database kind, each on a fresh database. */
async function onDatabase(kind: TestDatabaseKind, label: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const httpCtx = await createTestContext(kind);
  try {
    results.push(...(await scoresOverHttp(httpCtx, label)));
  } finally {
    await httpCtx.close();
  }
  const batchCtx = await createTestContext(kind);
  try {
    results.push(await batchOfReports(batchCtx, label));
  } finally {
    await batchCtx.close();
  }
  return results;
}

/** The reports and scores benchmarks. */
export async function runReportsBenchmarks(): Promise<BenchResult[]> {
  const results = await onDatabase('pglite', 'embedded PGlite');
  if (await postgresServerAvailable()) results.push(...(await onDatabase('postgres', 'PostgreSQL 15 server')));
  return results;
}
