import { expect, test } from '@playwright/test';
import { E2E_ACCOUNTS, E2E_PASSWORD } from './support/accounts';
import { signIn } from './support/session';

test.describe('signing in', () => {
  test('an administrator signs in, lands on the empty Site Library with navigation, and signs out', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'signIn');
    await expect(page.getByText('Your site library is empty')).toBeVisible();
    await expect(page).toHaveTitle('RiskAtlas - Site Library');
    await expect(page).toHaveURL(/currentPage=Sites/);
    const nav = page.getByTestId('side-nav');
    await expect(nav.getByText('Site Library')).toBeVisible();
    await expect(nav.getByText('Accessibility')).toBeVisible();

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The session is gone on the server too: a reload stays on Sign In.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a wrong password and an unknown e-mail get the same plain message', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('E-mail address').fill(E2E_ACCOUNTS.wrongPassword.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The e-mail address or password is incorrect.' })).toBeVisible();

    await page.getByLabel('E-mail address').fill('nobody@e2e.test');
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The e-mail address or password is incorrect.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Site Library' })).toHaveCount(0);

    // The right password still works afterwards (two failures are far from the lock-out).
    await page.getByLabel('E-mail address').fill(E2E_ACCOUNTS.wrongPassword.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Site Library' })).toBeVisible();
  });

  test('a page asked for before signing in opens after signing in, and page parameters are canonical', async ({ page }) => {
    await page.goto('/?CURRENTPAGE=File%20Downloads&SiteId=abc');
    await page.getByLabel('E-mail address').fill(E2E_ACCOUNTS.signIn.standardEmail);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'File Downloads' })).toBeVisible();
    await expect(page).toHaveURL(/\?currentPage=File(\+|%20)Downloads$/);
    await expect(page).toHaveTitle('RiskAtlas - File Downloads');
  });
});
