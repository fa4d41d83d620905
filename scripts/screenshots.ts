// Takes screenshots of the main screens for review and for the README: starts the built server on
// a fresh embedded database with the demo account, signs in as the demo admin in Debian's
// Chromium and saves PNGs to the folder given as the first argument (default docs/screenshots).
import { mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startBuiltServer, stop, waitForHealth } from '../bench/lib';

const outDir = process.argv[2] ?? 'docs/screenshots';
mkdirSync(outDir, { recursive: true });
const port = '18400';
const server = startBuiltServer({ DATA_DIR: await mkdtemp(join(tmpdir(), 'riskatlas-shots-')), PORT: port, DEMO: '1' });
const base = `http://127.0.0.1:${port}`;
try {
  await waitForHealth(`${base}/api/health`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const shoot = async (page: Page, name: string, fullPage = false) => {
    await page.waitForTimeout(400); // let transitions finish
    await page.screenshot({ path: join(outDir, `${name}.png`), fullPage });
  };
  for (const width of [1400, 1000, 700, 390]) {
    const page = await browser.newPage({ viewport: { width, height: width > 700 ? 900 : 820 } });
    await page.goto(base);
    await shoot(page, `sign-in-${width}`);
    await page.getByLabel('E-mail address').fill('admin@demo.riskatlas.local');
    await page.getByLabel('Password').fill('demo-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Site Library' }).waitFor();
    await page.getByTestId('site-row').first().waitFor();
    // The cookie notice was on the sign-in shot; the library is shown as a returning user sees it.
    // (Acknowledged once, it stays so for the user.)
    const acknowledge = page.getByRole('button', { name: 'Acknowledge' });
    if (await acknowledge.isVisible()) await acknowledge.click();
    await shoot(page, `sites-${width}`);
    if (width >= 1000) {
      // The map panel beside the grid (shown from 960 px), then a site's dialog with its comments.
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await page.waitForTimeout(1500); // map tiles and points
      await shoot(page, `sites-map-${width}`);
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search sites' }).fill('#Flagship');
      await shoot(page, `sites-search-${width}`);
      await page.getByRole('button', { name: 'Chicago – State Street', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Chicago – State Street' });
      await dialog.waitFor();
      await shoot(page, `site-dialog-${width}`);
      await dialog.getByRole('tab', { name: /Comments/ }).click();
      await shoot(page, `site-comments-${width}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('searchbox', { name: 'Search sites' }).fill('');
    }
    await page.goto(`${base}/?currentPage=Help`);
    await page.getByRole('heading', { name: 'Help & Support' }).first().waitFor();
    await page.getByRole('table', { name: 'Data sources' }).waitFor();
    await shoot(page, `help-${width}`, true);
    await page.close();
  }
  await browser.close();
} finally {
  await stop(server);
}
console.log(`Screenshots written to ${outDir}`);
