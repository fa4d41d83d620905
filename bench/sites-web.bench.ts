// Sites page in the browser: the built server holding one account with 100,000 sites
// (the deterministic synthetic portfolio of packages/domain, inserted with multi-row
// INSERT … SELECT FROM jsonb_to_recordset before the server starts), and Debian's headless
// Chromium driven by Playwright with the end-to-end flags. Measured in the page with
// performance.now() (0 = the navigation's start):
// - navigation → the first rows drawn, and → a key typed into the search box handled (the page
//   answers input): with an empty client cache (the list comes from GET m/sites, whose request
//   time is reported beside it) and with the cached list in the client. With an empty client cache
//   twice: the server keeping the packed list (site-list-cache.ts), and right after a change to the
//   account's data (a site edited through the API), when the server rebuilds its list from the
//   changed rows (kept-site-list-rebuild.ts, started by the write itself);
// - a search over all 100,000 sites: from the input event to the grid showing the result;
// - scrolling to the last row: from setting scrollTop to the last row drawn.
// On embedded PGlite, and on the PostgreSQL server when one answers (navigation only: the browser
// side is the same). SITES_WEB_DEBUG=1 prints each navigation's API requests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { COUNTRIES } from '../packages/domain/src/ids';
import { SITE_CACHE_KEY_PREFIX } from '../packages/domain/src/sites/client-site-list-cache';
import { syntheticSites } from '../packages/domain/src/sites/synthetic-sites.fixture';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../apps/api/src/db/client';
import { createAccountWithAdmin } from '../apps/api/src/features/accounts/accounts.service';
import { createTestDatabase, postgresServerAvailable } from '../apps/api/test/databases';
import { withSignedInBrowser } from './browser';
import type { BenchResult } from './lib';

