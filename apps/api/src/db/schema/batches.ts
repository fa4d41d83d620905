import { foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { reports } from './reports';

/**
 * Report batches: one row per POST reports/batch that started a job. A tenant table led by
 * account_id. The job moves reports_completed up a chunk at a time, in the chunk's transaction.
 */
export const batches = pgTable(
  'batches',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer('id').generatedAlwaysAsIdentity().notNull(),
    /** The submitter. */
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Null while the job runs. */
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    reportsTotal: integer('reports_total').notNull(),
    reportsCompleted: integer('reports_completed').notNull().default(0),
    /** Summary: the release of its reports (the first country's), the most frequent country, the report type. */
    releaseYear: smallint('release_year').notNull(),
    countryCode: text('country_code').notNull(),
    reportType: smallint('report_type').notNull(),
    /** The job stopped for good; detail says why. */
    failed: boolean('failed').notNull().default(false),
    detail: text('detail'),
    taskStatusId: integer('task_status_id'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index('batches_created_idx').on(t.accountId, t.createdAt)],
);
export type BatchRow = typeof batches.$inferSelect;
export type NewBatchRow = typeof batches.$inferInsert;

/** The sites a batch names (GET reports/inbatches/{siteId} reads them while the batch runs). */
export const batchSites = pgTable(
  'batch_sites',
  {
    accountId: integer('account_id').notNull(),
    batchId: integer('batch_id').notNull(),
    siteId: integer('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.batchId, t.siteId] }),
    foreignKey({ name: 'batch_sites_batch_fk', columns: [t.accountId, t.batchId], foreignColumns: [batches.accountId, batches.id] }).onDelete('cascade'),
    index('batch_sites_site_idx').on(t.accountId, t.siteId),
  ],
);

/** The reports a batch created, written in the same transaction as the reports. */
export const batchReports = pgTable(
  'batch_reports',
  {
    accountId: integer('account_id').notNull(),
    batchId: integer('batch_id').notNull(),
    accountProductReportId: integer('account_product_report_id').notNull(),
    siteId: integer('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.batchId, t.accountProductReportId] }),
    foreignKey({ name: 'batch_reports_batch_fk', columns: [t.accountId, t.batchId], foreignColumns: [batches.accountId, batches.id] }).onDelete('cascade'),
    // A report deleted later (a replacement, a site deletion) leaves its batch.
    foreignKey({ name: 'batch_reports_report_fk', columns: [t.accountId, t.accountProductReportId], foreignColumns: [reports.accountId, reports.accountProductReportId] }).onDelete('cascade'),
    index('batch_reports_report_idx').on(t.accountId, t.accountProductReportId),
  ],
);
