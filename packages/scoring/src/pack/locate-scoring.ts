import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCORING_FILES } from './format';

const isScoringDir = (dir: string) => existsSync(join(dir, SCORING_FILES.manifest));

/**
 * The directory of the scoring pack: the argument; else env RISKATLAS_DATA_DIR (a data/ directory
 * holding scoring/); else <repo>/data/scoring found by walking up from this module (sources and
 * the API bundle) or from the working directory. Throws naming every place it looked.
 */
export function locateScoringDir(scoringDir?: string): string {
  const tried: string[] = [];
  const attempt = (dir: string) => {
    const full = resolve(dir);
    tried.push(full);
    return isScoringDir(full) ? full : undefined;
  };
  if (scoringDir) {
    const found = attempt(scoringDir);
    if (found) return found;
    throw new Error(`No scoring pack (${SCORING_FILES.manifest}) in ${resolve(scoringDir)}`);
  }
  const fromEnv = process.env.RISKATLAS_DATA_DIR;
  if (fromEnv) {
    const found = attempt(join(fromEnv, 'scoring')) ?? attempt(join(fromEnv, '../scoring'));
    if (found) return found;
    throw new Error(`RISKATLAS_DATA_DIR=${fromEnv} holds no scoring pack (looked in ${tried.join(', ')})`);
  }
  for (const start of [dirname(fileURLToPath(import.meta.url)), process.cwd()]) {
    for (let dir = start; ; dir = dirname(dir)) {
      const found = attempt(join(dir, 'data/scoring'));
      if (found) return found;
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error(`No scoring pack found; set RISKATLAS_DATA_DIR. Looked in: ${[...new Set(tried)].join(', ')}`);
}
