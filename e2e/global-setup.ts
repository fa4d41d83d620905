import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the real built server on a fresh embedded database for the end-to-end run. Before the
 * server opens the database (PGlite has one connection), e2e/support/seed-accounts.ts creates one
 * account per test through the product's own account service.
 */
export default async function globalSetup(): Promise<void> {
  const root = join(import.meta.dirname, '..');
  if (!existsSync(join(root, 'apps/api/dist/main.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The build failed.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'riskatlas-e2e-'));
  const seed = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'e2e/support/seed-accounts.ts'), dataDir], { cwd: root, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('Seeding the end-to-end accounts failed.');

  const port = process.env.E2E_PORT ?? '8181';
  const server = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000' },
    stdio: 'inherit',
    detached: false,
  });
  writeFileSync(join(tmpdir(), 'riskatlas-e2e-server.json'), JSON.stringify({ pid: server.pid, dataDir }));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}.`);
    if (Date.now() > deadline) throw new Error('The server did not start within 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.env.E2E_DATA_DIR = dataDir;
}
