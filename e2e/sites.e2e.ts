import { expect, test, type Locator, type Page } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';
import { createSitesThroughApi, type E2eSite } from './support/sites';

const SITES: E2eSite[] = [
  { siteName: 'Chicago Loop Store', street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', latitude: 41.8789, longitude: -87.6359, tags: 'VIP;North', externalID: 'S-100' },
  { siteName: 'Chicago Depot', street: '2500 S Damen Ave', city: 'Chicago', state: 'IL', zipCode: '60608', latitude: 41.8462, longitude: -87.6766 },
  { siteName: 'Denver Yard', street: '1701 Wynkoop St', city: 'Denver', state: 'CO', zipCode: '80202', latitude: 39.7527, longitude: -105.0001, tags: 'Flagship', notes: 'Main street entrance' },
  { siteName: 'Austin Hub', street: '500 E Cesar Chavez St', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.2636, longitude: -97.7394, tags: 'north', externalID: 'S-400' },
];

const rows = (page: Page) => page.getByTestId('site-row');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('button', { name, exact: true }) });
const names = async (page: Page) => (await rows(page).locator('[data-column="siteName"]').allTextContents()).sort();

async function search(page: Page, text: string, expected: string[]): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search sites' }).fill(text);
  await expect.poll(() => names(page), { message: `search ${text}` }).toEqual([...expected].sort());
}

async function openActions(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Actions/ }).click();
  return page.getByRole('menu', { name: 'Site actions' });
}

