// What `npm run data:check` does for each pack of this package: rebuild it into a temporary
// directory and compare it byte for byte with the committed one, naming each differing file.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { differingScoringFiles, scoringSharedDataDir } from './build-scoring-pack';

/**
 * Rebuilds a pack and compares it with the committed one: exit code 1 and a line per differing
 * file, or a note and success when the raw data (the `rawMarker` folder) is absent, as on a fresh clone.
 */
export function checkRebuiltPack(pack: { name: string; committedDir: string; rawMarker: string; build: (sharedDir: string, outDir: string) => void }): void {
  const sharedDir = scoringSharedDataDir();
  if (!existsSync(join(sharedDir, pack.rawMarker))) {
    console.log(`data:check (${pack.name}) skipped: no raw data in ${sharedDir} (set SHARED_DATA_DIR to check the pack).`);
    return;
  }
  const outDir = mkdtempSync(join(tmpdir(), `riskatlas-${pack.name}-`));
  try {
    pack.build(sharedDir, outDir);
    const differing = differingScoringFiles(pack.committedDir, outDir);
    if (differing.length > 0) {
      for (const name of differing) console.error(`data:check: data/${pack.name}/${name} differs from a fresh build`);
      console.error(`Run \`npm run data:build\` and commit data/${pack.name}.`);
      process.exitCode = 1;
    } else {
      console.log(`data:check: data/${pack.name} matches a fresh build byte for byte.`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
