import { expect, test, type Locator, type Page } from '@playwright/test';
import { mapPixels } from './support/map-pixels';
import { acknowledgeCookies, signIn } from './support/session';

/** Two sites at one address (their dots overlap) and one across the country. */
const SITES = [
  { siteName: 'Loop Depot', street: '100 W Randolph St', city: 'Chicago', state: 'IL', zipCode: '60601', latitude: 41.8847, longitude: -87.6325 },
  { siteName: 'Loop Depot Annex', street: '100 W Randolph St', city: 'Chicago', state: 'IL', zipCode: '60601', latitude: 41.8847, longitude: -87.6325 },
  { siteName: 'Denver Yard', street: '1437 Bannock St', city: 'Denver', state: 'CO', zipCode: '80202', latitude: 39.7392, longitude: -104.9903 },
];

/** The dot colour of a site without a score. */
const NO_SCORE_DOT = [0x78, 0x90, 0x9c];

async function addSites(page: Page): Promise<void> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('riskatlas.csrfToken'));
  for (const site of SITES) {
    const response = await page.request.post('/api/sites?ignoreDuplicates=true', { data: { ...site, countryCode: 'USA' }, headers: { 'X-CSRF-Token': token! } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The map once MapLibre has drawn what it was asked to ("idle"). */
async function idleMap(page: Page): Promise<Locator> {
  const map = page.getByRole('region', { name: 'Map of 3 sites' });
  await expect(map).toHaveAttribute('data-idle', 'true', { timeout: 30_000 });
  return map;
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Search sites, places or coordinates' });
  await box.fill('');
  await box.fill(text);
}

test('the Map page: pan, search, pin, overlapping sites and the report link', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'mapPage');
  await acknowledgeCookies(page);
  await addSites(page);
  // The library read its (empty) list before the sites were added behind its back.
  await page.reload();
  await page.getByRole('link', { name: 'Map View' }).click();
  await expect(page).toHaveURL(/currentPage=Map/);
  let map = await idleMap(page);
  expect((await mapPixels(page, map)).colours).toBeGreaterThan(50);

  // Dragging pans the map: the sites' dots move with it.
  const before = (await mapPixels(page, map, NO_SCORE_DOT)).first!;
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2 - 80, { steps: 8 });
  await page.mouse.up();
  map = await idleMap(page);
  const after = (await mapPixels(page, map, NO_SCORE_DOT)).first!;
  expect(Math.abs(after.x - (before.x - 200))).toBeLessThan(12);
  expect(Math.abs(after.y - (before.y - 80))).toBeLessThan(12);

  // A site by name: selected, with its summary.
  await search(page, 'Loop Depot Ann');
  await page.getByRole('option', { name: 'Loop Depot Annex' }).click();
  const summary = page.getByRole('region', { name: 'Selected site' });
  await expect(summary).toContainText('Loop Depot Annex');
  await expect(summary).toContainText('100 W Randolph St, Chicago, IL 60601');
  await expect(page).toHaveURL(/siteId=\d+/);
  map = await idleMap(page);

  // The map is centred on the two sites: a click there asks which one.
  await summary.getByRole('button', { name: 'Clear the selection' }).click();
  await expect(summary).toBeHidden();
  const centred = (await map.boundingBox())!;
  await page.mouse.click(centred.x + centred.width / 2, centred.y + centred.height / 2);
  const choose = page.getByRole('dialog', { name: 'Choose a site' });
  await expect(choose).toBeVisible();
  await expect(choose.getByRole('button', { name: /^Loop Depot/ })).toHaveCount(2);
  await choose.getByRole('button', { name: /^Loop Depot Annex/ }).click();
  await expect(summary).toContainText('Loop Depot Annex');
  await page.screenshot({ path: test.info().outputPath('map-1400.png') });

  // Open report goes to the Detail page of that site.
  const siteId = new URL(page.url()).searchParams.get('siteId');
  const open = summary.getByRole('link', { name: 'Open report' });
  const href = new URL((await open.getAttribute('href'))!, page.url());
  expect(href.searchParams.get('currentPage')).toBe('Detail');
  expect(href.searchParams.get('siteId')).toBe(siteId);

  // Coordinates at the sites' spot drop a pin and ask whether one of them was meant.
  await search(page, '41.8847, -87.6325');
  await page.getByRole('option', { name: '41.8847, -87.6325' }).click();
  const spot = page.getByRole('dialog', { name: 'Sites at this location' });
  await expect(spot).toContainText('Did you mean one of these sites?');
  await spot.getByRole('button', { name: 'No, keep the pin' }).click();
  const pin = page.getByRole('region', { name: 'Dropped pin' });
  await expect(pin).toContainText('41.8847, -87.6325');
  await expect(pin).toContainText('Chicago, IL');

  // A place from the autocomplete drops a pin there too.
  await search(page, 'Denver');
  await page.getByRole('option', { name: /^Denver, CO/ }).first().click();
  await expect(pin).toContainText('Denver');
  await idleMap(page);

  // A click on an empty spot of the map sets a pin; 'Create report here' opens the wizard.
  const shown = (await map.boundingBox())!;
  await page.mouse.click(shown.x + shown.width - 260, shown.y + shown.height - 120);
  await expect(pin).toBeVisible();
  await expect(pin).not.toContainText('Finding the address');
  await pin.getByRole('button', { name: 'Create report here' }).click();
  await expect(page.getByRole('dialog', { name: /Create a report/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // An address naming a site opens the map framed on it.
  await page.goto(`/?currentPage=Map&siteId=${siteId}`);
  await expect(summary).toContainText('Loop Depot Annex');
  map = await idleMap(page);
  const framed = (await map.boundingBox())!;
  const dotAt = (await mapPixels(page, map, NO_SCORE_DOT)).first!;
  expect(Math.abs(dotAt.x - framed.width / 2)).toBeLessThan(20);
  expect(Math.abs(dotAt.y - framed.height / 2)).toBeLessThan(20);

  await page.goto(href.toString());
  await expect(page).toHaveURL(/currentPage=Detail/);
  await expect(page).toHaveURL(new RegExp(`siteId=${siteId}`));
});

test('the Map page fits a phone: the map is drawn and the navigation slides over', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'mapPage', 'standard');
  await acknowledgeCookies(page);
  await page.goto('/?currentPage=Map');
  const map = page.getByRole('region', { name: /^Map of \d+ sites?$/ });
  await expect(map).toHaveAttribute('data-idle', 'true', { timeout: 30_000 });
  expect((await mapPixels(page, map)).colours).toBeGreaterThan(50);
  const mapBox = (await map.boundingBox())!;
  expect(mapBox.width).toBeGreaterThan(300);
  expect(mapBox.width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('toolbar', { name: 'Map controls' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('map-390.png') });
  await expect(page.getByTestId('side-nav')).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('link', { name: 'Map View' })).toBeVisible();
});

test('Select Multiple Sites picks sites on the map and hands them to the library', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'mapPage');
  await acknowledgeCookies(page);
  await page.goto('/?currentPage=Select%20Multiple%20Sites&from=Dashboard');
  const map = page.getByRole('region', { name: 'Map of 3 sites' });
  await expect(map).toHaveAttribute('data-idle', 'true', { timeout: 30_000 });
  expect((await mapPixels(page, map)).colours).toBeGreaterThan(50);
  const picked = page.getByRole('region', { name: 'Picked sites' });
  await expect(picked).toContainText('No sites picked yet.');

  // A click on a site's dot (grey: no score yet) picks it; overlapping dots are picked together.
  const dot = (await mapPixels(page, map, NO_SCORE_DOT)).first;
  expect(dot).not.toBeNull();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + dot!.x + 2, box.y + dot!.y + 2);
  await expect(picked).toContainText(/Picked: [12] sites?/);
  // A box drawn around the whole map picks every site in it.
  await page.getByRole('button', { name: 'Draw a box' }).click();
  await page.mouse.move(box.x + 10, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 60, box.y + box.height - 40, { steps: 6 });
  await page.mouse.up();
  await expect(picked).toContainText('Picked: 3 sites');
  await expect(page.getByRole('button', { name: 'Draw a box' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Done (3 sites)' }).click();
  await expect(page).toHaveURL(/currentPage=Sites/);
  await expect(page.getByText('3 sites selected')).toBeVisible();
});
