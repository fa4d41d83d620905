import { expect, type Page } from '@playwright/test';
import { E2E_ACCOUNTS, E2E_PASSWORD, type E2eAccountKey } from './accounts';

/** Signs in through the Sign In page as the administrator (or standard user) of an e2e account. */
export async function signIn(page: Page, key: E2eAccountKey, who: 'admin' | 'standard' = 'admin'): Promise<void> {
  const account = E2E_ACCOUNTS[key];
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(who === 'admin' ? account.email : account.standardEmail);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Site Library' })).toBeVisible();
}

/** Acknowledges the cookie banner when it shows, so it does not cover what a test clicks. */
export async function acknowledgeCookies(page: Page): Promise<void> {
  const banner = page.getByTestId('cookie-banner');
  if (await banner.isVisible()) {
    await banner.getByRole('button').first().click();
    await expect(banner).toBeHidden();
  }
}

/** The session's CSRF token, for API calls made as the signed-in user. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('riskatlas.csrfToken'));
  expect(token).toBeTruthy();
  return { 'X-CSRF-Token': token! };
}
