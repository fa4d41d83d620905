/**
 * The bulk import's flags and names (the import option flags, the error, warning and status
 * names) and the rules over them that the server and the Import Sites page share. The spec names
 * the errors, warnings and statuses but gives no numbers: each is one bit, in the order the spec
 * lists them (decision 0023), so a row's errorFlags, warningFlags and statusFlags carry every one
 * that applies.
 */

/** updateFlags: what importing a row that matches an existing site changes on that site. */
export const UpdateFlag = {
  ReplaceSiteName: 1,
  ReplaceNotes: 2,
  ReplaceTags: 4,
  AppendTags: 8,
  ReplaceClassifications: 16,
  ReplaceAddress: 32,
  ReplaceGeocode: 64,
  AppendNotes: 128,
  ReplaceExternalId: 256,
  /** The matched site's report of the current release is deleted (and, in batch mode, made again). */
  DeleteExistingReport: 65536,
} as const;
export type UpdateFlag = (typeof UpdateFlag)[keyof typeof UpdateFlag];

/** Every update flag set: the most updateFlags may hold. */
export const ALL_UPDATE_FLAGS = Object.values(UpdateFlag).reduce((all, flag) => all | flag, 0);

/**
 * geocoderFlags: how a row is geocoded and matched. The matching bits are 128 (by name), 256 (by
 * address), 512 (both must agree): 128 name, 256 address, 384 name OR address, 896 name AND
 * address, 0 no matching.
 */
export const GeocoderFlag = {
  AcceptFirstCandidate: 2,
  ForceZipLevelPrecision: 8,
  /** The row's coordinates are the user's (capDefined): they are kept, not geocoded. */
  UserDefined: 64,
  MatchByName: 128,
  MatchByAddress: 256,
  MatchByNameOrAddress: 384,
  MatchByNameAndAddress: 896,
} as const;
export type GeocoderFlag = (typeof GeocoderFlag)[keyof typeof GeocoderFlag];

/** The matching bits of geocoderFlags. */
export const MATCHING_FLAGS_MASK = 896;

/** What POST sites/import/queue/changeoptions keeps of a row's geocoderFlags before the new matching bits are set: the row's flags are masked with -897. */
export const CHANGE_OPTIONS_MASK = -897;

/** How a row is matched against the account's sites and the queue. */
export type MatchingMode = 'none' | 'name' | 'address' | 'nameOrAddress' | 'nameAndAddress';

/** The matching mode of a geocoderFlags value. */
export function matchingModeOf(geocoderFlags: number): MatchingMode {
  switch (geocoderFlags & MATCHING_FLAGS_MASK) {
    case GeocoderFlag.MatchByName:
      return 'name';
    case GeocoderFlag.MatchByAddress:
      return 'address';
    case GeocoderFlag.MatchByNameOrAddress:
      return 'nameOrAddress';
    case GeocoderFlag.MatchByNameAndAddress:
      return 'nameAndAddress';
    default:
      return 'none';
  }
}

/** A row's geocoderFlags with new matching bits (POST sites/import/queue/changeoptions): the other bits are kept. */
export function withMatchingFlags(geocoderFlags: number, matchingFlags: number): number {
  return (geocoderFlags & CHANGE_OPTIONS_MASK) | (matchingFlags & MATCHING_FLAGS_MASK);
}

/** The import error names, in the product's order: bit i is 2^i. */
export const IMPORT_ERROR_NAMES = [
  'CountryNotAvailable',
  'CountryNotLicensed',
  'ZipCodeTooLong',
  'ZipCodeRequired',
  'DuplicateNameFound',
  'SiteNameAlreadyExists',
  'StreetAddressRequired',
  'CityRequired',
  'StateRequired',
  'GeocodingFailed',
  'MultipleCandidatesFound',
  'SiteNameRequired',
  'CountryRequired',
  'ScoringFailed',
  'GeocodeInvalid',
  'NotScorable',
  'GeocodeOutsideCountry',
  'MultipleMatchesFound',
  'SiteHasMultipleMatchesInQueue',
  'SiteHasReportInCurrentReleaseYear',
  'SiteHasMovedTooFar',
  'MatchIsInWrongCountry',
] as const;
export type ImportErrorName = (typeof IMPORT_ERROR_NAMES)[number];

/** The import warning names, in the product's order: bit i is 2^i. */
export const IMPORT_WARNING_NAMES = ['SiteAlreadyExists', 'DuplicateSiteInQueue', 'MatchingSiteDoesNotMatchLocation', 'ClassificationNotFound', 'GeocodingFailedButMatchFound'] as const;
export type ImportWarningName = (typeof IMPORT_WARNING_NAMES)[number];

