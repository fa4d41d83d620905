import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACK_FILES } from './format';

function isPackDir(dir: string): boolean {
  return existsSync(join(dir, PACK_FILES.manifest));
}

/**
 * The directory of the data pack: the argument; else env RISKATLAS_DATA_DIR (the pack itself or a
 * data/ directory holding pack/); else <repo>/data/pack found by walking up from this module —
 * which works from the sources (packages/geo/src/pack) and from the API bundle (apps/api/dist) —
 * or from the working directory. Throws naming every place it looked.
 */
export function locatePackDir(packDir?: string): string {
  const tried: string[] = [];
  const attempt = (dir: string): string | undefined => {
    const full = resolve(dir);
    tried.push(full);
    return isPackDir(full) ? full : undefined;
  };
  if (packDir) {
    const found = attempt(packDir);
    if (found) return found;
    throw new Error(`No data pack (${PACK_FILES.manifest}) in ${resolve(packDir)}`);
  }
  const fromEnv = process.env.RISKATLAS_DATA_DIR;
  if (fromEnv) {
    const found = attempt(fromEnv) ?? attempt(join(fromEnv, 'pack'));
    if (found) return found;
    throw new Error(`RISKATLAS_DATA_DIR=${fromEnv} holds no data pack (looked in ${tried.join(', ')})`);
  }
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    for (let dir = start; ; dir = dirname(dir)) {
      const found = attempt(join(dir, 'data/pack'));
      if (found) return found;
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error(`No data pack found; set RISKATLAS_DATA_DIR. Looked in: ${[...new Set(tried)].join(', ')}`);
}
