import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DownloadMessages } from '@riskatlas/domain';
import { acknowledgeCookies, signIn } from './support/session';
import { createSitesThroughApi } from './support/sites';

/** Screenshots of each step at 1400 and 390 px; SCREENSHOT_DIR moves them out of test-results. */
const shots = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
mkdirSync(shots, { recursive: true });

const SITES = [
  { siteName: 'Harbor Store', street: '1483 Alaskan Way', city: 'Seattle', state: 'WA', zipCode: '98101', latitude: 47.6076, longitude: -122.3424 },
  { siteName: 'Boise Depot', street: '150 N Capitol Blvd', city: 'Boise', state: 'ID', zipCode: '83702', latitude: 43.6166, longitude: -116.2008 },
];

/** Creates the sites, each with a Basic report of the current release, as the signed-in user; answers the report ids. */
async function createSitesWithReports(page: Page): Promise<number[]> {
  return (await createSitesThroughApi(page, SITES, { reportType: 0 })).reportIds;
}

/** Screenshots the page at 1400 and at 390 px wide (the wizard is full screen on a phone), then back to 1400. */
async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `download-wizard-${name}-1400.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(shots, `download-wizard-${name}-390.png`) });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.waitForTimeout(150);
}

/** Opens the wizard on the selected sites from the Site Library's actions menu. */
async function openFromLibrary(page: Page): Promise<Locator> {
  await page.goto('/?currentPage=Sites');
  await expect(page.getByTestId('site-row')).toHaveCount(SITES.length);
  for (const site of SITES) await page.getByRole('checkbox', { name: `Select ${site.siteName}` }).check();
  await page.getByRole('button', { name: /^Actions/ }).click();
  await page.getByRole('menu', { name: 'Site actions' }).getByRole('menuitem', { name: 'Download reports' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Download reports: Selection' })).toBeVisible();
  return dialog;
}

test.describe('Download wizard', () => {
  test('Site Library selection → wizard → Excel summary → waits for the file → its link downloads it', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'downloadWizard', 'standard');
    await acknowledgeCookies(page);
    const reportIds = await createSitesWithReports(page);

    const dialog = await openFromLibrary(page);
    await expect(dialog).toContainText('You selected 2 sites in the current release.');
    await snap(page, 'start');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const counts = dialog.getByLabel('Report counts');
    await expect(counts).toContainText('Reports2');
    await expect(counts).toContainText('Basic 2');
    await expect(counts).toContainText('United States 2');
    await snap(page, 'counts');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('radio', { name: 'Excel summary' }).check();
    await snap(page, 'report-type');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('An Excel summary of 2 reports, with a row per report.');
    await snap(page, 'summary');
    await dialog.getByRole('button', { name: 'Download' }).click();

    const link = dialog.getByRole('link', { name: /^Download Excel Summary \d{4}-\d{2}-\d{2}\.xlsx$/ });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await snap(page, 'wait-done');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Summary')!;
    expect(sheet.rowCount).toBe(3);
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value].sort()).toEqual([...reportIds].sort());
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test("an administrator's 'Download account data' on File Downloads counts the account's reports of a release and country", async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'downloadWizardAdmin', 'admin');
    await acknowledgeCookies(page);
    await createSitesWithReports(page);

    await page.goto('/?currentPage=File Downloads');
    await page.getByRole('button', { name: 'Download account data' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Download reports: Data' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^The account's data/ })).toBeChecked();
    await snap(page, 'start-admin');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Release' })).toHaveText('Current release');
    await snap(page, 'data-admin');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'United States' }).click();
    await snap(page, 'country-admin');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const counts = dialog.getByLabel('Report counts');
    await expect(counts).toContainText('Reports2');
    await expect(counts).toContainText('United States');
    await snap(page, 'counts-admin');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('radio', { name: 'CSV of the sites' })).toBeEnabled();
  });

  test('a PDF archive of the selection is requested and confirmed', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'downloadWizardArchive', 'standard');
    await acknowledgeCookies(page);
    await createSitesWithReports(page);

    const dialog = await openFromLibrary(page);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('Report counts')).toContainText('Reports2');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('radio', { name: 'PDF reports' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect(dialog).toContainText(DownloadMessages.confirm);
    await snap(page, 'archive-confirm');
    // Kept open, the dialog follows the job to its file.
    await expect(dialog.getByRole('link', { name: /^Download Report Archive .*\.zip$/ })).toBeVisible({ timeout: 60_000 });
    await snap(page, 'archive-done');
  });
});
