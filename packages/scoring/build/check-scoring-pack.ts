// The scoring half of `npm run data:check`: rebuilds the scoring pack into a temporary directory and
// compares it byte for byte with the committed data/scoring. Exits 1 naming each differing file;
// exits 0 with a note when the raw data is absent, as on a fresh clone.
import { buildScoringPack, committedScoringDir } from './build-scoring-pack';
import { checkRebuiltPack } from './check-rebuilt';

checkRebuiltPack({ name: 'scoring', committedDir: committedScoringDir, rawMarker: 'ucr', build: (sharedDir, outDir) => buildScoringPack({ sharedDir, outDir }) });
