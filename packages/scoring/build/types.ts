import type { Gazetteer } from '@riskatlas/geo';

/** A row of a scoring pack table: its fields in the table's column order. */
export type PackRow = ReadonlyArray<string | number>;

/** What each part of the scoring build is given. */
export interface ScoringBuildContext {
  /** The raw public data directory (../shared/data or SHARED_DATA_DIR). */
  sharedDir: string;
  /** The committed geo pack, loaded: places, postal areas, counties, density. */
  gazetteer: Gazetteer;
  /** Progress and data-quality lines (counts matched, dropped, …). */
  log: (line: string) => void;
}

/**
 * Rows one part of the build contributes to the scoring pack, each table's rows in the column
 * order of packages/scoring/src/pack/format.ts. The orchestrator merges the parts, sorts every
 * table and writes it; a part never writes files itself.
 */
export interface ScoringBuildPart {
  areas: PackRow[];
  areaRates: PackRow[];
  agencies?: PackRow[];
  agencyYears?: PackRow[];
  predictors?: PackRow[];
  gbLocalAuthorities?: PackRow[];
  gbOutcodes?: PackRow[];
  incidentSets?: PackRow[];
  incidentCells?: PackRow[];
  /** The raw files read, relative to sharedDir (their sha256 goes into the manifest). */
  inputs: string[];
  /** Data-quality figures for the manifest and docs/methodology.md (e.g. agenciesUnmatched). */
  notes: Record<string, number>;
}
