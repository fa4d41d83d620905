import { z } from 'zod';
import { ALL_IMPORT_QUEUE_FILTERS, ALL_UPDATE_FLAGS } from '../rules/import-flags';
import { ZTimestamp } from './common';
import { labelled, zId, zIdList, zIdParam, zNumber, zQueryBool, zText, zWholeNumber, zWholeNumberParam } from './fields';
import { ZGeocodeCandidate } from './geo';
import { ZAddOnProductId, ZMethodologyTypeIds, ZReleaseYearRequest, ZReportType } from './reports';

/**
 * The bulk import contract (the Import Sites page, the queued import site, the import flow and
 * its calls): a file is uploaded, its columns mapped to the site fields, processed into the
 * caller's import queue (a durable job), worked row by row, then submitted to the account.
 * The flags and names are in rules/import-flags.ts.
 */

/** Largest upload accepted, in bytes. */
export const IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Most rows one file may hold (the queue holds at most this many rows per user). */
export const IMPORT_MAX_ROWS = 100_000;
/** The most rows one window of the queue (GET sites/import/queue with limit) answers. */
export const IMPORT_QUEUE_WINDOW_MAX = 1000;
/** Longest cell kept, in characters: a longer cell is cut to this length and the file's warnings name its row and column. */
export const IMPORT_MAX_CELL_CHARS = 4_000;

/** The site fields a file column may be matched to: each at most once. */
export const IMPORT_FIELDS = ['siteName', 'street', 'street2', 'city', 'state', 'zipCode', 'countryCode', 'latitude', 'longitude', 'tags', 'classifications', 'notes', 'externalId'] as const;
export const ZImportField = z.enum(IMPORT_FIELDS, labelled('Field')).describe('The site field a column fills');
export type TImportField = z.infer<typeof ZImportField>;

/** The fields' labels, as the mapping step and the queue grid show them (the external id's label is the account's). */
export const IMPORT_FIELD_LABELS: Readonly<Record<TImportField, string>> = {
  siteName: 'Site Name',
  street: 'Street',
  street2: 'Street 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip/Post Code',
  countryCode: 'Country',
  latitude: 'Latitude',
  longitude: 'Longitude',
  tags: 'Tags',
  classifications: 'Classifications',
  notes: 'Notes',
  externalId: 'External ID',
};

/** One column of the uploaded file matched (or not) to a field. */
export const ZImportColumnMapping = z.object({
  columnIndex: zWholeNumber('Column index', 0, 999).describe('0-based position of the column in the file'),
  field: ZImportField.nullable().describe('The field it fills; null = the column is not imported'),
});
export type TImportColumnMapping = z.infer<typeof ZImportColumnMapping>;

/** A mapping: at most one column per field (a second match is refused with ImportMessages.fieldMatchedTwice). */
export const ZImportMapping = z.array(ZImportColumnMapping, labelled('Mapping')).max(1000).describe('Which column fills which field');
export type TImportMapping = z.infer<typeof ZImportMapping>;

/** A column of the uploaded file, as the mapping step shows it. */
export const ZImportColumn = z.object({
  columnIndex: z.number().int().min(0),
  name: z.string().describe('The header cell, or "Column N" without a header row'),
  examples: z.array(z.string()).max(5).describe('The first values of the column (up to 5), for the example review (mode 1.5)'),
});
export type TImportColumn = z.infer<typeof ZImportColumn>;

/** Query of GET sites/import/file/columns. */
export const ZImportColumnsQuery = z.object({
  hasHeader: zQueryBool('Has header').optional().describe('true: the first row names the columns; absent: detected'),
});

/** Uploaded file info: GET sites/import/file/columns, and the answer of the upload. 404 when the caller has no file. */
export const ZImportFileInfo = z.object({
  warnings: z.array(z.string()).describe('What the reader noticed, in words (encoding guessed, rows with too many cells, columns without a header …)'),
  rowCount: z.number().int().min(0).describe('Data rows (the header row not counted)'),
  filename: z.string(),
  hasHeader: z.boolean().describe('Whether the first row is taken as the header (as asked, or as detected)'),
  columns: z.array(ZImportColumn),
  suggestedMappings: ZImportMapping.describe('Fields suggested from the header names (English, French, Spanish)'),
  mapping: ZImportMapping.nullable().describe('The mapping the caller last processed a file with the same headers with; null = none'),
});
export type TImportFileInfo = z.infer<typeof ZImportFileInfo>;

