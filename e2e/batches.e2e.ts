import { expect, test, type Page } from '@playwright/test';
import { acknowledgeCookies, csrfHeaders, signIn } from './support/session';
import { createSitesThroughApi } from './support/sites';

const SITES = [
  { siteName: 'Seattle Pier', street: '1483 Alaskan Way', city: 'Seattle', state: 'WA', zipCode: '98101', latitude: 47.6076, longitude: -122.3424 },
  { siteName: 'Portland Annex', street: '1000 SW Broadway', city: 'Portland', state: 'OR', zipCode: '97205', latitude: 45.5169, longitude: -122.6817 },
  { siteName: 'Boise Depot', street: '150 N Capitol Blvd', city: 'Boise', state: 'ID', zipCode: '83702', latitude: 43.6166, longitude: -116.2008 },
  { siteName: 'Spokane Yard', street: '808 W Spokane Falls Blvd', city: 'Spokane', state: 'WA', zipCode: '99201', latitude: 47.6605, longitude: -117.4263 },
];

const rowsWithReports = async (page: Page) => {
  await page.getByRole('searchbox', { name: 'Search sites' }).fill('hasReport:1');
  return page.getByTestId('site-row');
};

test.describe('Batches', () => {
  test('a batch started through the API shows in the notices, the Batches page and the library; its reports are then deleted from the library', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'batches');
    await acknowledgeCookies(page);

    // No batches yet: the page says so and how to make one.
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'View Report Batches' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Batches' })).toBeVisible();
    await expect(page.getByText('No batches in the last 365 days.')).toBeVisible();

    const { siteIds } = await createSitesThroughApi(page, SITES);
    const started = await page.request.post('/api/reports/batch', { data: { siteIds, reportType: 0 }, headers: await csrfHeaders(page) });
    expect(started.status(), await started.text()).toBe(200);
    const { batchId, reportsTotal } = (await started.json()) as { batchId: number; reportsTotal: number };
    expect(reportsTotal).toBe(4);

    // The app learns of the batch from the task list: the notice says In Progress, then Complete!
    await page.reload();
    const notice = page.getByTestId('batch-notice');
    await expect(notice).toContainText(/Report Batch\(es\) (In Progress|Complete!)/);
    await expect(notice).toContainText('Report Batch(es) Complete!', { timeout: 30_000 });
    await expect(notice).toContainText('4 reports created.');

    // The Batches page shows it complete, with its submitter and counts.
    const row = page.getByTestId('batch-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('4 of 4 reports');
    await expect(row).toContainText('Avery Admin');
    await expect(row).toContainText('Basic');
    await expect(row.getByRole('button', { name: `Excel download of batch ${batchId}` })).toBeEnabled();
    await page.screenshot({ path: 'test-results/batches-page-1400.png', fullPage: true });

    // The report list downloads as CSV with the sites' names.
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download list (CSV) of batch ${batchId}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`batch-${batchId}-reports.csv`);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text).toContain('Batch ID,Report ID,Site ID,Site Name');
    for (const site of SITES) expect(text).toContain(site.siteName);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/batches-page-390.png', fullPage: true });
    await page.setViewportSize({ width: 1400, height: 900 });

    // 'See sites' opens the library with the batch's four sites selected.
    await row.getByRole('link', { name: `See sites of batch ${batchId}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site Library' })).toBeVisible();
    await expect(page.getByText('The 4 sites of the batch are selected.')).toBeVisible();
    for (const site of SITES) await expect(page.getByRole('checkbox', { name: `Select ${site.siteName}` })).toBeChecked();
    await expect(await rowsWithReports(page)).toHaveCount(4);

    // Dismissing the notice marks it seen: it does not come back after a reload.
    await notice.getByRole('button', { name: 'Dismiss batch notice' }).click();
    await expect(notice).toBeHidden();

    // 'Delete reports' on the selection: confirmed, done, and the library reloads without them.
    await page.getByRole('searchbox', { name: 'Search sites' }).fill('');
    await page.getByRole('button', { name: /^Actions/ }).click();
    await page.getByRole('menu', { name: 'Site actions' }).getByRole('menuitem', { name: 'Delete reports' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete reports' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete reports' }).click();
    await expect(page.getByText('4 reports have been deleted.')).toBeVisible();
    await expect(await rowsWithReports(page)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Site Library' })).toBeVisible();
    await expect(page.getByTestId('site-row')).toHaveCount(4);
    await expect(page.getByTestId('batch-notice')).toBeHidden();
  });
});
