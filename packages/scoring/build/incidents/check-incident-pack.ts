// The incidents part of `npm run data:check`: rebuilds the incident pack into a temporary directory
// and compares it byte for byte with the committed data/incidents. Exits 1 naming each differing
// file; exits 0 with a note when the raw data is absent, as on a fresh clone.
import { checkRebuiltPack } from '../check-rebuilt';
import { buildIncidentPack, committedIncidentDir } from './build-incident-pack';

checkRebuiltPack({ name: 'incidents', committedDir: committedIncidentDir, rawMarker: 'incidents', build: (sharedDir, outDir) => buildIncidentPack({ sharedDir, outDir }) });
