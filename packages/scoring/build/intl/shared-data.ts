/*
 * Where the build tests find the raw data: env SHARED_DATA_DIR, else <repo>/../shared/data (as
 * build-scoring-pack.ts). A fresh clone has none: the tests that read it are skipped there.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The raw public data directory the tests read. */
export const testSharedDataDir = process.env.SHARED_DATA_DIR
  ? resolve(process.env.SHARED_DATA_DIR)
  : resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data');

/** True when the international and incident raw files are present. */
export const hasSharedData = existsSync(join(testSharedDataDir, 'intl/canada_csi')) && existsSync(join(testSharedDataDir, 'uk/pfa_recorded_crime'));
