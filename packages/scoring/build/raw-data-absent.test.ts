import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

// CI always has the raw data, so only this test notices a data-pack build test that reads the raw
// data while Vitest collects it: the describe body runs then even when the suite is skipped, so on
// a fresh clone the whole unit tier would fail. `vitest list` collects without running the tests,
// and here it does so with the raw data pointed at an empty directory.
it('collects the data-pack build tests without errors where the raw data is absent', { timeout: 180_000 }, () => {
  const empty = mkdtempSync(join(tmpdir(), 'riskatlas-no-raw-data-'));
  try {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
    const result = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'list', '--project', 'unit', 'packages/scoring/build', 'packages/geo'],
      { cwd: repoRoot, env: { ...env, SHARED_DATA_DIR: empty }, encoding: 'utf8' },
    );
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    // The tests that need no raw data are listed; the suites that read it are skipped, so not listed.
    expect(result.stdout).toContain('csiGeography');
    expect(result.stdout).not.toContain('the real CSI table');
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
