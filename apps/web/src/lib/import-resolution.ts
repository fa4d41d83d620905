import type { LatLng } from '@riskatlas/domain';

/** A place an import row's address may be, as the Map page marks it. */
interface ResolutionCandidate {
  /** Its index in the row's geoCandidates (what the queue's edit call takes). */
  index: number;
  label: string;
  latitude: number;
  longitude: number;
}

/** An existing site an import row matches, as the Map page lists it. */
interface ResolutionMatch {
  siteId: number;
  siteName: string;
  address: string;
  /** Where the site is (null when it has no point): the Map page opens framed on the matches. */
  latitude: number | null;
  longitude: number | null;
}

/** What the user chose on the Map page for the row. */
export type ResolutionChoice = { candidateIndex: number } | { pin: LatLng } | { matchSiteId: number | null };

/**
 * An import queue row being resolved on the Map page (each row action opens the Map
 * page with the row's candidates or matching sites; a candidate or a clicked pin may be chosen).
 * `resolve` sends the choice to the queue (the Import Sites page supplies it, so the Map page
 * needs nothing of the import's API).
 */
export interface ImportResolution {
  queuedSiteId: number;
  rowNumber: number;
  siteName: string;
  address: string;
  candidates: readonly ResolutionCandidate[];
  matches: readonly ResolutionMatch[];
  resolve: (choice: ResolutionChoice) => Promise<void>;
}

let pending: ImportResolution | null = null;

/** Leaves a row for the Map page to resolve (a newer one replaces one never finished). */
export function startImportResolution(resolution: ImportResolution): void {
  pending = resolution;
}

/** The row waiting to be resolved on the Map page, or null. */
export function currentImportResolution(): ImportResolution | null {
  return pending;
}

/** Ends the resolution (chosen or given up). */
export function endImportResolution(): void {
  pending = null;
}

/**
 * The points the Map page opens framed on for a row: its numbered candidates, else the matching
 * sites that have a point (none: the page keeps its usual view).
 */
export function resolutionFocus(resolution: Pick<ImportResolution, 'candidates' | 'matches'>): LatLng[] {
  if (resolution.candidates.length > 0) return resolution.candidates.map(({ latitude, longitude }) => ({ latitude, longitude }));
  return resolution.matches.flatMap(({ latitude, longitude }) => (latitude === null || longitude === null ? [] : [{ latitude, longitude }]));
}
