import { defineConfig } from 'vitest/config';

/**
 * Three of the four test tiers (the fourth, end-to-end, is Playwright: e2e/):
 * unit — pure functions in packages/ and the architecture lint rules (lint/); api — the real Fastify app on real databases;
 * web — React components in jsdom (its own config in apps/web).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/build/**/*.test.ts', 'packages/*/validation/**/*.test.ts', 'lint/**/*.test.ts'],
          environment: 'node',
          // Vitest's default leaves one core idle; on the 2-core CI machine that ran one file at a time.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own PGlite (~230 MB) and its own server database.
          maxWorkers: 2,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
