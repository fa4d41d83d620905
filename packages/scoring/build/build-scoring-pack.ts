// The scoring half of `npm run data:build`: turns the raw crime, population and incident data
// (../shared/data, or SHARED_DATA_DIR) into data/scoring/, using the committed geo pack to place
// agencies and areas. Deterministic: rows sorted, fixed decimals, no timestamps.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadGazetteer } from '@riskatlas/geo';
import {
  AGENCIES_COLUMNS,
  AGENCY_YEARS_COLUMNS,
  AREA_RATES_COLUMNS,
  AREAS_COLUMNS,
  GB_LOCAL_AUTHORITIES_COLUMNS,
  GB_OUTCODES_COLUMNS,
  INCIDENT_CELLS_COLUMNS,
  INCIDENT_SETS_COLUMNS,
  PREDICTORS_COLUMNS,
  PROJECTION_COLUMNS,
  LOCAL_SPREADS_COLUMNS,
  SCORING_FILES,
  SETTLEMENTS_COLUMNS,
  tsvFile,
  tsvLine,
} from '../src/pack/format';
import { buildScoringModel } from '../src/model/build-model';
import { COMBINATION_COLUMNS, combinationRows } from '../src/model/combination';
import { readScoringTables } from '../src/pack/read-tables';
import { fitCombination } from './fit/fit-combination';
import { FOLDS } from './fit/out-of-fold';
import { LOCAL_SPREAD_INPUTS, localSpreadRows } from './spreads/local-spreads';
import { projectionPackRows } from '../validation/projection-choice';
import { buildIncidentsPart } from './incidents/build-incidents';
import { buildIntlPart } from './intl/build-intl';
import { buildUsPart } from './us/build-us';
import { usSettlementRows } from './us/settlements';
import type { PackRow, ScoringBuildContext, ScoringBuildPart } from './types';

/** The repository root (packages/scoring/build → ../../..). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the committed scoring pack lives. */
export const committedScoringDir = join(repoRoot, 'data/scoring');

/** The raw public data: env SHARED_DATA_DIR, else <repo>/../shared/data. */
export function scoringSharedDataDir(): string {
  return process.env.SHARED_DATA_DIR ? resolve(process.env.SHARED_DATA_DIR) : resolve(repoRoot, '../shared/data');
}

/** The scoring pack's manifest. */
export interface ScoringManifest {
  formatVersion: number;
  files: Array<{ name: string; bytes: number; sha256: string; records: number }>;
  notes: Record<string, number>;
  inputs: Array<{ path: string; sha256: string }>;
}

/** Bumped whenever a table's columns or meaning change. */
export const SCORING_FORMAT_VERSION = 1;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function sortedRows(rows: readonly PackRow[]): PackRow[] {
  const keyed = rows.map((row) => ({ row, line: tsvLine(row) }));
  keyed.sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
  for (let index = 1; index < keyed.length; index++) {
    if (keyed[index]!.line === keyed[index - 1]!.line) throw new Error(`Duplicate scoring pack row: ${keyed[index]!.line}`);
  }
  return keyed.map((entry) => entry.row);
}

/** Writes one TSV table of a pack and answers its manifest entry (name, bytes, sha256, records). */
export function writePackTable(outDir: string, name: string, columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): { name: string; bytes: number; sha256: string; records: number } {
  const text = tsvFile(columns, rows);
  writeFileSync(join(outDir, name), text);
  return { name, bytes: Buffer.byteLength(text), sha256: sha256(text), records: rows.length };
}

