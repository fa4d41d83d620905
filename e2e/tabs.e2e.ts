import { expect, test, type Page } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';

/** Opens a site's dialog from the Site Library by its name. */
async function openSite(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Adds a comment in an open site dialog and waits for it to show. */
async function comment(dialog: ReturnType<Page['getByRole']>, text: string) {
  await dialog.getByRole('tab', { name: /Comments/ }).click();
  await dialog.getByRole('textbox', { name: 'Add a comment' }).fill(text);
  await dialog.getByRole('button', { name: 'Add comment' }).click();
  await expect(dialog.getByTestId('site-comment').filter({ hasText: text })).toBeVisible();
}

test.describe('several tabs of one signed-in browser', () => {
  test('a second tab and a ?siteId= link opened in a new tab work with the same session, and signing out in one signs out the others', async ({ page, context }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'tabs');
    await acknowledgeCookies(page);

    // The session's CSRF token travels in a cookie every tab can read, sent to this site only.
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'ra_csrf');
    expect(csrf).toMatchObject({ httpOnly: false, sameSite: 'Strict' });
    const created = await page.request.post('/api/sites', {
      data: { siteName: 'Seattle Roastery', street: '1124 Pike St', city: 'Seattle', state: 'WA', zipCode: '98101', latitude: 47.6142, longitude: -122.3285, countryCode: 'USA' },
      headers: { 'X-CSRF-Token': csrf!.value },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { siteId } = (await created.json()) as { siteId: number };

    // A second tab opens the app signed in, and can change a site.
    const second = await context.newPage();
    await second.setViewportSize({ width: 1400, height: 900 });
    await second.goto('/');
    await expect(second.getByRole('heading', { name: 'Site Library' })).toBeVisible();
    const inSecond = await openSite(second, 'Seattle Roastery');
    await inSecond.getByRole('textbox', { name: 'Site Name' }).fill('Seattle Reserve Roastery');
    await expect(second.getByText('Updates have been saved.')).toBeVisible();
    await expect(second.getByRole('dialog', { name: 'Seattle Reserve Roastery' })).toBeVisible();

    // A link to the site, opened in a new tab, lands on it and can comment.
    const linked = await context.newPage();
    await linked.setViewportSize({ width: 1400, height: 900 });
    await linked.goto(`/?currentPage=Sites&siteId=${siteId}`);
    const inLinked = linked.getByRole('dialog', { name: 'Seattle Reserve Roastery' });
    await expect(inLinked).toBeVisible();
    await comment(inLinked, 'Opened from a link in a new tab.');

    // The first tab still works too.
    await page.reload();
    const inFirst = await openSite(page, 'Seattle Reserve Roastery');
    await comment(inFirst, 'Written in the first tab.');
    await expect(inFirst.getByTestId('site-comment')).toHaveCount(2);
    await expect(page.getByText('Your session needs to be renewed')).toHaveCount(0);

    // Signing out in the linked tab signs the other tabs out at once.
    await linked.keyboard.press('Escape');
    await linked.getByTestId('user-menu-button').click();
    await linked.getByTestId('logout').click();
    await expect(linked.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'ra_csrf')).toBeUndefined();
    // And the session is gone on the server: a reload stays on Sign In.
    await second.reload();
    await expect(second.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
