import { expect, test, type Locator, type Page } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';

/** Two sites with a Basic report each (their Risk level is coloured) and one without. */
async function createLibrary(page: Page): Promise<void> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('riskatlas.csrfToken'));
  expect(token).toBeTruthy();
  const headers = { 'X-CSRF-Token': token! };
  for (const [siteName, latitude, longitude] of [['Loop Kiosk', 41.8789, -87.6359], ['Capitol Kiosk', 38.8977, -77.0365]] as const) {
    const response = await page.request.post('/api/reports', { data: { reportType: 0, siteName, latitude, longitude }, headers });
    expect(response.status(), await response.text()).toBe(200);
  }
  const plain = await page.request.post('/api/sites', {
    data: { siteName: 'Depot Without Report', street: '2500 S Damen Ave', city: 'Chicago', state: 'IL', zipCode: '60608', countryCode: 'USA', latitude: 41.8462, longitude: -87.6766 },
    headers,
  });
  expect(plain.status(), await plain.text()).toBe(200);
}

/** Where an element is on the page, rounded to whole pixels. */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  const { x, y, width, height } = found!;
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}

test.describe('Site Library layout', () => {
  test('the risk colour fills its cell, selecting rows moves nothing, and "no sites match" shows at the top of the grid', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'sitesLayout');
    await acknowledgeCookies(page);
    await createLibrary(page);
    await page.reload();
    const rows = page.getByTestId('site-row');
    await expect(rows).toHaveCount(3);

    // The Risk level colour covers the whole cell, not just its words.
    const cell = rows.filter({ hasText: 'Loop Kiosk' }).locator('[data-column="riskLevel"]');
    const fill = cell.locator('[data-fill]');
    await expect(fill).toBeVisible();
    const [cellBox, fillBox] = [await box(cell), await box(fill)];
    expect(Math.abs(fillBox.width - cellBox.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(fillBox.height - cellBox.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(fillBox.x - cellBox.x)).toBeLessThanOrEqual(1);

    for (const size of [{ width: 1400, height: 900 }, { width: 390, height: 820 }]) {
      await page.setViewportSize(size);
      const toolbar = page.getByTestId('sites-toolbar');
      const grid = page.getByTestId('site-grid');
      const before = { toolbar: await box(toolbar), grid: await box(grid), actions: await box(page.getByRole('button', { name: /^Actions/ })) };
      await page.getByRole('checkbox', { name: 'Select Loop Kiosk' }).check();
      await page.getByRole('checkbox', { name: 'Select Capitol Kiosk' }).check();
      await expect(page.getByTestId('selection-summary')).toHaveText(/2 sites selected/);
      const after = { toolbar: await box(toolbar), grid: await box(grid), actions: await box(page.getByRole('button', { name: /^Actions/ })) };
      expect(after, `at ${size.width} px`).toEqual(before);
      await page.getByRole('button', { name: 'Clear selection' }).click();

      // A search that matches nothing says so at the top of the grid, in view.
      await page.getByRole('searchbox', { name: 'Search sites' }).fill('zzzz');
      const noMatch = page.getByText('No sites match “zzzz”.');
      await expect(noMatch).toBeInViewport();
      expect((await box(noMatch)).y - (await box(grid)).y, `at ${size.width} px`).toBeLessThan(120);
      await page.getByRole('searchbox', { name: 'Search sites' }).fill('');
      await expect(rows).toHaveCount(3);
    }
  });

  test('an unknown page says so and leads back to the Site Library', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'sitesLayout');
    await acknowledgeCookies(page);
    await page.goto('/?currentPage=nonsense');
    await expect(page.getByRole('heading', { level: 1, name: 'This page does not exist' })).toBeVisible();
    await expect(page).toHaveTitle('RiskAtlas - Page Not Found');
    await page.goto('/?currentPage=dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard is not available yet' })).toBeVisible();
    await expect(page).toHaveURL(/\?currentPage=Dashboard$/);
    await page.getByTestId('side-nav').getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Go to the Site Library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site Library' })).toBeVisible();
  });
});