/** File status of the Import Sites page: 0 none, 1 uploading, 2 error, 3 ready with file info, -1 loading. */
export const ImportFileStatus = { Loading: -1, None: 0, Uploading: 1, Error: 2, Ready: 3 } as const;
export type ImportFileStatus = (typeof ImportFileStatus)[keyof typeof ImportFileStatus];

const updateFlags = zWholeNumberParam('Update flags', 0, ALL_UPDATE_FLAGS);
const matchingFlags = z.coerce
  .number(labelled('Matching flags'))
  .refine((value) => [0, 128, 256, 384, 896].includes(value), { message: 'Matching flags must be 0 (none), 128 (name), 256 (address), 384 (name or address) or 896 (name and address).' });

/** Query of POST sites/import/file/process. */
export const ZImportProcessQuery = z.object({
  hasHeader: zQueryBool('Has header').optional().describe('true: the first row is the header and is not imported'),
  emailWhenProcessingComplete: zQueryBool('E-mail when processing complete').optional(),
  capDefined: zQueryBool('User-defined coordinates').optional().describe('true: rows with coordinates keep them (geocoderFlags 64) instead of being geocoded'),
  matchingFlags: matchingFlags.optional().describe('0 none, 128 name, 256 address, 384 name or address, 896 name and address (default 384)'),
  updateFlags: updateFlags.optional().describe('What a matched site gets from its row (the updateFlags bits)'),
  forceZipLevelPrecision: zQueryBool('Force zip-level precision').optional(),
  acceptFirstCandidate: zQueryBool('Accept first candidate').optional(),
});
export type TImportProcessQuery = z.infer<typeof ZImportProcessQuery>;

/** Body of POST sites/import/file/process. */
export const ZImportProcessRequest = z.object({ mapping: ZImportMapping });
export type TImportProcessRequest = z.infer<typeof ZImportProcessRequest>;

/** Answer of a call that starts a job: its task (GET users/taskstatuses/{id}). */
export const ZImportTaskStarted = z.object({ taskStatusId: z.number().int() });
export type TImportTaskStarted = z.infer<typeof ZImportTaskStarted>;

/** A geocode candidate of a queued row: the public candidate shape. */
export const ZImportGeoCandidate = ZGeocodeCandidate;

/** Queued import site: a file row processed into the caller's queue. */
export const ZQueuedImportSite = z.object({
  queuedSiteId: z.number().int(),
  rowNumber: z.number().int().describe('The row of the file it came from (1 = the first data row)'),
  siteName: z.string(),
  statusFlags: z.number().int(),
  errorFlags: z.number().int(),
  warningFlags: z.number().int(),
  updateFlags: z.number().int(),
  geocoderFlags: z.number().int(),
  pendingUpdate: z.boolean().describe('An edit is being checked (statusFlags 0, "Validating")'),
  statusDescription: z.string().describe('The status in words'),
  street: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  countryCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  tags: z.string().describe("Joined with ';'"),
  classifications: z.string().describe("Classification names joined with ';'"),
  notes: z.string(),
  externalId: z.string(),
  incomingSiteId: z.number().int().nullable().describe('A site id the file gave'),
  siteId: z.number().int().nullable().describe('The existing site this row matches (updated on submit); null = a new site'),
  geocodePrecision: z.enum(['MANUAL', 'ADDRESS', 'POSTCODE', 'CITY', '']).describe("How the point was placed; '' = none"),
  geocodeSource: z.enum(['User Defined', 'Geocoded', 'None']).describe('The queue grid’s geocode source column'),
  geoCandidates: z.array(ZImportGeoCandidate),
});
export type TQueuedImportSite = z.infer<typeof ZQueuedImportSite>;

/** Answer of GET sites/import/queue: the rows, in row order. */
export const ZQueuedImportSiteList = z.array(ZQueuedImportSite);

/** Query of GET sites/import/queue. */
export const ZImportQueueQuery = z.object({
  asExcel: zQueryBool('As Excel').optional().describe('true: the rows as an .xlsx download'),
  selectionMode: zWholeNumberParam('Selection mode', 1, ALL_IMPORT_QUEUE_FILTERS).optional().describe('The filter entries shown, bits of ImportQueueFilter (default all: 63)'),
  issuesOnly: zQueryBool('Issues only').optional().describe("true with asExcel: 'Download rows with issues' — every row with an error or warning and its reason in words"),
  offset: zWholeNumberParam('Offset', 0, IMPORT_MAX_ROWS).optional().describe('With limit: the first row of the window, counted from 0 under the filter entries chosen'),
  limit: zWholeNumberParam('Limit', 1, IMPORT_QUEUE_WINDOW_MAX).optional().describe('A window of the rows instead of all of them: the answer is { total, offset, rows } (ZQueuedImportSiteWindow)'),
});