const SITES = 100_000;
const CHUNK = 10_000;
const RUNS = 5;
const PORT = 18311;
const EMAIL = 'sites-web@riskatlas.local';
const PASSWORD = 'bench-password-123';
const N = SITES.toLocaleString('en-US');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms over ${values.length} runs`;

/** One account (an administrator) with the synthetic portfolio, on a migrated database (the map bench seeds the same). */
async function seed(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  const { account } = await createAccountWithAdmin(handle.db, {
    company: 'Sites bench',
    admin: { email: EMAIL, password: PASSWORD, firstName: 'Bench', lastName: 'Admin' },
    now: new Date(),
  });
  const countryId = new Map<string, number>(COUNTRIES.map((country) => [country.iso3, country.countryId]));
  const portfolio = syntheticSites(SITES, 5).map((site) => ({ ...site, countryId: countryId.get(site.countryCode) ?? 1 }));
  for (let start = 0; start < portfolio.length; start += CHUNK) {
    const chunk = JSON.stringify(portfolio.slice(start, start + CHUNK));
    // Chain stores share names ('Brand #1234' repeats): legacy-mode names, without the unique key.
    await handle.db.execute(sql`
      insert into sites (account_id, site_name, notes, tags, street, street2, city, state, zip_code, country_id, latitude, longitude,
                         ct, external_id, classification_ids, geocode_type, created, s, l, lrr)
      select ${account.id}, x."siteName", x.notes, x.tags, x.street, x.street2, x.city, x.state, x."zipCode", x."countryId",
             x.latitude, x.longitude, x.ct, x.eid, x.classes, x."geocodeType", x.created, x.s, x.l, x.lrr
      from jsonb_to_recordset(${chunk}::jsonb) as x("siteName" text, notes text, tags text[], street text, street2 text, city text,
           state text, "zipCode" text, "countryId" smallint, latitude float8, longitude float8, ct smallint, eid text,
           classes integer[], "geocodeType" text, created timestamptz, s jsonb, l jsonb, lrr timestamptz)`);
  }
  await handle.db.execute(sql`analyze sites`);
}

/**
 * Records, from the document's start, when the first grid row is in the DOM (then focuses the
 * search box, so the typed key needs no further round trip) and when the search box first handles
 * input. A string, not a function: tsx adds name helpers to compiled functions that the page lacks.
 */
const RECORD_MILESTONES = `
  const marks = (window.benchMarks = {});
  const watch = () => {
    if (document.querySelector('[data-testid="site-row"]')) {
      marks.rows = performance.now();
      document.querySelector('input[type="search"]')?.focus();
    } else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  document.addEventListener('input', () => { marks.input ??= performance.now(); }, { capture: true });
`;

interface Navigation {
  rows: number;
  interactive: number;
  /** GET m/sites: request start and response end, when the list came from the server. */
  sites?: { start: number; end: number };
}

/** One navigation to the Sites page: first rows, and a typed key handled by the search box. */
async function navigate(page: Page, url: string, withCache: boolean, typeKey = true): Promise<Navigation> {
  if (!withCache) {
    await page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)).forEach((key) => localStorage.removeItem(key)), SITE_CACHE_KEY_PREFIX);
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { benchMarks?: { rows?: number } }).benchMarks?.rows !== undefined, null, { polling: 'raf' });
  if (typeKey) await page.keyboard.press('x');
  const { marks, requests } = await page.evaluate(() => ({
    marks: (window as unknown as { benchMarks: { rows: number; input?: number } }).benchMarks,
    requests: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/'))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
  }));
  if (process.env.SITES_WEB_DEBUG) console.log(withCache ? 'cached' : 'empty cache', JSON.stringify(marks), requests.map((r) => `${r.path} ${Math.round(r.start)}→${Math.round(r.end)}`).join(', '));
  if (typeKey && marks.input === undefined) throw new Error('the typed key never reached the search box');
  const sites = requests.find((request) => request.path === '/api/m/sites');
  return { rows: marks.rows, interactive: typeKey ? Math.max(marks.rows, marks.input!) : Number.NaN, ...(sites ? { sites } : {}) };
}

/** Lets the page settle: the cache write, the search index and other idle work after the first screen. */
const settle = (page: Page) => page.waitForTimeout(2_500);

const showingAll = (page: Page) =>
  page.waitForFunction((total) => document.querySelector('[data-testid="site-grid"]')?.getAttribute('aria-rowcount') === String(total + 1), SITES);

/**
 * Types a whole search at once (as a paste does) and waits for the grid to show the result: its
 * row count changes (aria-rowcount), then the next frame is drawn. From the input event to that frame.
 */
async function timedSearch(page: Page, text: string): Promise<number> {
  const box = page.getByRole('searchbox', { name: 'Search sites' });
  await box.fill('');
  await showingAll(page);
  await page.evaluate(() => {
    const state = window as unknown as { searchStart?: number; searchDone?: Promise<number> };
    const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    const grid = document.querySelector<HTMLElement>('[data-testid="site-grid"]')!;
    state.searchDone = new Promise<number>((resolve) => {
      input.addEventListener('input', (event) => (state.searchStart = event.timeStamp), { once: true });
      const observer = new MutationObserver(() => {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      });
      observer.observe(grid, { attributes: true, attributeFilter: ['aria-rowcount'] });
    });
  });
  await box.fill(text);
  return page.evaluate(async () => {
    const state = window as unknown as { searchStart: number; searchDone: Promise<number> };
    return (await state.searchDone) - state.searchStart;
  });
}

/** Scrolls the grid to its end and waits for the last row to be drawn (then the next frame). */
async function timedScroll(page: Page): Promise<number> {
  return page.evaluate(async (total) => {
    const grid = document.querySelector<HTMLElement>('[data-testid="site-grid"]')!;
    grid.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    const last = `[aria-rowindex="${total + 1}"]`;
    return new Promise<number>((resolve) => {
      const t0 = performance.now();
      // Rows are drawn by React after the scroll event: watch for the last one to arrive.
      const observer = new MutationObserver(() => {
        if (!grid.querySelector(last)) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      });
      observer.observe(grid, { childList: true, subtree: true });
      grid.scrollTop = grid.scrollHeight;
    });
  }, SITES);
}

/** Starts the built server with `env`, signs in with Chromium, waits for the library's rows, runs `measure`, and cleans up. */
export function inBrowser<T>(env: Record<string, string>, measure: (page: Page, base: string) => Promise<T>): Promise<T> {
  return withSignedInBrowser({ port: PORT, env, email: EMAIL, password: PASSWORD, initScript: RECORD_MILESTONES }, async (page, base) => {
    await page.getByTestId('site-row').first().waitFor({ timeout: 60_000 });
    await settle(page);
    return measure(page, base);
  });
}

/**
 * Changes the account's data as a user would: renames the first site through POST sites/edit (with
 * the session's CSRF token), so every cached list — the server's and the client's — is stale.
 */
async function changeData(page: Page, run: number): Promise<void> {
  const status = await page.evaluate(async (notes) => {
    const token = sessionStorage.getItem('riskatlas.csrfToken') ?? '';
    const response = await fetch('/api/sites/edit?v=bench', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ siteId: 1, notes }),
    });
    return response.status;
  }, `Bench change ${run}`);
  if (status !== 200) throw new Error(`POST sites/edit answered ${status}`);
}

/** Navigations with an empty and with a filled client cache, interleaved so drift in the machine's load falls on all alike. */
async function navigations(page: Page, base: string, label: string): Promise<BenchResult[]> {
  const url = `${base}/?currentPage=Sites`;
  const empty: Navigation[] = [];
  const changed: Navigation[] = [];
  const cached: Navigation[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    empty.push(await navigate(page, url, false));
    await settle(page);
    cached.push(await navigate(page, url, true));
    await settle(page);
    await changeData(page, run);
    changed.push(await navigate(page, url, false));
    await settle(page);
  }
  const request = (runs: Navigation[]) => median(runs.map((run) => (run.sites ? run.sites.end - run.sites.start : Number.NaN)));
  const requested = empty.map((run) => run.sites?.start ?? Number.NaN);
  return [
    {
      name: `Navigation → first rows drawn, ${N} sites, empty client cache, list kept by the server (${label}), median of ${RUNS}`,
      value: Math.round(median(empty.map((run) => run.rows))),
      unit: 'ms',
      baseline: `GET m/sites requested at ${Math.round(median(requested))} ms, answered in ${Math.round(request(empty))} ms; ${spread(empty.map((run) => run.rows))}`,
    },
    {
      name: `Navigation → page interactive (rows drawn and a typed key handled), empty client cache, list kept by the server (${label}), median of ${RUNS}`,
      value: Math.round(median(empty.map((run) => run.interactive))),
      unit: 'ms',
      baseline: spread(empty.map((run) => run.interactive)),
      target: '≤ 1,500 ms',
    },
    {
      name: `Navigation → page interactive right after a site was edited through the API (empty client cache; the server rebuilds its list from the changed row) (${label}), median of ${RUNS}`,
      value: Math.round(median(changed.map((run) => run.interactive))),
      unit: 'ms',
      baseline: `GET m/sites answered in ${Math.round(request(changed))} ms; ${spread(changed.map((run) => run.interactive))}`,
      target: '≤ 1,500 ms',
    },
    {
      name: `Navigation → page interactive, list from the client cache (${label}), median of ${RUNS}`,
      value: Math.round(median(cached.map((run) => run.interactive))),
      unit: 'ms',
      baseline: `first rows ${Math.round(median(cached.map((run) => run.rows)))} ms; ${spread(cached.map((run) => run.interactive))}`,
      target: '≤ 1,500 ms',
    },
  ];
}

/** Searches of each kind and scrolling, on a page loaded from the client cache and settled. */
async function searchesAndScrolling(page: Page, base: string): Promise<BenchResult[]> {
  const searches = [
    { label: 'a word (chicago)', text: 'chicago', times: [] as number[] },
    { label: 'field:value (city:Denver;Austin)', text: 'city:Denver;Austin', times: [] as number[] },
    { label: 'a #tag and a word (#Flagship market)', text: '#Flagship market', times: [] as number[] },
    { label: 'a word that matches nothing (qqqq)', text: 'qqqq', times: [] as number[] },
  ];
  // The first search after the page loads, separately: nothing has run the search code yet.
  await navigate(page, `${base}/?currentPage=Sites`, true, false);
  await settle(page);
  const first = await timedSearch(page, searches[0]!.text);
  for (let run = 0; run < RUNS; run += 1) for (const search of searches) search.times.push(await timedSearch(page, search.text));
  await page.getByRole('searchbox', { name: 'Search sites' }).fill('');
  await showingAll(page);
  const scrolls: number[] = [];
  for (let run = 0; run < RUNS; run += 1) scrolls.push(await timedScroll(page));
  return [
    { name: `First search after the page loads, ${N} sites (${searches[0]!.label}): input → grid updated`, value: Math.round(first), unit: 'ms', target: '≤ 100 ms' },
    ...searches.map((search) => ({
      name: `Search over ${N} sites, ${search.label}: input → grid updated, median of ${RUNS}`,
      value: Math.round(median(search.times)),
      unit: 'ms',
      baseline: spread(search.times),
      target: '≤ 100 ms',
    })),
    { name: `Scroll to the last row of ${N}: scrollTop set → last row drawn, median of ${RUNS}`, value: Math.round(median(scrolls)), unit: 'ms', baseline: spread(scrolls), target: '≤ 150 ms' },
  ];
}

/** A new embedded database directory holding the seeded account (closed again: the server opens it next). */
export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const embedded = await openDatabase({ dataDir });
  try {
    await seed(embedded);
  } finally {
    // PGlite has one connection.
    await embedded.close();
  }
  return dataDir;
}

/** The browser figures of the Sites page. */
export async function runSitesWebBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dataDir = await seededDataDir('riskatlas-bench-sites-web-');
  try {
    results.push(
      ...(await inBrowser({ DATA_DIR: dataDir }, async (page, base) => [...(await navigations(page, base, 'embedded PGlite')), ...(await searchesAndScrolling(page, base))])),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (await postgresServerAvailable()) {
    const database = await createTestDatabase('postgres');
    const serverDataDir = mkdtempSync(join(tmpdir(), 'riskatlas-bench-sites-web-pg-'));
    try {
      await seed(database);
      results.push(...(await inBrowser({ DATA_DIR: serverDataDir, DATABASE_URL: database.connectionString! }, (page, base) => navigations(page, base, 'PostgreSQL 15 server'))));
    } finally {
      await database.drop();
      rmSync(serverDataDir, { recursive: true, force: true });
    }
  }
  return results;
}
