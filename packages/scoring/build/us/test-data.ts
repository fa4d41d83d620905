import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Where the tests of the US build find the raw data: env SHARED_DATA_DIR, else <repo>/../shared/data
 * (as the orchestrator's scoringSharedDataDir; not imported from there so that these tests do not
 * load the other parts of the build).
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The raw public data directory. */
export const testSharedDir = process.env.SHARED_DATA_DIR ? resolve(process.env.SHARED_DATA_DIR) : resolve(repoRoot, '../shared/data');

/** True when the raw UCR data is there (a fresh clone without shared/ has none: the tests that need it skip). */
export const hasUcrData = existsSync(join(testSharedDir, 'ucr/table8_city_by_year'));
