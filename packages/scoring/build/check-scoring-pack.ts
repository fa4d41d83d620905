// The scoring half of `npm run data:check`: rebuilds the scoring pack into a temporary directory and
// compares it byte for byte with the committed data/scoring. Exits 1 naming each differing file;
// exits 0 with a note when the raw data is absent, as on a fresh clone.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildScoringPack, committedScoringDir, differingScoringFiles, scoringSharedDataDir } from './build-scoring-pack';

const sharedDir = scoringSharedDataDir();
if (!existsSync(join(sharedDir, 'ucr'))) {
  console.log(`data:check (scoring) skipped: no raw data in ${sharedDir} (set SHARED_DATA_DIR to check the pack).`);
} else {
  const outDir = mkdtempSync(join(tmpdir(), 'riskatlas-scoring-'));
  try {
    buildScoringPack({ sharedDir, outDir });
    const differing = differingScoringFiles(committedScoringDir, outDir);
    if (differing.length > 0) {
      for (const name of differing) console.error(`data:check: data/scoring/${name} differs from a fresh build`);
      console.error('Run `npm run data:build` and commit data/scoring.');
      process.exitCode = 1;
    } else {
      console.log('data:check: data/scoring matches a fresh build byte for byte.');
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
