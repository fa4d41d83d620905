/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

// This folder, whichever directory Vite or Vitest is started from (the root config lists this file).
const here = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * The web app: built to apps/web/dist (served by the API process at /), developed with a proxy to
 * the API on :8080, and tested as the Vitest project 'web' (jsdom).
 */
export default defineConfig({
  root: here,
  plugins: [react()],
  define: {
    // Sent as the `v` query parameter on every API call.
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    name: 'web',
    root: here,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
    // Vitest's default leaves one core idle; on the 2-core CI machine that made this tier run one file at a time.
    maxWorkers: 2,
  },
});
