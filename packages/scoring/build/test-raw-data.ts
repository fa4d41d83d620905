/*
 * The raw public data that the tests of the scoring build read: env SHARED_DATA_DIR, else
 * <repo>/../shared/data, as build-scoring-pack.ts finds it (not imported from there, so that a test
 * loads only the part of the build it tests).
 *
 * A fresh clone has no raw data: there the suites that need it are skipped, each saying so in one
 * line. Vitest runs a describe body while collecting even when the suite is skipped, so such a suite
 * reads the raw data only in its hooks and tests, never in the describe body itself.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The raw public data directory. */
export const rawDataDir = process.env.SHARED_DATA_DIR ? resolve(process.env.SHARED_DATA_DIR) : resolve(repoRoot, '../shared/data');

/**
 * True when the raw data is there, by the same test as `npm run data:build`: where the build would
 * run, these suites run too, and a missing file fails them rather than skipping them.
 */
export const hasRawData = existsSync(join(rawDataDir, 'ucr'));

/** A describe() for a suite that reads the raw data: skipped where it is absent, with one line saying so. */
export function describeWithRawData(title: string, body: () => void): void {
  if (hasRawData) {
    describe(title, body);
    return;
  }
  console.info(`"${title}" skipped: raw data not present in ${rawDataDir}`);
  describe.skip(`${title} (skipped: raw data not present)`, body);
}
