// Detail page in the browser: the built server on a fresh embedded database (PGlite) with one
// account, one US site and three reports of it (a Premium Plus report of the current release —
// four methodologies, 360 scores, the largest a report gets — and two backdated Basic reports), and
// Debian's headless Chromium driven by Playwright with the end-to-end flags. Measured in the page
// with performance.now() (0 = the navigation's start): navigation to Detail → the score table in
// the DOM, median of 5 full page loads (the app's code from the browser's HTTP cache, the data
// from the server every time). Also the switch of methodology: from the option's click to the
// table showing the other methodology's scores.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client';
import { createAccountWithAdmin } from '../apps/api/src/features/accounts/accounts.service';
import { withSignedInBrowser } from './browser';
import type { BenchResult } from './lib';

const RUNS = 5;
const PORT = 18317;
const EMAIL = 'detail-bench@riskatlas.local';
const PASSWORD = 'bench-password-123';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms over ${values.length} runs`;

/**
 * Records, from the document's start, when the score table is first in the DOM. A string, not a
 * function: tsx adds name helpers to compiled functions that the page lacks.
 */
const RECORD_TABLE = `
  const marks = (window.benchMarks = {});
  const watch = () => {
    if (document.querySelector('[data-testid="score-table"]')) marks.table = performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
`;

/** POSTs JSON with the session's CSRF token from inside the page; answers the parsed body. */
async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  const { status, text } = await page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api/${path}?v=bench`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-CSRF-Token': sessionStorage.getItem('riskatlas.csrfToken') ?? '' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, body },
  );
  if (status !== 200) throw new Error(`POST ${path} answered ${status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The site and its reports, made through the API as the signed-in user; answers the site id. */
async function makeSite(page: Page): Promise<number> {
  const { siteId } = await post<{ siteId: number }>(page, 'sites', { siteName: 'Bench Loop Depot', latitude: 41.8847, longitude: -87.6325, countryCode: 'USA', city: 'Chicago', state: 'IL' });
  await post(page, 'reports', { siteId, reportType: 0, releaseYear: 2020 });
  await post(page, 'reports', { siteId, reportType: 0, releaseYear: 2023 });
  await post(page, 'reports', { siteId, reportType: 6 });
  return siteId;
}

/** One full page load of Detail: navigation → the score table in the DOM. */
async function navigate(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { benchMarks?: { table?: number } }).benchMarks?.table !== undefined, null, { polling: 'raf', timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { benchMarks: { table: number } }).benchMarks.table);
}

/** From a click on the next methodology to the table drawn with its scores (the next frame after the change). */
async function switchMethodology(page: Page): Promise<number> {
  const box = page.getByRole('combobox', { name: 'Methodology' });
  const before = await box.innerText();
  await box.click();
  const options = page.getByRole('option');
  const count = await options.count();
  let target = options.first();
  for (let i = 0; i < count; i += 1) {
    if (!(await options.nth(i).innerText()).startsWith(before.slice(0, 1))) {
      target = options.nth(i);
      break;
    }
  }
  await page.evaluate(() => {
    const state = window as unknown as { switchStart?: number; switchDone?: Promise<number> };
    const table = document.querySelector('[data-testid="score-table"]')!;
    state.switchDone = new Promise<number>((resolve) => {
      document.addEventListener('click', (event) => (state.switchStart = event.timeStamp), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      });
      observer.observe(table, { subtree: true, characterData: true, childList: true });
    });
  });
  await target.click();
  return page.evaluate(async () => {
    const state = window as unknown as { switchStart: number; switchDone: Promise<number> };
    return (await state.switchDone) - state.switchStart;
  });
}

/** The Detail page figures for docs/PERFORMANCE.md. */
export async function runDetailPageBenchmarks(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'riskatlas-bench-detail-'));
  const handle = await openDatabase({ dataDir });
  await migrateDatabase(handle);
  await createAccountWithAdmin(handle.db, {
    company: 'Detail bench',
    admin: { email: EMAIL, password: PASSWORD, firstName: 'Bench', lastName: 'Admin' },
    account: { allowBackdating: true },
    licensesPerProduct: 100,
    now: new Date(),
  });
  await handle.close();
  try {
    return await withSignedInBrowser({ port: PORT, env: { DATA_DIR: dataDir }, email: EMAIL, password: PASSWORD, initScript: RECORD_TABLE }, async (page, base) => {
      const siteId = await makeSite(page);
      const url = `${base}/?currentPage=Detail&siteId=${siteId}`;
      await navigate(page, url); // warms the browser's HTTP cache with the page's code
      const loads: number[] = [];
      const switches: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        loads.push(await navigate(page, url));
        await page.waitForTimeout(500);
        switches.push(await switchMethodology(page));
      }
      return [
        {
          name: `Navigation → Detail score table visible, Premium Plus report (4 methodologies, 360 scores) and 2 older reports, PGlite, median of ${RUNS}`,
          value: Math.round(median(loads)),
          unit: 'ms',
          baseline: spread(loads),
          target: '≤ 1,000 ms',
        },
        {
          name: `Methodology switch → the other methodology's scores drawn, median of ${RUNS}`,
          value: Math.round(median(switches)),
          unit: 'ms',
          baseline: spread(switches),
        },
      ];
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
