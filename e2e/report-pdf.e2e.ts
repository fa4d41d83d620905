import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';

/** A person on a phone downloads a report's PDF from the Detail page's Download menu. */
test("a user downloads a report's PDF from the Detail page on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 820 });
  await signIn(page, 'reportPdf');
  await acknowledgeCookies(page);
  const token = await page.evaluate(() => window.sessionStorage.getItem('riskatlas.csrfToken'));
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(`/api/${path}`, { data, headers: { 'X-CSRF-Token': token! } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const site = await post('sites', { siteName: 'Pdf Loop Depot', latitude: 41.8847, longitude: -87.6325, countryCode: 'USA', street: '100 W Randolph St', city: 'Chicago', state: 'IL', zipCode: '60601' });
  const report = await post('reports', { siteId: site.siteId, reportType: 1 });

  await page.goto(`/?currentPage=Detail&siteId=${String(site.siteId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pdf Loop Depot' })).toBeVisible();
  await page.getByRole('button', { name: 'Download' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF (all sections)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`RiskAtlas-Pdf-Loop-Depot-${String(report.releaseYear)}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(50_000);
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();
});
