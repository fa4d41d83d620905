import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ImportMessages } from '@riskatlas/domain';
import { acknowledgeCookies, signIn } from './support/session';
import { createSitesThroughApi } from './support/sites';

/** Screenshots at 1400 and 390 px; SCREENSHOT_DIR moves them out of test-results. */
const shots = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
mkdirSync(shots, { recursive: true });

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `import-${name}-1400.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, `import-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.waitForTimeout(200);
}

/** A file of good rows, a name used twice, a row matching an existing site, an address that cannot be geocoded and one that names several places. */
const CSV = [
  'Store,Address,City,State,Zip,Country',
  'Loop Store,233 S Wacker Dr,Chicago,IL,60606,USA',
  'Evanston Store,1600 Sherman Ave,Evanston,IL,60201,USA',
  'Loop Store,100 W Randolph St,Chicago,IL,60601,USA',
  'Boise Depot,150 N Capitol Blvd,Boise,ID,83702,USA',
  'Nowhere Store,1 Main St,Zzzzville,ZZ,00000,USA',
  'Newport Shop,,Newport,,,GBR',
].join('\r\n');

const row = (page: Page, name: string) => page.getByTestId('queue-row').filter({ hasText: name });

/** The map's view as it reports it: centre and zoom. */
async function mapView(page: Page): Promise<{ latitude: number; longitude: number; zoom: number } | null> {
  const text = await page.getByTestId('atlas-map').getAttribute('data-view');
  if (!text) return null;
  const [latitude, longitude, zoom] = text.split(',').map(Number) as [number, number, number];
  return { latitude, longitude, zoom };
}

/**
 * Whether the map is framed on the candidates: each numbered marker inside the map and clear of
 * the import panel over it (with the map's view, for the failure message).
 */
async function candidatesFramed(page: Page): Promise<{ framed: boolean; view: string }> {
  const map = page.getByTestId('atlas-map');
  const view = (await map.getAttribute('data-view')) ?? '';
  const box = await map.boundingBox();
  const panel = await page.getByRole('region', { name: 'Import row' }).boundingBox();
  const markers = await page.getByRole('img', { name: /^Candidate \d+: / }).all();
  if (!box || !panel || markers.length < 2) return { framed: false, view };
  for (const marker of markers) {
    const at = await marker.boundingBox();
    if (!at || at.x < box.x || at.y < box.y || at.x + at.width > box.x + box.width || at.y + at.height > box.y + box.height) return { framed: false, view };
    const overPanel = at.x + at.width > panel.x && at.x < panel.x + panel.width && at.y + at.height > panel.y && at.y < panel.y + panel.height;
    if (overPanel) return { framed: false, view };
  }
  return { framed: true, view };
}

/** Opens a queue row's candidates on the Map page and waits until the map has settled on them. */
async function openCandidates(page: Page, name: string): Promise<void> {
  await row(page, name).getByRole('button', { name: 'Resolve Candidates' }).click();
  await expect(page.getByRole('region', { name: 'Import row' })).toContainText(name);
  await expect(page.getByTestId('atlas-map')).toHaveAttribute('data-idle', 'true', { timeout: 30_000 });
  await expect.poll(() => candidatesFramed(page), { timeout: 15_000 }).toEqual({ framed: true, view: expect.any(String) });
}