test.describe('Site Library', () => {
  test('an administrator searches, edits, comments on, tags, configures and deletes sites', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'sites');
    await acknowledgeCookies(page);
    await expect(page.getByText('Your site library is empty')).toBeVisible();

    await createSitesThroughApi(page, SITES);
    await page.reload();
    await expect(rows(page)).toHaveCount(4);
    await expect(page.getByText('4 sites', { exact: true })).toBeVisible();
    // Created just now: every row is highlighted as new.
    await expect(page.locator('[data-testid="site-row"][data-new="true"]')).toHaveCount(4);
    await expect(page.getByRole('columnheader', { name: 'Store Number' })).toBeVisible();
    await expect(row(page, 'Chicago Loop Store').locator('[data-column="eid"]')).toHaveText('S-100');

    // Every form of the search syntax, applied in the browser.
    await search(page, 'chicago store', ['Chicago Loop Store']);
    await search(page, '"main street"', ['Denver Yard']);
    await search(page, 'city:Denver;Austin', ['Denver Yard', 'Austin Hub']);
    await search(page, 'zipCode:60600-60699', ['Chicago Loop Store', 'Chicago Depot']);
    await search(page, 'eid:null', ['Chicago Depot', 'Denver Yard']);
    await search(page, 'storenumber:S-400', ['Austin Hub']);
    await search(page, 'hasReport:0', SITES.map((site) => site.siteName));
    await search(page, '#north', ['Chicago Loop Store', 'Austin Hub']);
    await search(page, '#north #vip', ['Chicago Loop Store']);
    await search(page, '@Retail', []);
    await expect(page.getByText('No sites match “@Retail”.')).toBeVisible();
    await search(page, 'OR #flagship city:Austin', ['Denver Yard', 'Austin Hub']);
    await search(page, '', SITES.map((site) => site.siteName));
    // The map column search, per column.
    await page.getByRole('button', { name: 'Column filters' }).click();
    await page.getByRole('searchbox', { name: 'Filter City' }).fill('denver;austin');
    await expect.poll(() => names(page)).toEqual(['Austin Hub', 'Denver Yard']);
    await page.getByRole('searchbox', { name: 'Filter Zip / Post Code' }).fill('78000-79000');
    await expect.poll(() => names(page)).toEqual(['Austin Hub']);
    await page.getByRole('button', { name: 'Column filters' }).click();
    await expect(rows(page)).toHaveCount(4);

    // Edit a site: saved 400 ms after typing.
    await page.getByRole('button', { name: 'Denver Yard', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Denver Yard' })).toBeVisible();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Site Name' }).fill('Denver Rail Yard');
    await expect(page.getByText('Updates have been saved.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Denver Rail Yard' })).toBeVisible();
    await dialog.getByRole('tab', { name: /Comments/ }).click();
    await dialog.getByRole('textbox', { name: 'Add a comment' }).fill('Gate code changed on Monday.');
    await dialog.getByRole('button', { name: 'Add comment' }).click();
    const comment = dialog.getByTestId('site-comment').first();
    await expect(comment).toContainText('Gate code changed on Monday.');
    await expect(comment).toContainText('Avery Admin');
    await expect(dialog.getByRole('tab', { name: 'Comments (1)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/sites-comments-1400.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Denver Rail Yard', exact: true })).toBeVisible();

    // Tag two sites at once.
    await page.getByRole('checkbox', { name: 'Select Chicago Depot' }).check();
    await page.getByRole('checkbox', { name: 'Select Austin Hub' }).check();
    await expect(page.getByTestId('selection-summary')).toHaveText(/2 sites selected/);
    await (await openActions(page)).getByRole('menuitem', { name: 'Edit tags' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit tags' });
    await dialog.getByRole('textbox', { name: 'Tags' }).fill('Audited');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await search(page, '#audited', ['Chicago Depot', 'Austin Hub']);
    await expect(row(page, 'Austin Hub').locator('[data-column="tags"]')).toHaveText('northAudited');
    await search(page, '', ['Chicago Loop Store', 'Chicago Depot', 'Denver Rail Yard', 'Austin Hub']);

    // An action whose feature is not built says so.
    const menu = await openActions(page);
    await expect(menu.getByRole('menuitem', { name: /Compare/ })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');

    // Configure columns: hide Tags, show Notes; widen City by dragging; all kept after a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    dialog = page.getByRole('dialog', { name: 'Columns' });
    await dialog.getByRole('checkbox', { name: 'Tags' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Notes' }).check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Notes' })).toBeVisible();
    const handle = page.getByRole('separator', { name: 'Resize City' });
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 84, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', /^2\d\d$/);
    const widened = Number(await handle.getAttribute('aria-valuenow'));
    await page.screenshot({ path: 'test-results/screenshots/sites-1400.png' });

    await page.reload();
    await expect(rows(page)).toHaveCount(4);
    await expect(page.getByRole('columnheader', { name: 'Notes' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
    await expect(page.getByRole('separator', { name: 'Resize City' })).toHaveAttribute('aria-valuenow', String(widened));

    // The map panel shows the sites.
    await page.getByRole('button', { name: 'Map' }).click();
    await expect(page.getByRole('region', { name: 'Map of 4 sites' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/sites-map-1400.png' });
    await page.getByRole('button', { name: 'Hide the map' }).click();

    // Delete a site: confirmed as something that cannot be undone; the list reloads when the job ends.
    await page.getByRole('checkbox', { name: 'Select Chicago Depot' }).check();
    await (await openActions(page)).getByRole('menuitem', { name: 'Delete sites' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete sites' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(rows(page)).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Chicago Depot', exact: true })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Site Library' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Map' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/sites-390.png' });
  });

  test('locked library columns can be changed by the administrator only', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'sitesLocked');
    await acknowledgeCookies(page);
    await createSitesThroughApi(page, SITES.slice(0, 1));
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Columns' })).toBeEnabled();
    await expect(page.getByRole('separator', { name: 'Resize City' })).toBeVisible();

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const standard = await context.newPage();
    await signIn(standard, 'sitesLocked', 'standard');
    await acknowledgeCookies(standard);
    await expect(rows(standard)).toHaveCount(1);
    await expect(standard.getByRole('button', { name: 'Columns' })).toBeDisabled();
    await expect(standard.getByRole('separator', { name: 'Resize City' })).toHaveCount(0);
    await context.close();
  });
});
