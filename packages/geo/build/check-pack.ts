// `npm run data:check`: rebuilds the pack into a temporary directory and compares it byte for byte
// with the committed data/pack. Exits 1 naming each differing, missing or extra file; exits 0 with
// a note when the raw data (../shared/data) is absent, as on a fresh clone.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPack } from './build-pack';
import { committedPackDir, hasSharedData, sharedDataDir } from './paths';

/** Names of the files that differ between two pack directories (missing or extra files included), sorted. */
export function differingFiles(expectedDir: string, actualDir: string): string[] {
  const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
  const names = [...new Set([...list(expectedDir), ...list(actualDir)])].sort();
  return names.filter((name) => {
    const a = join(expectedDir, name);
    const b = join(actualDir, name);
    if (!existsSync(a) || !existsSync(b)) return true;
    return !readFileSync(a).equals(readFileSync(b));
  });
}

function main(): void {
  const sharedDir = sharedDataDir();
  if (!hasSharedData(sharedDir)) {
    console.log(`data:check skipped: no raw data in ${sharedDir} (set SHARED_DATA_DIR to check the pack).`);
    return;
  }
  const outDir = mkdtempSync(join(tmpdir(), 'riskatlas-pack-'));
  try {
    buildPack({ sharedDir, outDir });
    const differing = differingFiles(committedPackDir, outDir);
    if (differing.length > 0) {
      for (const name of differing) console.error(`data:check: data/pack/${name} differs from a fresh build`);
      console.error('Run `npm run data:build` and commit data/pack.');
      process.exitCode = 1;
      return;
    }
    console.log('data:check: data/pack matches a fresh build byte for byte.');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
