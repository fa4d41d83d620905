import { expect, test, type Locator, type Page } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';

/**
 * Adding sites and ordering reports as a person does it: the first-run library, Add Site, the
 * Create Report panel (a typed address, the candidate chooser, a licence shortfall), the upgrade
 * of one report, and a batch with duplicates confirmed with Proceed. With SCREENSHOTS=<dir> set,
 * the wizard's steps are also saved as pictures for review.
 */

const SHOTS = process.env.SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.waitForTimeout(350); // let dialog transitions settle, so the picture shows the step
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: false });
}

const rows = (page: Page) => page.getByTestId('site-row');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('button', { name, exact: true }) });

async function csrf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('riskatlas.csrfToken'));
  expect(token).toBeTruthy();
  return token!;
}

/** Creates a site (coordinates given: no geocoding) through the API as the signed-in user; answers its id. */
async function apiSite(page: Page, siteName: string, latitude: number, longitude: number): Promise<number> {
  const response = await page.request.post('/api/sites', { data: { siteName, latitude, longitude, countryCode: 'USA', city: 'Chicago', state: 'IL' }, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { siteId: number }).siteId;
}

/** Orders a Basic report for an existing site through the API; answers its release year. */
async function apiReport(page: Page, siteId: number): Promise<number> {
  const response = await page.request.post('/api/reports', { data: { siteId, reportType: 0 }, headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { releaseYear: number }).releaseYear;
}

async function runAction(page: Page, action: string): Promise<void> {
  await page.getByRole('button', { name: /^Actions/ }).click();
  await page.getByRole('menu', { name: 'Site actions' }).getByRole('menuitem', { name: action }).click();
}

async function fillAddress(dialog: Locator, address: { street: string; city: string; state: string; zipCode: string }): Promise<void> {
  await dialog.getByLabel('Street', { exact: true }).fill(address.street);
  await dialog.getByLabel('City', { exact: true }).fill(address.city);
  await dialog.getByLabel('State, province or region').fill(address.state);
  await dialog.getByLabel('ZIP or postal code').fill(address.zipCode);
}

/** From step 1 to the summary with a report type: Next past the add-ons when they are offered. */
async function chooseTypeAndGoToSummary(page: Page, wizard: Locator, type: RegExp, shots?: string): Promise<void> {
  await wizard.getByRole('radio', { name: type }).check();
  if (shots) await shot(page, `${shots}-1-report-type`);
  await wizard.getByRole('button', { name: 'Next' }).click();
  const table = wizard.getByRole('table', { name: 'Licences' });
  const addOns = wizard.getByText('Add-ons add features to each report.');
  await expect(table.or(addOns)).toBeVisible();
  if (await addOns.isVisible()) {
    if (shots) await shot(page, `${shots}-2-add-ons`);
    await wizard.getByRole('button', { name: 'Next' }).click();
  }
  await expect(table).toBeVisible();
  if (shots) await shot(page, `${shots}-3-summary`);
}

test.describe('Adding sites and creating reports', () => {
  test('a new account admin adds a site by its address, orders a Basic report and sees its scores', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'createReport');
    await acknowledgeCookies(page);
    const empty = page.getByRole('status').filter({ hasText: 'Your site library is empty' });
    await expect(empty.getByRole('button', { name: 'Add a site' })).toBeVisible();
    await expect(empty.getByRole('button', { name: 'Create a report' })).toBeVisible();
    await shot(page, 'a-0-empty-library');

    await empty.getByRole('button', { name: 'Add a site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a site' });
    await dialog.getByLabel(/Site name/).fill('Wacker Drive Office');
    await dialog.getByLabel('Tags').fill('HQ; Chicago');
    await fillAddress(dialog, { street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606' });
    await shot(page, 'a-1-add-site');
    await dialog.getByRole('button', { name: 'Add site' }).click();
    await expect(page.getByText("'Wacker Drive Office' has been added to your Site Library.")).toBeVisible();
    await expect(row(page, 'Wacker Drive Office')).toBeVisible();
    await expect(row(page, 'Wacker Drive Office').locator('[data-column="score2"]')).toHaveText(/^\s*[–—-]?\s*$/);

    await page.getByRole('checkbox', { name: 'Select Wacker Drive Office' }).check();
    await runAction(page, 'Create report or batch');
    const wizard = page.getByRole('dialog', { name: 'Create a report for Wacker Drive Office' });
    await chooseTypeAndGoToSummary(page, wizard, /^Basic —/, 'a');
    await expect(wizard.getByRole('table', { name: 'Licences' })).toContainText('Basic');
    await wizard.getByRole('button', { name: 'Create report' }).click();
    await expect(page.getByText('Your report is now available in your Site Library...')).toBeVisible();
    await expect(wizard).toBeHidden();
    await expect(row(page, 'Wacker Drive Office').locator('[data-column="score2"]')).toHaveText(/\d/);
    await shot(page, 'a-4-library-with-scores');
  });

  test('a report from a typed address that matches several places, resolved in the chooser', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'reportCandidates');
    await acknowledgeCookies(page);
    await page.getByRole('button', { name: 'Create Report', exact: true }).click();
    const wizard = page.getByRole('dialog', { name: 'Create a report' });
    await wizard.getByLabel(/Site name/).fill('Main Street Kiosk');
    await fillAddress(wizard, { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '60601' });
    await shot(page, 'b-0-site-entry');
    await wizard.getByRole('button', { name: 'Next' }).click();
    const chooser = wizard.getByRole('list', { name: 'Address candidates' });
    await expect(chooser).toBeVisible();
    await shot(page, 'b-0-candidates');
    await chooser.getByRole('button').filter({ hasText: 'Springfield' }).first().click();
    await expect(wizard.getByLabel('Latitude')).not.toHaveValue('');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await chooseTypeAndGoToSummary(page, wizard, /^Basic —/);
    await wizard.getByRole('button', { name: 'Create report' }).click();
    await expect(page.getByText('Your report is now available in your Site Library...')).toBeVisible();
    await expect(row(page, 'Main Street Kiosk').locator('[data-column="score2"]')).toHaveText(/\d/);
    await expect(row(page, 'Main Street Kiosk')).toContainText('Springfield');
  });

  test('a Basic report is upgraded to Premium', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'reportUpgrade');
    await acknowledgeCookies(page);
    const siteId = await apiSite(page, 'Upgrade Store', 41.8789, -87.6359);
    const release = await apiReport(page, siteId);
    await page.goto(`/?currentPage=Sites&release=${release}`);
    await page.getByRole('checkbox', { name: 'Select Upgrade Store' }).check();
    await runAction(page, 'Upgrade reports');
    const wizard = page.getByRole('dialog', { name: 'Upgrade the report of Upgrade Store' });
    await expect(wizard.getByRole('radio', { name: /^Keep Basic/ })).toBeVisible();
    await chooseTypeAndGoToSummary(page, wizard, /^Premium —/, 'c');
    await expect(wizard.getByRole('table', { name: 'Licences' })).toContainText('Upgrade Basic to Premium');
    await wizard.getByRole('button', { name: 'Upgrade report' }).click();
    await expect(page.getByText('Your report is now available in your Site Library...')).toBeVisible();
    await expect(row(page, 'Upgrade Store').getByRole('img', { name: /^Premium report/ })).toBeVisible();
  });

  test('a licence shortfall is named and nothing is created', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'reportShortfall');
    await acknowledgeCookies(page);
    await page.getByRole('status').filter({ hasText: 'Your site library is empty' }).getByRole('button', { name: 'Create a report' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create a report' });
    await wizard.getByLabel(/Site name/).fill('Shortfall Store');
    await wizard.getByLabel('Latitude').fill('41.8789');
    await wizard.getByLabel('Longitude').fill('-87.6359');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await chooseTypeAndGoToSummary(page, wizard, /^Basic —/);
    await expect(wizard.getByText('Not enough Basic licences: 1 needed, 0 remaining (short by 1).')).toBeVisible();
    await expect(wizard.getByText(/Purchase more licences, or ask your administrator, then try again/)).toBeVisible();
    await shot(page, 'd-3-shortfall');
    await expect(wizard.getByRole('button', { name: 'Create report' })).toBeDisabled();
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    const count = await page.request.get('/api/sites/count');
    expect(((await count.json()) as { count: number }).count).toBe(0);
    await expect(page.getByText('Your site library is empty')).toBeVisible();
  });

  test('a 25-site batch leaves out the sites that already have reports after Proceed', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'reportBatch');
    await acknowledgeCookies(page);
    const ids: number[] = [];
    for (let index = 0; index < 25; index += 1) ids.push(await apiSite(page, `Batch Store ${String(index + 1).padStart(2, '0')}`, 41.80 + (index % 5) * 0.01, -87.75 - Math.floor(index / 5) * 0.01));
    for (const siteId of ids.slice(0, 5)) await apiReport(page, siteId);
    await page.reload();
    await expect(page.getByText('25 sites', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all sites' }).check();
    await runAction(page, 'Create report or batch');
    const wizard = page.getByRole('dialog', { name: 'Create reports for 25 sites' });
    await wizard.getByRole('radio', { name: /^Basic —/ }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    const check = wizard.getByTestId('batch-check');
    await expect(check).toContainText('25 sites selected: 20 reports will be created.');
    await expect(check).toContainText('5 sites already have reports for the current release year and will be left out.');
    await shot(page, 'e-1-batch-check');
    await wizard.getByRole('button', { name: 'Next' }).click();
    const table = wizard.getByRole('table', { name: 'Licences' });
    if (!(await table.isVisible())) await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(table).toContainText('Basic20');
    await wizard.getByRole('button', { name: 'Create reports' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sites already have reports' });
    await expect(confirm).toContainText('5 of the 25 selected site(s) already have a report for the current release year. Proceed to create reports for the other 20 site(s) only.');
    await shot(page, 'e-3-proceed');
    await confirm.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Creating 20 reports. The Site Library shows the progress.')).toBeVisible();
    await expect(wizard).toBeHidden();
    await expect.poll(async () => (await page.request.get('/api/sites/count').then((response) => response.json()) as { withReports: number }).withReports, { timeout: 60_000 }).toBe(25);
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search sites' }).fill('Batch Store 25');
    await expect(row(page, 'Batch Store 25').locator('[data-column="score2"]')).toHaveText(/\d/);
  });

  test('a site is placed by clicking the map', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'reportCandidates');
    await acknowledgeCookies(page);
    await page.getByRole('button', { name: 'Add a site' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a site' });
    await dialog.getByLabel(/Site name/).fill('Pinned Corner');
    // Typed coordinates centre the map on them; a click a little away moves the pin there.
    await dialog.getByLabel('Latitude').fill('41.8789');
    await dialog.getByLabel('Longitude').fill('-87.6359');
    const map = dialog.getByRole('region', { name: 'Site location map' });
    await expect(map).toHaveAttribute('data-idle', 'true', { timeout: 20_000 });
    const box = (await map.boundingBox())!;
    // The map flies to the typed point: wait until it has zoomed in to street level (a scale in
    // metres) with the pin at its centre before clicking.
    await expect(map.getByText(/^\d+\s*m$/)).toBeVisible({ timeout: 20_000 });
    const pin = map.getByRole('img', { name: 'Pin (drag to move)' });
    await expect
      .poll(async () => {
        const at = await pin.boundingBox();
        return at ? Math.abs(at.x + at.width / 2 - (box.x + box.width / 2)) < 4 : false;
      }, { timeout: 20_000 })
      .toBe(true);
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40);
    await expect(dialog.getByLabel('Latitude')).not.toHaveValue('41.8789');
    await expect(dialog.getByLabel('City', { exact: true })).toHaveValue('Chicago', { timeout: 15_000 });
    await shot(page, 'f-pinned');
    await dialog.getByRole('button', { name: 'Add site' }).click();
    await expect(page.getByText("'Pinned Corner' has been added to your Site Library.")).toBeVisible();
    await expect(row(page, 'Pinned Corner')).toBeVisible();
  });

  test('the wizard on a phone', async ({ page }) => {
    test.skip(!SHOTS, 'pictures for review only');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'createReport');
    await acknowledgeCookies(page);
    await shot(page, 'p-0-library');
    await page.getByRole('button', { name: 'Create Report', exact: true }).click();
    const wizard = page.getByRole('dialog', { name: 'Create a report' });
    await wizard.getByLabel(/Site name/).fill('Phone Store');
    await fillAddress(wizard, { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '60601' });
    await shot(page, 'p-0-site-entry');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('list', { name: 'Address candidates' })).toBeVisible();
    await wizard.getByRole('list', { name: 'Address candidates' }).scrollIntoViewIfNeeded();
    await shot(page, 'p-0-candidates');
    await wizard.getByRole('list', { name: 'Address candidates' }).getByRole('button').first().click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await chooseTypeAndGoToSummary(page, wizard, /^Premium —/, 'p');
    await wizard.getByRole('button', { name: 'Cancel' }).click();
  });
});
