import { expect, test } from '@playwright/test';
import { mapPixels } from './support/map-pixels';
import { acknowledgeCookies, signIn } from './support/session';

const SITES = [
  { siteName: 'Map Loop Depot', street: '100 W Randolph St', city: 'Chicago', state: 'IL', zipCode: '60601', latitude: 41.8847, longitude: -87.6325 },
  { siteName: 'Map Denver Yard', street: '1437 Bannock St', city: 'Denver', state: 'CO', zipCode: '80202', latitude: 39.7392, longitude: -104.9903 },
  { siteName: 'Map Austin Hub', street: '1100 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.2747, longitude: -97.7404 },
];

/** The base layers' water and land, and the dot colour of a site without a score (apps/web: base-style.ts, site-points.ts). */
const WATER = [0xcf, 0xe0, 0xee];
const LAND = [0xf4, 0xf1, 0xea];
const NO_SCORE_DOT = [0x78, 0x90, 0x9c];

test('the Site Library map draws the base layers and the sites, and a click on a site opens it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'map');
  await acknowledgeCookies(page);
  const token = await page.evaluate(() => window.sessionStorage.getItem('riskatlas.csrfToken'));
  for (const site of SITES) {
    const response = await page.request.post('/api/sites', { data: { ...site, countryCode: 'USA' }, headers: { 'X-CSRF-Token': token! } });
    expect(response.status(), await response.text()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId('site-row')).toHaveCount(3);

  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByRole('region', { name: 'Map of 3 sites' });
  await expect(map).toBeVisible();
  // MapLibre fires "idle" once the base layers and the dots are drawn.
  await expect(map).toHaveAttribute('data-idle', 'true', { timeout: 30_000 });
  const pixels = await mapPixels(page, map, WATER, LAND, NO_SCORE_DOT);
  const [water, land, dots] = pixels.counts;
  const firstDot = pixels.firsts[2]!;

  // Not a blank box: water, land, borders, dots and controls in many colours.
  expect(pixels.colours).toBeGreaterThan(50);
  // City names are drawn offline, from the data pack, without overlapping each other.
  const labels = map.getByTestId('city-label');
  await expect(labels.first()).toBeVisible();
  const boxes = await labels.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }));
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap).toBe(false);
    }
  }
  expect(water).toBeGreaterThan(1000);
  expect(land).toBeGreaterThan(1000);
  expect(dots).toBeGreaterThan(10);

  // Pointing at a dot names its site; a click on it opens the site, as in the grid.
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + firstDot.x + 2, box.y + firstDot.y + 2);
  await expect(map.getByText(/^Map (Loop Depot|Denver Yard|Austin Hub)$/)).toBeVisible();
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: /^Map / })).toBeVisible();
});