/** Answer of GET sites/import/queue with limit: a window of the rows and how many rows the filter entries hold in all (so a grid can size its scroll). */
export const ZQueuedImportSiteWindow = z.object({
  total: z.number().int().describe('Rows under the filter entries chosen'),
  offset: z.number().int(),
  rows: z.array(ZQueuedImportSite),
});
export type TQueuedImportSiteWindow = z.infer<typeof ZQueuedImportSiteWindow>;

/** Queue counts: the caller's rows by state. */
export const ZImportQueueCounts = z.object({
  total: z.number().int(),
  pending: z.number().int().describe('Rows being validated'),
  exceptions: z.number().int().describe('Rows with an error'),
  warnings: z.number().int().describe('Rows with a warning and no error'),
  complete: z.number().int().describe('Rows ready (import, rescore or attach)'),
  rescore: z.number().int(),
  import: z.number().int(),
  attach: z.number().int(),
  duplicateReports: z.number().int().describe('Ready rows whose matching site already has a report for the current release'),
});
export type TImportQueueCounts = z.infer<typeof ZImportQueueCounts>;

/** Path of GET sites/import/queue/{id} and /statusdetail/{id}. */
export const ZQueuedSiteParams = z.object({ id: zIdParam('Queued site id') });

/** A site the status detail names: a match in the account. */
export const ZImportMatch = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  similarity: z.number().min(0).max(1).describe('How alike the names/addresses are, 0 to 1 (1 = the same once normalised)'),
  distanceMeters: z.number().nullable().describe('From the row’s point to the site'),
  matchedBy: z.enum(['name', 'address', 'externalId', 'siteId']),
  visible: z.boolean().describe('false: the caller may not see this site (its name and address are withheld)'),
});
export type TImportMatch = z.infer<typeof ZImportMatch>;

/** GET sites/import/queue/statusdetail/{id}: why a row has its status. */
export const ZImportStatusDetail = z.object({
  queuedSiteId: z.number().int(),
  statusDescription: z.string(),
  statuses: z.array(z.string()).describe('Status names set'),
  errors: z.array(z.object({ name: z.string(), text: z.string() })),
  warnings: z.array(z.object({ name: z.string(), text: z.string() })),
  matches: z.array(ZImportMatch).describe('Sites of the account this row matches'),
  matchesMessage: z.string().nullable().describe('When some matching sites are not the caller\'s to see: ImportMessages.matchesNotVisible (or its single-site variant); null otherwise'),
  queueMatches: z.array(z.object({ queuedSiteId: z.number().int(), rowNumber: z.number().int(), siteName: z.string(), similarity: z.number() })).describe('Other queue rows that look like the same site'),
  geoCandidates: z.array(ZImportGeoCandidate),
});
export type TImportStatusDetail = z.infer<typeof ZImportStatusDetail>;

const text = (label: string, max = 500) => zText(label, { max }).optional();

/**
 * Body of POST sites/import/queue/edit: a row's fields as edited, or a resolution. The row becomes
 * pending 'Validating' with zero flags and is checked again.
 */
export const ZImportQueueEditRequest = z.object({
  queuedSiteId: zId('Queued site id'),
  siteName: text('Site Name', 200),
  street: text('Street'),
  street2: text('Street 2'),
  city: text('City', 200),
  state: text('State', 200),
  zipCode: text('Zip/Post Code', 40),
  countryCode: text('Country', 60),
  latitude: zNumber('Latitude', -90, 90).nullish(),
  longitude: zNumber('Longitude', -180, 180).nullish(),
  tags: text('Tags', 4000),
  classifications: text('Classifications', 4000),
  notes: text('Notes', 4000),
  externalId: text('External ID', 200),
  candidateIndex: zWholeNumber('Candidate', 0, 99).optional().describe("Choose the row's geocode candidate at this index"),
  pin: z.object({ latitude: zNumber('Latitude', -90, 90), longitude: zNumber('Longitude', -180, 180) }).optional().describe('Use a point clicked on the map (geocodePrecision MANUAL)'),
  matchSiteId: zId('Matching site id').nullable().optional().describe('Accept this matching site (it is updated on submit); null = remove the match (a new site is created)'),
  disableMatching: z.boolean().optional().describe('true: the row is not matched against the account or the queue'),
});
export type TImportQueueEditRequest = z.infer<typeof ZImportQueueEditRequest>;

