import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';

const shots = 'test-results/screenshots';
mkdirSync(shots, { recursive: true });

test.describe('navigation at desktop, compact and phone widths', () => {
  test('above 1281 px the side navigation toggles and the choice is saved', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'navigation');
    await acknowledgeCookies(page);
    const nav = page.getByTestId('side-nav');
    await expect(nav).toHaveAttribute('data-expanded', 'true');
    await expect(nav.getByText('Help & Support')).toBeVisible(); // the account has a support id
    await page.screenshot({ path: `${shots}/sites-1400.png` });

    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/users/prefs') && response.request().method() === 'POST'),
      page.getByTestId('side-nav-toggle').click(),
    ]);
    await expect(nav).toHaveAttribute('data-expanded', 'false');
    await page.reload();
    await expect(page.getByTestId('side-nav')).toHaveAttribute('data-expanded', 'false');
    await page.getByTestId('side-nav-toggle').click();
    await expect(page.getByTestId('side-nav')).toHaveAttribute('data-expanded', 'true');

    await nav.getByText('Help & Support').click();
    await expect(page.getByRole('heading', { name: 'Help & Support' })).toBeVisible();
    await expect(page.getByTestId('support-id')).toHaveText('TS-1001');
    // The attribution list comes from the data pack (GET /api/data/sources).
    await expect(page.getByRole('cell', { name: 'Contains public sector information licensed under the Open Government Licence v3.0' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Postal code data © GeoNames (CC-BY 4.0)' }).first()).toBeVisible();
  });

  for (const width of [1000, 700, 500]) {
    test(`at ${width} px the navigation is a slide-over and pages still work`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, 'navigation');
      await acknowledgeCookies(page);
      await expect(page.getByTestId('side-nav')).toBeHidden();
      await page.screenshot({ path: `${shots}/sites-${width}.png` });
      await page.getByTestId('side-nav-open').click();
      const nav = page.getByTestId('side-nav');
      await expect(nav).toBeVisible();
      await page.screenshot({ path: `${shots}/nav-open-${width}.png` });
      await nav.getByText('Site Library').click();
      await expect(nav).toBeHidden();
      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem', { name: /File Downloads/ }).click();
      await expect(page.getByRole('heading', { name: 'File Downloads' })).toBeVisible();
      await page.screenshot({ path: `${shots}/files-${width}.png` });
    });
  }
});
