import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { acknowledgeCookies, signIn } from './support/session';

test.describe('File Downloads', () => {
  test('an administrator exports the activity log, follows its progress, downloads and deletes the file', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'files');
    await acknowledgeCookies(page);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: /File Downloads/ }).click();
    await expect(page.getByRole('heading', { name: 'File Downloads' })).toBeVisible();
    await expect(page.getByTestId('file-row')).toHaveCount(0);

    await page.getByTestId('export-activity-log').click();
    const row = page.getByTestId('file-row').filter({ hasText: 'Activity Log' });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText('Activity Log');
    await expect(row).toContainText('KB');
    await page.screenshot({ path: 'test-results/screenshots/file-downloads-1400.png' });

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link').first().click()]);
    expect(download.suggestedFilename()).toMatch(/^Activity Log \d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('auth.login');

    await page.getByLabel('Search files').fill('no such file');
    await expect(page.getByTestId('file-row')).toHaveCount(0);
    await page.getByLabel('Search files').fill('activity');
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: /^Delete / }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('file-row')).toHaveCount(0);
  });
});
