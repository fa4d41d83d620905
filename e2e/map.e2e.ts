import { expect, test, type Locator, type Page } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';

const SITES = [
  { siteName: 'Map Loop Depot', street: '100 W Randolph St', city: 'Chicago', state: 'IL', zipCode: '60601', latitude: 41.8847, longitude: -87.6325 },
  { siteName: 'Map Denver Yard', street: '1437 Bannock St', city: 'Denver', state: 'CO', zipCode: '80202', latitude: 39.7392, longitude: -104.9903 },
  { siteName: 'Map Austin Hub', street: '1100 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.2747, longitude: -97.7404 },
];

/** The base layers' water and land, and the dot colour of a site without a score (apps/web: base-style.ts, points-projection.ts). */
const WATER = [0xcf, 0xe0, 0xee];
const LAND = [0xf4, 0xf1, 0xea];
const NO_SCORE_DOT = [0x78, 0x90, 0x9c];

interface Pixels {
  width: number;
  /** Distinct colours in the picture. */
  colours: number;
  /** Pixels of each reference colour (within a small tolerance), and where the first dot pixel is. */
  water: number;
  land: number;
  dots: number;
  firstDot: { x: number; y: number } | null;
}

/** Reads a screenshot of the element back into pixels (decoded by the browser, so no image library is needed). */
async function pixelsOf(page: Page, element: Locator): Promise<Pixels> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, references }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const near = (i: number, [r, g, b]: number[]) => Math.abs(data[i]! - r!) <= 3 && Math.abs(data[i + 1]! - g!) <= 3 && Math.abs(data[i + 2]! - b!) <= 3;
      const colours = new Set<number>();
      const counts = [0, 0, 0];
      let firstDot: { x: number; y: number } | null = null;
      for (let i = 0; i < data.length; i += 4) {
        colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        references.forEach((reference, k) => {
          if (near(i, reference)) counts[k]! += 1;
        });
        if (!firstDot && near(i, references[2]!)) firstDot = { x: (i / 4) % image.width, y: Math.floor(i / 4 / image.width) };
      }
      return { width: image.width, colours: colours.size, water: counts[0]!, land: counts[1]!, dots: counts[2]!, firstDot };
    },
    { png, references: [WATER, LAND, NO_SCORE_DOT] },
  );
}

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
  const pixels = await pixelsOf(page, map);

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
  expect(pixels.water).toBeGreaterThan(1000);
  expect(pixels.land).toBeGreaterThan(1000);
  expect(pixels.dots).toBeGreaterThan(10);

  // Pointing at a dot names its site; a click on it opens the site, as in the grid.
  const box = (await map.boundingBox())!;
  const scale = box.width / pixels.width;
  await page.mouse.move(box.x + (pixels.firstDot!.x + 2) * scale, box.y + (pixels.firstDot!.y + 2) * scale);
  await expect(map.getByText(/^Map (Loop Depot|Denver Yard|Austin Hub)$/)).toBeVisible();
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: /^Map / })).toBeVisible();
});