/** Body of POST sites/import/queue/delete: deleteMode 1 every row with an issue, 2 every row, or the rows named. */
export const ZImportQueueDeleteRequest = z
  .object({
    deleteMode: z.union([z.literal(1), z.literal(2)], labelled('Delete mode')).optional(),
    queuedSiteIds: zIdList('Queued site id', { max: 100_000 }).optional(),
  })
  .refine((body) => body.deleteMode !== undefined || (body.queuedSiteIds?.length ?? 0) > 0, { message: 'There are no items selected.' });
export type TImportQueueDeleteRequest = z.infer<typeof ZImportQueueDeleteRequest>;

/** Answer of POST sites/import/queue/delete. */
export const ZImportQueueDeleted = z.object({ deleted: z.number().int() });

/** Body of POST sites/import/queue/changeoptions. */
export const ZImportChangeOptionsRequest = z.object({
  queuedSiteIds: zIdList('Queued site id', { max: 100_000 }).describe('The rows; empty = every row of the queue'),
  geocoderFlags: z.number().int().describe('Its matching bits (896) replace the rows’ (the rest are kept: masked with -897)'),
  updateFlags: zWholeNumber('Update flags', 0, ALL_UPDATE_FLAGS),
});
export type TImportChangeOptionsRequest = z.infer<typeof ZImportChangeOptionsRequest>;

/** Body of POST sites/import/queue/rescoreids: the rows (empty = every ready rescore row). */
export const ZImportRescoreIdsRequest = z.object({ queuedSiteIds: zIdList('Queued site id', { max: 100_000 }).optional() });

/** Answer of POST sites/import/queue/rescoreids. */
export const ZImportRescoreIds = z.object({
  siteIds: z.array(z.number().int()).describe('Existing sites the ready rows update'),
  siteIdsWithExistingReportsForDeletion: z.array(z.number().int()).describe('Of those, the ones with a report for the current release (deleted when updateFlags has 65536)'),
});
export type TImportRescoreIds = z.infer<typeof ZImportRescoreIds>;

/** Body of POST sites/import/queue/validatemethodologies. */
export const ZImportValidateMethodologiesRequest = z.object({
  releaseYears: z.array(ZReleaseYearRequest, labelled('Release years')).max(11),
  reportType: ZReportType.optional().describe('The report type the methodologies are for; absent = Premium, or Premium Plus for more than two'),
  methodologyTypeIds: ZMethodologyTypeIds,
});

export type TImportValidateMethodologiesRequest = z.infer<typeof ZImportValidateMethodologiesRequest>;

/** Answer of POST sites/import/queue/validatemethodologies. */
export const ZImportValidateMethodologies = z.object({ valid: z.boolean(), message: z.string().nullable() });

/** Query of POST sites/import/submit. */
export const ZImportSubmitQuery = z.object({
  includeWarnings: zQueryBool('Include warnings').optional().describe('true: rows with warnings are imported too'),
  batchMode: zQueryBool('Batch mode').optional().describe('true: reports are created for the imported sites as a batch (body: the report choice)'),
});

/** Body of POST sites/import/submit in batch mode: the report choice of the batch. */
export const ZImportSubmitRequest = z
  .object({
    reportType: ZReportType,
    methodologyTypeIds: ZMethodologyTypeIds.nullish(),
    addOnProducts: z.array(ZAddOnProductId, labelled('Add-on products')).max(5).nullish(),
    sendEmailNotification: z.boolean().optional(),
  })
  .partial({ reportType: true });
export type TImportSubmitRequest = z.infer<typeof ZImportSubmitRequest>;

/** What a submit did, in the task's detail and the answer of the job. */
export const ZImportSubmitResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int().describe('Rows left in the queue (errors, or warnings without includeWarnings)'),
  batchId: z.number().int().nullable(),
  batchMessage: z.string().nullable().describe('Batch mode: why the batch could not be created (the sites were imported); null otherwise'),
  finished: ZTimestamp.nullable(),
});
export type TImportSubmitResult = z.infer<typeof ZImportSubmitResult>;

