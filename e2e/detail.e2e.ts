import { expect, test, type Page } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';

/**
 * The site Detail page as a person uses it: open a site's report from the library, switch
 * methodology and release, edit the site and comment on it. With SCREENSHOTS=<dir> set, the page
 * is also saved as pictures at desktop and phone widths for review.
 */

const SHOTS = process.env.SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SHOTS}/detail-${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

async function csrf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('riskatlas.csrfToken'));
  expect(token).toBeTruthy();
  return token!;
}

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/api/${path}`, { data, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test('a user opens a site from the library, reads its scores, switches methodology and release, edits it and comments', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'detail');
  await acknowledgeCookies(page);
  const { siteId } = await post<{ siteId: number }>(page, 'sites', { siteName: 'Detail Loop Depot', latitude: 41.8847, longitude: -87.6325, countryCode: 'USA', street: '100 W Randolph St', city: 'Chicago', state: 'IL', zipCode: '60601' });
  const current = await post<{ releaseYear: number; methodologyTypeIds: number[] }>(page, 'reports', { siteId, reportType: 1 });
  const older = await post<{ releaseYear: number }>(page, 'reports', { siteId, reportType: 0, releaseYear: 2020 });
  expect(older.releaseYear).toBe(2020);

  await page.reload();
  // Map A draws the report's Total Crime score cells around the site.
  const cells = page.waitForResponse((response) => response.url().includes(`/api/reports/${siteId}/map/geojson/overall`));
  await page.getByRole('button', { name: 'Open report of Detail Loop Depot' }).click();
  const cellsAnswer = await cells;
  expect(cellsAnswer.status()).toBe(200);
  expect(((await cellsAnswer.json()) as { features: unknown[] }).features.length).toBeGreaterThan(0);
  await expect(page.getByText(/Score cells .* mi wide, \d{4} release/).first()).toBeVisible();
  await expect(page).toHaveURL(/currentPage=Detail/);
  await expect(page.getByRole('heading', { level: 1, name: 'Detail Loop Depot' })).toBeVisible();
  const table = page.getByTestId('score-table');
  await expect(table).toBeVisible();
  await expect(page.getByText(`${current.releaseYear} release · report`)).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Total Crime' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Illinois/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'National Risk Index map' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crime Data Explorer' })).toBeVisible();
  await shot(page, 'scores');

  // The Premium report carries two methodologies; the switcher offers both, in priority order.
  const methodology = page.getByRole('combobox', { name: 'Methodology' });
  const before = await methodology.innerText();
  await methodology.click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(current.methodologyTypeIds.length);
  await options.nth(1).click();
  await expect(page).toHaveURL(/methodology=\d/);
  await expect(methodology).not.toHaveText(before);
  await expect(table).toBeVisible();

  await page.getByRole('combobox', { name: 'Release' }).click();
  await page.getByRole('option', { name: '2020 release' }).click();
  await expect(page).toHaveURL(/release=2020/);
  await expect(page.getByText('2020 release · report')).toBeVisible();
  await expect(page.getByRole('link', { name: 'National Risk Index map' })).toBeHidden();
  await page.getByRole('combobox', { name: 'Release' }).click();
  await page.getByRole('option', { name: 'Current release' }).click();
  await expect(page.getByText(`${current.releaseYear} release · report`)).toBeVisible();

  await page.getByRole('button', { name: 'Edit site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit site' });
  await dialog.getByRole('textbox', { name: /Site Name/ }).fill('Detail Loop Depot North');
  await expect(page.getByText('Updates have been saved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detail Loop Depot North' })).toBeVisible();

  const comments = page.getByTestId('detail-comments');
  await comments.getByRole('textbox', { name: 'Add a comment' }).fill('Night guard starts in March.');
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(comments.getByTestId('site-comment').first()).toContainText('Night guard starts in March.');

  await page.reload();
  await expect(page.getByTestId('score-table')).toBeVisible();
  await expect(page.getByTestId('detail-comments').getByTestId('site-comment').first()).toContainText('Night guard starts in March.');
  await shot(page, 'after-edit');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('score-table')).toBeVisible();
  await shot(page, 'scores');
});

test('a report link opens its site on Detail; an unknown site says so with the way back', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'detail');
  await acknowledgeCookies(page);
  const { siteId } = await post<{ siteId: number }>(page, 'sites', { siteName: 'Detail Link Yard', latitude: 41.89, longitude: -87.62, countryCode: 'USA', city: 'Chicago', state: 'IL' });
  const report = await post<{ accountProductReportId: number }>(page, 'reports', { siteId, reportType: 0 });

  await page.goto(`/?accountProductReportId=${report.accountProductReportId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Detail Link Yard' })).toBeVisible();
  await expect(page.getByTestId('score-table')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`siteId=${siteId}`));

  await page.goto('/?currentPage=Detail&siteId=999999');
  await expect(page.getByText('Site not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the Site Library' }).click();
  await expect(page.getByRole('heading', { name: 'Site Library' })).toBeVisible();
});
