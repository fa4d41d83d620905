import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test.describe('session expiry by inactivity (account timeout 30 minutes)', () => {
  test('warns about a minute before the time-out, Extend keeps the session, and the time-out signs out', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'session');
    const dialog = page.getByRole('dialog').filter({ hasText: 'Your session will expire soon due to inactivity.' });
    await expect(dialog).toHaveCount(0);

    await page.clock.fastForward('29:05');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('inactivity-countdown')).toBeVisible();
    await dialog.getByRole('button', { name: 'Extend' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Site Library' })).toBeVisible();

    // Idle again for the whole timeout: warned, then signed out.
    await page.clock.fastForward('29:10');
    await expect(dialog).toBeVisible();
    await page.clock.fastForward('01:00');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