/**
 * The import status names. NotProcessed is 0 (a row being validated has no flags);
 * the others are bits in the order listed: Processed 1, Ready 2, Import 4, Rescore 8, Attachment 16,
 * Warning 32, Error 64, WillUpdateAddress 128, WillKeepGeocode 256.
 */
export const IMPORT_STATUS_NAMES = ['NotProcessed', 'Processed', 'Ready', 'Import', 'Rescore', 'Attachment', 'Warning', 'Error', 'WillUpdateAddress', 'WillKeepGeocode'] as const;
export type ImportStatusName = (typeof IMPORT_STATUS_NAMES)[number];

/** An error's bit in errorFlags. */
export const importErrorBit = (name: ImportErrorName): number => 2 ** IMPORT_ERROR_NAMES.indexOf(name);
/** A warning's bit in warningFlags. */
export const importWarningBit = (name: ImportWarningName): number => 2 ** IMPORT_WARNING_NAMES.indexOf(name);
/** A status's bit in statusFlags (NotProcessed is 0). */
export const importStatusBit = (name: ImportStatusName): number => (name === 'NotProcessed' ? 0 : 2 ** (IMPORT_STATUS_NAMES.indexOf(name) - 1));

/** The error names set in errorFlags, in the spec's order. */
export const importErrorsOf = (errorFlags: number): ImportErrorName[] => IMPORT_ERROR_NAMES.filter((name) => (errorFlags & importErrorBit(name)) !== 0);
/** The warning names set in warningFlags, in the spec's order. */
export const importWarningsOf = (warningFlags: number): ImportWarningName[] => IMPORT_WARNING_NAMES.filter((name) => (warningFlags & importWarningBit(name)) !== 0);
/** The status names set in statusFlags; ['NotProcessed'] for 0. */
export const importStatusesOf = (statusFlags: number): ImportStatusName[] =>
  statusFlags === 0 ? ['NotProcessed'] : IMPORT_STATUS_NAMES.filter((name) => name !== 'NotProcessed' && (statusFlags & importStatusBit(name)) !== 0);

/**
 * How far (km) a row's point may lie from the site it matches: farther is the warning
 * MatchingSiteDoesNotMatchLocation, and SiteHasMovedTooFar when the row would move a site that
 * has reports (updateFlags 32 or 64).
 */
export const SITE_MOVED_TOO_FAR_KM = 10;

/** Each error in words, for the status detail, the status text and 'Download rows with issues'. */
export const IMPORT_ERROR_TEXT: Readonly<Record<ImportErrorName, string>> = {
  CountryNotAvailable: 'The country is not one we cover (USA, Canada, Mexico, Puerto Rico, United Kingdom).',
  CountryNotLicensed: 'The account is not licensed for sites and reports in this country. Ask your account administrator, or remove the row.',
  ZipCodeTooLong: 'The zip/post code is too long.',
  ZipCodeRequired: 'A zip/post code is required for this country.',
  DuplicateNameFound: 'Another row of this file has the same site name.',
  SiteNameAlreadyExists: 'Another site in the account already has this name.',
  StreetAddressRequired: 'A street address is required.',
  CityRequired: 'A city is required.',
  StateRequired: 'A state or province is required.',
  GeocodingFailed: 'The address could not be geocoded. Correct the address or give coordinates.',
  MultipleCandidatesFound: 'The address matches several places. Choose one.',
  SiteNameRequired: 'Site Name is required.',
  CountryRequired: 'A country is required.',
  ScoringFailed: 'The location could not be scored.',
  GeocodeInvalid: 'The coordinates are not valid: latitude -90 to 90 (not 0), longitude -180 to 180.',
  NotScorable: 'The location is not scorable. Please verify coordinates and try again.',
  GeocodeOutsideCountry: 'The coordinates lie outside the row’s country.',
  MultipleMatchesFound: 'Several sites of the account match this row. Choose one, or import it as a new site.',
  SiteHasMultipleMatchesInQueue: 'Other rows of the queue match the same site. Keep one of them.',
  SiteHasReportInCurrentReleaseYear: 'The matching site already has a report for the current release, and this row would change its address or map location. Choose “delete existing report” in the import options to score it again where it now is, or keep its address and location.',
  SiteHasMovedTooFar: `The row’s location is more than ${SITE_MOVED_TOO_FAR_KM} km from the matching site, which has reports: its address and geocode cannot be replaced. Correct the address, or import the row as a new site.`,
  MatchIsInWrongCountry: 'The matching site is in another country.',
};