/** The detail of a finished submit task: the message shown ('Row Import Complete!') and what was done, as JSON text. */
export const ZImportSubmitDetail = ZImportSubmitResult.extend({ message: z.string() });
export type TImportSubmitDetail = z.infer<typeof ZImportSubmitDetail>;

/** Reads a submit task's detail (null when it is not one). */
export function parseImportSubmitDetail(detail: string | null): TImportSubmitDetail | null {
  if (!detail) return null;
  try {
    const parsed = ZImportSubmitDetail.safeParse(JSON.parse(detail));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The import's messages, as users read them. */
export const ImportMessages = {
  fileNotProcessed: 'File could not be processed.',
  submitFailed: 'Sites could not be imported/updated.',
  uploadFailed: 'There was an error uploading the file or the file is of the wrong type.',
  queueDeleteFailed: 'Sites could not be deleted from the site queue.',
  itemsDeleteFailed: 'Items could not be deleted from the queue.',
  importComplete: 'Row Import Complete!',
  submitTaskTitle: 'Import sites',
  batchModeNeedsReportType: 'Please choose a report type for the reports of the imported sites.',
  nothingToSubmit: 'There are no rows ready to import.',
  candidateNotFound: 'That geocode candidate is no longer offered for this row.',
  matchNotFound: 'The matching site was not found.',
  validating: 'Validating',
  queuedSiteNotFound: 'The queue item was not found. It may have been imported or removed.',
  optionsNotSaved: 'Options could not be saved.',
  optionsUpdated: 'Options Updated!',
  noItemsSelected: 'There are no items selected.',
  noItemsWithIssues: 'There are no items that currently have issues.',
  matchesNotVisible: "You don't have permission to see the matching sites. Please ask your account administrator for assistance.",
  existingSitesNotVisible: "You don't have permission to see the existing sites. Please ask your account administrator for assistance.",
  existingSiteNotVisible: "You don't have permission to see the existing site. Please ask your account administrator for assistance.",
  confirmDelete: (count: number) => `Remove ${count} item(s) from the import queue? This cannot be undone.`,
  fieldMatchedTwice: (field: string, column: string) => `'${field}' is already matched to the column '${column}'. Each field can be matched to one column only.`,
  noFile: 'There is no uploaded file. Please upload a file first.',
  fileTooLarge: (maxBytes: number) => `The file is too large. Files may be at most ${Math.round(maxBytes / 1024 / 1024)} MB.`,
  emptyFile: 'The file is empty. Please upload a CSV, XLSX or XLS file with a header row and at least one site.',
  wrongType: (filename: string) => `'${filename}' is not a CSV, XLSX or XLS file. Please save it as CSV or XLSX and upload it again.`,
  legacyExcel: (filename: string) => `'${filename}' is an Excel 97-2003 workbook (.xls), which is not read for safety. Please save it as XLSX (Excel Workbook) or CSV and upload it again.`,
  workbookTooLarge: (maxBytes: number) => `The workbook is too large once unpacked (at most ${Math.round(maxBytes / 1024 / 1024)} MB). Please save it as CSV, or split it, and upload it again.`,
  tooManyRows: (max: number, count: number) => `The file has ${count} rows; a file may hold at most ${max}. Please split it and upload the parts one after another.`,
  tooManyRowsUncounted: (max: number) => `The file has more than ${max} rows; a file may hold at most ${max}. Please split it and upload the parts one after another.`,
  siteNameNotMapped: "Please match a column to 'Site Name'.",
  addressNotMapped: 'Please match columns to the address (street, city, state, zip/post code, country) or to latitude and longitude.',
  processingTaskTitle: 'Processing the import file',
  /** The processing task's detail when it is done (and the e-mail's line). */
  processingComplete: (counts: { total: number; ready: number; warnings: number; issues: number }) =>
    `${counts.total.toLocaleString('en-US')} row${counts.total === 1 ? '' : 's'} processed: ${counts.ready.toLocaleString('en-US')} ready, ${counts.warnings.toLocaleString('en-US')} with warnings, ${counts.issues.toLocaleString('en-US')} with issues.`,
  processingMailSubject: 'RiskAtlas: your import file has been processed',
  /** A file refused because the user's queue would hold more than `max` rows. */
  queueFull: (max: number, queued: number, adding: number) =>
    `Your import queue may hold at most ${max.toLocaleString('en-US')} rows. It holds ${queued.toLocaleString('en-US')} now${adding > 0 ? ` and this file has ${adding.toLocaleString('en-US')}` : ''}. Please submit or remove queued rows first.`,
} as const;
