import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { acknowledgeCookies, csrfHeaders, signIn } from './support/session';

const SITES = [
  { siteName: '=Harbor Store', street: '1483 Alaskan Way', city: 'Seattle', state: 'WA', zipCode: '98101', latitude: 47.6076, longitude: -122.3424 },
  { siteName: 'Boise Depot', street: '150 N Capitol Blvd', city: 'Boise', state: 'ID', zipCode: '83702', latitude: 43.6166, longitude: -116.2008 },
  { siteName: 'Spokane Yard', street: '808 W Spokane Falls Blvd', city: 'Spokane', state: 'WA', zipCode: '99201', latitude: 47.6605, longitude: -117.4263 },
];

test.describe('Excel summary', () => {
  test('select sites → Excel summary → the file is listed in File Downloads as an Excel Summary and downloads with a row per report', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'excel');
    await acknowledgeCookies(page);

    // Three sites, two with a Basic report of the current release.
    const headers = await csrfHeaders(page);
    const reportIds: number[] = [];
    for (const [index, site] of SITES.entries()) {
      const created = await page.request.post('/api/sites', { data: { ...site, countryCode: 'USA' }, headers });
      expect(created.status(), await created.text()).toBe(200);
      if (index === 2) continue;
      const { siteId } = (await created.json()) as { siteId: number };
      const report = await page.request.post('/api/reports', { data: { reportType: 0, siteId }, headers });
      expect(report.status(), await report.text()).toBe(200);
      reportIds.push(((await report.json()) as { accountProductReportId: number }).accountProductReportId);
    }

    await page.goto('/?currentPage=Sites');
    await expect(page.getByTestId('site-row')).toHaveCount(3);
    for (const site of SITES) await page.getByRole('checkbox', { name: `Select ${site.siteName}` }).check();
    await page.getByRole('button', { name: /^Actions/ }).click();
    await page.getByRole('menu', { name: 'Site actions' }).getByRole('menuitem', { name: 'Excel summary' }).click();

    // An administrator is told the file is ready, with a way to File Downloads.
    await page.getByRole('button', { name: 'Open File Downloads' }).click({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'File Downloads' })).toBeVisible();
    const row = page.getByTestId('file-row').filter({ hasText: 'Excel Summary' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('KB');
    await page.screenshot({ path: 'test-results/screenshots/file-downloads-excel-1400.png' });

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link').first().click()]);
    expect(download.suggestedFilename()).toMatch(/^Excel Summary \d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Summary')!;
    expect(sheet.rowCount).toBe(3);
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual(reportIds);
    // A site name that would run as a formula is text in the file.
    expect(sheet.getRow(2).getCell(3).value).toBe("'=Harbor Store");
    expect(typeof sheet.getRow(2).getCell(19).value).toBe('number');
  });
});