test('bulk import: upload, match columns, process, resolve candidates on the map, change options, import in batch mode, find the sites', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'importSites', 'admin');
  await acknowledgeCookies(page);
  // A site the file's 'Boise Depot' row matches by name.
  await createSitesThroughApi(page, [{ siteName: 'Boise Depot', street: '150 N Capitol Blvd', city: 'Boise', state: 'ID', zipCode: '83702', latitude: 43.6166, longitude: -116.2008 }]);

  await page.goto('/?currentPage=Sites');
  await page.getByRole('link', { name: 'Import sites' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import Site File' })).toBeVisible();
  await snap(page, 'upload');
  await page.getByTestId('import-file-input').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
  await expect(page.getByRole('heading', { level: 1, name: 'Match Columns' })).toBeVisible();
  await expect(page.getByText('stores.csv')).toBeVisible();
  await expect(page.getByTestId('import-column')).toHaveCount(6);
  await snap(page, 'columns');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review Import Example' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Import example' })).toContainText('Evanston Store');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Select Import Options' })).toBeVisible();
  await page.getByRole('checkbox', { name: /When an address matches several places/ }).uncheck();
  await page.getByRole('button', { name: 'Process 6 rows' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Create Multiple Reports / Sites' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('queue-row')).toHaveCount(6);
  await snap(page, 'queue');
  await expect(row(page, 'Boise Depot')).toContainText(/match/i);
  await expect(row(page, 'Nowhere Store')).toContainText(/could not be geocoded|not scorable|required/i);
  const newport = row(page, 'Newport Shop');
  await expect(newport.getByRole('button', { name: 'Resolve Candidates' })).toBeVisible();

  // The candidates on the map, which opens framed on them beside the row's panel (on a phone above
  // its sheet); the first one chosen, then back to the queue, where the row is checked again.
  await openCandidates(page, 'Newport Shop');
  await page.screenshot({ path: join(shots, 'import-map-1400.png') });
  await page.getByRole('button', { name: 'Back to the import queue' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await openCandidates(page, 'Newport Shop');
  await page.screenshot({ path: join(shots, 'import-map-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  const panel = page.getByRole('region', { name: 'Import row' });
  await panel.getByRole('button', { name: 'Use' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Multiple Reports / Sites' })).toBeVisible();
  await expect(row(page, 'Newport Shop').getByRole('button', { name: 'Resolve Candidates' })).toHaveCount(0, { timeout: 30_000 });

  // The row matching an existing site opens the map framed on that site (Boise), not on the country.
  await row(page, 'Boise Depot').getByRole('button').filter({ hasText: /^See|^Resolve/ }).click();
  await expect(page.getByRole('region', { name: 'Import row' })).toContainText('Boise Depot');
  await expect(page.getByTestId('atlas-map')).toHaveAttribute('data-idle', 'true', { timeout: 30_000 });
  await expect
    .poll(async () => {
      const view = await mapView(page);
      return view !== null && Math.abs(view.latitude - 43.6166) < 0.2 && Math.abs(view.longitude + 116.2008) < 0.2 && view.zoom > 10;
    }, { timeout: 15_000 })
    .toBe(true);
  await page.getByRole('button', { name: 'Back to the import queue' }).click();

  // New options for the duplicate-name rows: matched by name only.
  await row(page, 'Evanston Store').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Change options' }).click();
  const options = page.getByRole('dialog', { name: /Import options for 1 row/ });
  await options.getByRole('radio', { name: 'By name', exact: true }).check();
  await options.getByRole('button', { name: 'Save and check again' }).click();
  await expect(page.getByText(ImportMessages.optionsUpdated)).toBeVisible();

  // Import the ready rows with a Basic report each (batch mode).
  await expect(page.getByRole('button', { name: 'Import ready rows' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import ready rows' }).click();
  const submit = page.getByRole('dialog', { name: /^Import \d+ rows?$/ });
  await submit.getByRole('radio', { name: /create a report for each/ }).check();
  await snap(page, 'submit');
  await submit.getByRole('button', { name: 'Import and create reports' }).click();
  await expect(page.getByText(ImportMessages.importComplete)).toBeVisible({ timeout: 90_000 });

  // The imported sites are in the library.
  await page.goto('/?currentPage=Sites');
  for (const name of ['Evanston Store', 'Boise Depot']) await expect(page.getByTestId('site-row').filter({ hasText: name }).first()).toBeVisible({ timeout: 30_000 });
  await snap(page, 'library');
});
