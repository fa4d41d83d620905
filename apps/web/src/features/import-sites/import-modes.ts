import { GeocoderFlag, UpdateFlag, type MatchingMode, type TImportProcessQuery } from '@riskatlas/domain';

/** The Import Sites page's modes: 0 the queue, 1 upload and column matching, 1.5 the example, 2 the options. */
export type ImportMode = 0 | 1 | 1.5 | 2;

/** The page title of a mode, as the page shows it; mode 1 reads 'Match Columns' once a file is there. */
export function importPageTitle(mode: ImportMode, hasFile: boolean): string {
  if (mode === 0) return 'Create Multiple Reports / Sites';
  if (mode === 1) return hasFile ? 'Match Columns' : 'Import Site File';
  if (mode === 1.5) return 'Review Import Example';
  return 'Select Import Options';
}

/** What the options step asks, before it becomes the process call's query. */
export interface ImportOptions {
  matching: MatchingMode;
  updateFlags: number;
  useFileCoordinates: boolean;
  forceZipLevelPrecision: boolean;
  acceptFirstCandidate: boolean;
  emailWhenProcessingComplete: boolean;
}

/** The options a first import starts with: match by name or address; a match gets the file's address and geocode, tags appended. */
export const DEFAULT_IMPORT_OPTIONS: ImportOptions = {
  matching: 'nameOrAddress',
  updateFlags: UpdateFlag.ReplaceAddress | UpdateFlag.ReplaceGeocode | UpdateFlag.AppendTags,
  useFileCoordinates: true,
  forceZipLevelPrecision: false,
  acceptFirstCandidate: false,
  emailWhenProcessingComplete: false,
};

/** The geocoderFlags matching bits of each matching mode. */
export const MATCHING_FLAGS: Readonly<Record<MatchingMode, number>> = {
  none: 0,
  name: GeocoderFlag.MatchByName,
  address: GeocoderFlag.MatchByAddress,
  nameOrAddress: GeocoderFlag.MatchByNameOrAddress,
  nameAndAddress: GeocoderFlag.MatchByNameAndAddress,
};

/** The matching modes as the options step offers them. */
export const MATCHING_LABELS: Readonly<Record<MatchingMode, string>> = {
  nameOrAddress: 'By name or address',
  nameAndAddress: 'By name and address',
  name: 'By name',
  address: 'By address',
  none: 'No matching: every row is a new site',
};

/**
 * The update flags the options step offers, in its order. Replace and append of one field exclude
 * each other (tags 4/8, notes 2/128): choosing one clears the other.
 */
export const UPDATE_CHOICES: ReadonlyArray<{ flag: number; label: string; excludes?: number }> = [
  { flag: UpdateFlag.ReplaceSiteName, label: 'Replace the site name' },
  { flag: UpdateFlag.ReplaceAddress, label: 'Replace the address' },
  { flag: UpdateFlag.ReplaceGeocode, label: 'Replace the location (geocode)' },
  { flag: UpdateFlag.ReplaceNotes, label: 'Replace notes', excludes: UpdateFlag.AppendNotes },
  { flag: UpdateFlag.AppendNotes, label: 'Append notes', excludes: UpdateFlag.ReplaceNotes },
  { flag: UpdateFlag.ReplaceTags, label: 'Replace tags', excludes: UpdateFlag.AppendTags },
  { flag: UpdateFlag.AppendTags, label: 'Append tags', excludes: UpdateFlag.ReplaceTags },
  { flag: UpdateFlag.ReplaceClassifications, label: 'Replace classifications' },
  { flag: UpdateFlag.ReplaceExternalId, label: 'Replace the external ID' },
  { flag: UpdateFlag.DeleteExistingReport, label: "Delete the matching site's report of the current release" },
];

/** updateFlags with one choice turned on or off (turning one on clears the one it excludes). */
export function toggleUpdateFlag(updateFlags: number, flag: number, on: boolean): number {
  if (!on) return updateFlags & ~flag;
  const excludes = UPDATE_CHOICES.find((choice) => choice.flag === flag)?.excludes ?? 0;
  return (updateFlags & ~excludes) | flag;
}

/** The query of POST sites/import/file/process for the options chosen. */
export function processQueryOf(options: ImportOptions, hasHeader: boolean): TImportProcessQuery {
  return {
    hasHeader,
    matchingFlags: MATCHING_FLAGS[options.matching],
    updateFlags: options.updateFlags,
    capDefined: options.useFileCoordinates,
    forceZipLevelPrecision: options.forceZipLevelPrecision,
    acceptFirstCandidate: options.acceptFirstCandidate,
    emailWhenProcessingComplete: options.emailWhenProcessingComplete,
  };
}

/** Said when a job of the import (processing, importing) is still running after the 20 minutes it is followed for. */
export const IMPORT_TIMED_OUT = 'It is still running after 20 minutes; its result will appear under Notifications when it is ready.';

/** The import's jobs (processing a file, importing the queue) are followed every 2.5 s. */
export const IMPORT_POLL_MS = 2500;
