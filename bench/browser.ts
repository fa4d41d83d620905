import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { startBuiltServer, stop, waitForHealth } from './lib';

/** What a browser benchmark runs against: the built server's port and environment, and the user who signs in. */
export interface BrowserBenchOptions {
  port: number;
  env: Record<string, string>;
  email: string;
  password: string;
  /** Script added to every document before the app's own (the benchmark's milestone recorder). */
  initScript: string;
}

/**
 * Starts the built server, opens Debian's headless Chromium with the end-to-end flags on a fresh
 * profile, signs in through the Sign In page, runs `measure` and cleans everything up.
 */
export async function withSignedInBrowser<T>(options: BrowserBenchOptions, measure: (page: Page, base: string) => Promise<T>): Promise<T> {
  const base = `http://127.0.0.1:${options.port}`;
  // A server left on the port would answer the health check in place of this one.
  if (await fetch(`${base}/api/health`).then(() => true, () => false)) throw new Error(`port ${options.port} is already in use`);
  const profile = mkdtempSync(join(tmpdir(), 'riskatlas-bench-chromium-'));
  const server = startBuiltServer({ ...options.env, PORT: String(options.port), AUTH_RATE_LIMIT: '1000' });
  try {
    // The browser and flags of the end-to-end tests (Debian's Chromium, software WebGL, no side traffic).
    const { executablePath, args } = playwrightConfig.use?.launchOptions ?? {};
    const context = await chromium.launchPersistentContext(profile, { executablePath, args, headless: true, viewport: { width: 1440, height: 900 } });
    try {
      await waitForHealth(`${base}/api/health`);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.addInitScript(options.initScript);
      await page.goto(`${base}/`);
      await page.getByLabel('E-mail address').fill(options.email);
      await page.getByLabel('Password').fill(options.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Site Library' }).waitFor({ timeout: 60_000 });
      return await measure(page, base);
    } finally {
      await context.close();
    }
  } finally {
    await stop(server);
    rmSync(profile, { recursive: true, force: true });
  }
}