/** Each warning in words. */
export const IMPORT_WARNING_TEXT: Readonly<Record<ImportWarningName, string>> = {
  SiteAlreadyExists: 'A site of the account matches this row: it will be updated, not created.',
  DuplicateSiteInQueue: 'Another row of the queue looks like the same site.',
  MatchingSiteDoesNotMatchLocation: 'The matching site lies far from this row’s address.',
  ClassificationNotFound: 'A classification of this row does not exist in the account: it is left out when the row is imported.',
  GeocodingFailedButMatchFound: 'The address could not be geocoded, but it matches an existing site, whose location is kept.',
};

/** The location statuses in words: what a row that updates a site does to the site's address and map point. */
export const IMPORT_LOCATION_STATUS_TEXT = {
  WillUpdateAddress: 'The matching site’s address will be replaced by this row’s address.',
  WillKeepGeocode: 'The matching site keeps its map location: its geocode is not replaced.',
} as const satisfies Partial<Record<ImportStatusName, string>>;

/** Most rows one user's import queue holds: processing a file that would take it past this is refused. */
export const IMPORT_QUEUE_MAX_ROWS = 100_000;

/** The six entries of the queue's filter, each a bit of selectionMode; all on by default. */
export const ImportQueueFilter = {
  ReadyToImport: 1,
  ReadyToRescore: 2,
  ReadyToAttach: 4,
  ContainsWarning: 8,
  Validating: 16,
  IssueFound: 32,
} as const;
export type ImportQueueFilter = (typeof ImportQueueFilter)[keyof typeof ImportQueueFilter];

/** Every filter entry on. */
export const ALL_IMPORT_QUEUE_FILTERS = 63;

/** The filter entries' labels, as the page shows them. */
export const IMPORT_QUEUE_FILTER_LABELS: Readonly<Record<keyof typeof ImportQueueFilter, string>> = {
  ReadyToImport: 'Ready To Import',
  ReadyToRescore: 'Ready To Rescore',
  ReadyToAttach: 'Ready To Attach',
  ContainsWarning: 'Contains Warning',
  Validating: 'Validating',
  IssueFound: 'Issue Found',
};

/** Which filter entry a row falls under (one): errors first, then validating, warnings, then what it is ready for. */
export function importQueueFilterOf(row: { statusFlags: number; errorFlags: number; warningFlags: number }): ImportQueueFilter {
  if (row.errorFlags !== 0 || (row.statusFlags & importStatusBit('Error')) !== 0) return ImportQueueFilter.IssueFound;
  if (row.statusFlags === 0) return ImportQueueFilter.Validating;
  if (row.warningFlags !== 0 || (row.statusFlags & importStatusBit('Warning')) !== 0) return ImportQueueFilter.ContainsWarning;
  if ((row.statusFlags & importStatusBit('Rescore')) !== 0) return ImportQueueFilter.ReadyToRescore;
  if ((row.statusFlags & importStatusBit('Attachment')) !== 0) return ImportQueueFilter.ReadyToAttach;
  return ImportQueueFilter.ReadyToImport;
}

/** The row action button a queue row shows, or null when none is offered (statusFlags 0 or an update pending). */
export type ImportRowAction = 'Resolve Candidates' | 'Resolve Matches' | 'See Matching Site' | 'See Existing Site(s)' | 'See Existing Site';

/** Which action button a queue row shows. */
export function importRowActionOf(row: { statusFlags: number; errorFlags: number; warningFlags: number; pendingUpdate: boolean; siteId: number | null }): ImportRowAction | null {
  if (row.statusFlags === 0 || row.pendingUpdate) return null;
  const error = (name: ImportErrorName) => (row.errorFlags & importErrorBit(name)) !== 0;
  const warning = (name: ImportWarningName) => (row.warningFlags & importWarningBit(name)) !== 0;
  if (error('MultipleCandidatesFound')) return 'Resolve Candidates';
  if (error('MultipleMatchesFound')) return 'Resolve Matches';
  if (error('SiteHasMultipleMatchesInQueue')) return 'See Existing Site(s)';
  if (error('SiteNameAlreadyExists')) return 'See Existing Site';
  if (row.siteId !== null || warning('SiteAlreadyExists') || warning('MatchingSiteDoesNotMatchLocation')) return 'See Matching Site';
  return null;
}
