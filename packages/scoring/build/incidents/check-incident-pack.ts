// The incidents part of `npm run data:check`: rebuilds the incident pack into a temporary directory
// and compares it byte for byte with the committed data/incidents. Exits 1 naming each differing
// file; exits 0 with a note when the raw data is absent, as on a fresh clone.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { differingScoringFiles, scoringSharedDataDir } from '../build-scoring-pack';
import { buildIncidentPack, committedIncidentDir } from './build-incident-pack';

const sharedDir = scoringSharedDataDir();
if (!existsSync(join(sharedDir, 'incidents'))) {
  console.log(`data:check (incidents) skipped: no raw data in ${sharedDir} (set SHARED_DATA_DIR to check the pack).`);
} else {
  const outDir = mkdtempSync(join(tmpdir(), 'riskatlas-incidents-'));
  try {
    buildIncidentPack({ sharedDir, outDir });
    const differing = differingScoringFiles(committedIncidentDir, outDir);
    if (differing.length > 0) {
      for (const name of differing) console.error(`data:check: data/incidents/${name} differs from a fresh build`);
      console.error('Run `npm run data:build` and commit data/incidents.');
      process.exitCode = 1;
    } else {
      console.log('data:check: data/incidents matches a fresh build byte for byte.');
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
