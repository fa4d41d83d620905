import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test.describe('banners and alerts', () => {
  test('a read-only account shows the Account Maintenance alert and stays signed in', async ({ page }) => {
    await signIn(page, 'readOnly');
    await expect(page.getByTestId('maintenance-alert')).toContainText('Account Maintenance');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Site Library' })).toBeVisible();
  });

  test('the warning banner appears after 2 seconds; the cookie banner stays acknowledged', async ({ page }) => {
    await signIn(page, 'banner');
    const warning = page.getByTestId('warning-banner');
    await expect(warning).toContainText('Scheduled maintenance on Saturday');
    const cookie = page.getByTestId('cookie-banner');
    await expect(cookie).toBeVisible();
    await cookie.getByRole('button').first().click();
    await expect(cookie).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Site Library' })).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
  });
});
