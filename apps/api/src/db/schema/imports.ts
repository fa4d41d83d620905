import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The bulk import: each user's uploaded file, the mappings they last used, and
 * their import queue. Tenant tables led by account_id; a queue belongs to one user of the account.
 */

/** A column of an uploaded file: its header (or "Column N") and its first values. */
export interface ImportFileColumn {
  columnIndex: number;
  name: string;
  examples: string[];
}

/**
 * The user's current uploaded file (one per user: a new upload replaces it). The rows are kept in
 * the file store at rows_key in the import's rows format (features/import/rows-file.ts), whatever
 * the uploaded format was.
 */
export const importFiles = pgTable(
  'import_files',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    filename: text('filename').notNull(),
    /** 'csv', 'xlsx' or 'xls'. */
    format: text('format').notNull(),
    /** What the bytes were read as ('utf-8', 'utf-16le', 'windows-1252' …); null for spreadsheets. */
    encoding: text('encoding'),
    /** The CSV delimiter found; null for spreadsheets. */
    delimiter: text('delimiter'),
    byteSize: integer('byte_size').notNull(),
    /** Every row of the file, the header row included. */
    rowCount: integer('row_count').notNull(),
    /** Whether the first row looks like a header. */
    headerDetected: boolean('header_detected').notNull(),
    columns: jsonb('columns').$type<ImportFileColumn[]>().notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull(),
    /** The header row, normalised, joined: finds the mapping last used for files of the same layout. */
    headerKey: text('header_key').notNull(),
    rowsKey: text('rows_key').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);
export type ImportFileRow = typeof importFiles.$inferSelect;

/** One column matched to a field, as stored. */
export interface StoredColumnMapping {
  columnIndex: number;
  field: string | null;
}

/** The mapping a user last processed a file of a given header layout with (offered again as `mapping`). */
export const importMappings = pgTable(
  'import_mappings',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    headerKey: text('header_key').notNull(),
    mapping: jsonb('mapping').$type<StoredColumnMapping[]>().notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.headerKey] })],
);

/** A geocode candidate as the queue keeps it (the public candidate shape). */
export type StoredGeoCandidate = Record<string, unknown>;

/** A site of the account a row matches (or another row of the queue it looks like), with how alike they are. */
export interface StoredImportMatch {
  /** The matching site; 0 when the match is another queue row (queueRowNumber). */
  siteId: number;
  /** The row of the same processing this one looks like (a near duplicate in the queue). */
  queueRowNumber?: number;
  similarity: number;
  distanceMeters: number | null;
  matchedBy: 'name' | 'address' | 'externalId' | 'siteId';
}

/**
 * The import queue: one row per file row processed, with the fields of a queued import site. run_id (the
 * processing task) and row_number make a row's identity within its processing: a chunk written
 * again after a restart replaces its rows instead of doubling them.
 */
export const importQueue = pgTable(
  'import_queue',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer('id').generatedAlwaysAsIdentity().notNull(),
    userId: integer('user_id').notNull(),
    /** The processing task that wrote the row. */
    runId: integer('run_id').notNull(),
    /** The row of the file, 1 = the first data row. */
    rowNumber: integer('row_number').notNull(),
    siteName: text('site_name').notNull().default(''),
    street: text('street').notNull().default(''),
    street2: text('street2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    /** The covered country the row resolved to; null when none. */
    countryId: smallint('country_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    tags: text('tags').notNull().default(''),
    classifications: text('classifications').notNull().default(''),
    notes: text('notes').notNull().default(''),
    externalId: text('external_id').notNull().default(''),
    incomingSiteId: integer('incoming_site_id'),
    /** The existing site the row matches and will update; null = a new site. */
    siteId: integer('site_id'),
    /**
     * The site the user accepted as the row's match (queue edit matchSiteId): the match a re-check
     * keeps whatever the row's name or address become. Null: the match (siteId) is matching's, found
     * again by every re-check.
     */
    acceptedSiteId: integer('accepted_site_id'),
    statusFlags: integer('status_flags').notNull().default(0),
    errorFlags: integer('error_flags').notNull().default(0),
    warningFlags: integer('warning_flags').notNull().default(0),
    updateFlags: integer('update_flags').notNull().default(0),
    geocoderFlags: integer('geocoder_flags').notNull().default(0),
    pendingUpdate: boolean('pending_update').notNull().default(false),
    statusDescription: text('status_description').notNull().default(''),
    /** 'MANUAL', 'ADDRESS', 'POSTCODE', 'CITY' or ''. */
    geocodePrecision: text('geocode_precision').notNull().default(''),
    geoCandidates: jsonb('geo_candidates').$type<StoredGeoCandidate[]>().notNull().default(sql`'[]'::jsonb`),
    matches: jsonb('matches').$type<StoredImportMatch[]>().notNull().default(sql`'[]'::jsonb`),
    /** Normalised name and address: the queue's duplicate checks compare them. */
    nameKey: text('name_key').notNull().default(''),
    addressKey: text('address_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex('import_queue_run_row_idx').on(t.accountId, t.userId, t.runId, t.rowNumber),
    index('import_queue_user_idx').on(t.accountId, t.userId, t.id),
    index('import_queue_name_idx').on(t.accountId, t.userId, t.nameKey),
    index('import_queue_address_idx').on(t.accountId, t.userId, t.addressKey),
  ],
);
export type ImportQueueRow = typeof importQueue.$inferSelect;
export type NewImportQueueRow = typeof importQueue.$inferInsert;