/** Builds the scoring pack into outDir from the raw data in sharedDir and the geo pack in geoPackDir. */
export function buildScoringPack(options: { sharedDir: string; outDir: string; geoPackDir?: string; log?: (line: string) => void }): ScoringManifest {
  const log = options.log ?? (() => {});
  const context: ScoringBuildContext = { sharedDir: options.sharedDir, gazetteer: loadGazetteer(options.geoPackDir), log };
  const parts: ScoringBuildPart[] = [buildUsPart(context), buildIntlPart(context), buildIncidentsPart(context)];
  const gather = (pick: (part: ScoringBuildPart) => PackRow[] | undefined) => sortedRows(parts.flatMap((part) => pick(part) ?? []));
  const tables: Array<[string, readonly string[], PackRow[]]> = [
    [SCORING_FILES.areas, AREAS_COLUMNS, gather((part) => part.areas)],
    [SCORING_FILES.areaRates, AREA_RATES_COLUMNS, gather((part) => part.areaRates)],
    [SCORING_FILES.agencies, AGENCIES_COLUMNS, gather((part) => part.agencies)],
    [SCORING_FILES.agencyYears, AGENCY_YEARS_COLUMNS, gather((part) => part.agencyYears)],
    [SCORING_FILES.predictors, PREDICTORS_COLUMNS, gather((part) => part.predictors)],
    [SCORING_FILES.gbLocalAuthorities, GB_LOCAL_AUTHORITIES_COLUMNS, gather((part) => part.gbLocalAuthorities)],
    [SCORING_FILES.gbOutcodes, GB_OUTCODES_COLUMNS, gather((part) => part.gbOutcodes)],
    [SCORING_FILES.incidentSets, INCIDENT_SETS_COLUMNS, gather((part) => part.incidentSets)],
    [SCORING_FILES.incidentCells, INCIDENT_CELLS_COLUMNS, gather((part) => part.incidentCells)],
    [SCORING_FILES.settlements, SETTLEMENTS_COLUMNS, sortedRows(usSettlementRows())],
  ];
  rmSync(options.outDir, { recursive: true, force: true });
  mkdirSync(options.outDir, { recursive: true });
  const files: ScoringManifest['files'] = [];
  for (const [name, columns, rows] of tables) files.push(writePackTable(options.outDir, name, columns, rows));
  // Tables derived from the ones just written: the projection backtest runs on their area rates (so
  // the model's projection rules are reproducible from the pack alone), and the measured non-US
  // spreads are compared with the US spreads the model derives from them.
  const written = readScoringTables(options.outDir);
  const usModel = buildScoringModel(written);
  const derived: Array<[string, readonly string[], PackRow[]]> = [
    [SCORING_FILES.projection, PROJECTION_COLUMNS, projectionPackRows(written)],
    [SCORING_FILES.localSpreads, LOCAL_SPREADS_COLUMNS, sortedRows(localSpreadRows(options.sharedDir, written, { local: usModel.localSpread, state: usModel.stateSpread }))],
  ];
  for (const [name, columns, rows] of derived) {
    files.push(writePackTable(options.outDir, name, columns, rows));
  }
  // Methodology 2's combination and the bands' calibration are fitted on the tables just written
  // (county-grouped cross-validation, deterministic), and stored beside them.
  const fitted = fitCombination(readScoringTables(options.outDir), FOLDS).combination;
  const combinationText = tsvFile(COMBINATION_COLUMNS, combinationRows(fitted));
  writeFileSync(join(options.outDir, SCORING_FILES.combination), combinationText);
  files.push({ name: SCORING_FILES.combination, bytes: Buffer.byteLength(combinationText), sha256: sha256(combinationText), records: combinationRows(fitted).length });
  const notes: Record<string, number> = {};
  for (const part of parts) for (const [key, value] of Object.entries(part.notes)) notes[key] = value;
  const inputs = [...new Set([...parts.flatMap((part) => part.inputs), ...LOCAL_SPREAD_INPUTS])].sort().map((path) => ({ path, sha256: sha256(readFileSync(join(options.sharedDir, path))) }));
  const manifest: ScoringManifest = { formatVersion: SCORING_FORMAT_VERSION, files, notes: Object.fromEntries(Object.entries(notes).sort(([a], [b]) => (a < b ? -1 : 1))), inputs };
  writeFileSync(join(options.outDir, SCORING_FILES.manifest), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** Names of the files that differ between two scoring pack directories (missing or extra included). */
export function differingScoringFiles(expectedDir: string, actualDir: string): string[] {
  const list = (dir: string) => { try { return readdirSync(dir); } catch { return []; } };
  const names = [...new Set([...list(expectedDir), ...list(actualDir)])].sort();
  return names.filter((name) => {
    try {
      return !readFileSync(join(expectedDir, name)).equals(readFileSync(join(actualDir, name)));
    } catch {
      return true;
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sharedDir = scoringSharedDataDir();
  if (!existsSync(join(sharedDir, 'ucr'))) {
    console.error(`No raw data in ${sharedDir}: set SHARED_DATA_DIR.`);
    process.exit(1);
  }
  const manifest = buildScoringPack({ sharedDir, outDir: committedScoringDir, log: (line) => console.log(line) });
  for (const file of manifest.files) console.log(`data/scoring/${file.name}: ${file.records} rows, ${file.bytes} bytes`);
}
