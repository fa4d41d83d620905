import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/*
 * Tenant tables: each carries account_id first in its primary key and indexes, so every query is
 * led by the account and the schema can be distributed by account_id (docs/operations.md).
 */

/** User preferences keyed by type: appSettings, recentlyViewedSites, … */
export const userPrefs = pgTable(
  'user_prefs',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.type] })],
);

/** Task statuses of long jobs and notifications. */
export const taskStatuses = pgTable(
  'task_statuses',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer('id').generatedAlwaysAsIdentity().notNull(),
    userId: integer('user_id').notNull(),
    taskStatusType: smallint('task_status_type').notNull().default(2),
    currentStatus: smallint('current_status').notNull().default(0),
    countTotal: integer('count_total').notNull().default(0),
    countCompleted: integer('count_completed').notNull().default(0),
    message: text('message'),
    detail: text('detail'),
    objectType: smallint('object_type').notNull().default(0),
    objectId: integer('object_id'),
    seen: boolean('seen').notNull().default(false),
    clicked: boolean('clicked').notNull().default(false),
    /** The job that drives this status, when one does. */
    jobName: text('job_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index('task_statuses_user_idx').on(t.accountId, t.userId, t.createdAt)],
);

/** Downloadable files (File Downloads); the bytes live in the file store. */
export const fileDownloads = pgTable(
  'file_downloads',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer('id').generatedAlwaysAsIdentity().notNull(),
    userId: integer('user_id').notNull(),
    filename: text('filename').notNull(),
    fileDownloadType: smallint('file_download_type').notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Bytes; 0 unknown, negative not applicable. */
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index('file_downloads_user_idx').on(t.accountId, t.userId, t.createdAt)],
);

/** Audit log: who did what, including every action taken while impersonating. */
export const auditLog = pgTable(
  'audit_log',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    actorUserId: integer('actor_user_id'),
    /** Set when provider staff acted in this account. */
    impersonatorUserId: integer('impersonator_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index('audit_log_time_idx').on(t.accountId, t.createdAt)],
);

/**
 * Completed units of job work. A handler records its key in the same transaction as its effects,
 * so a job retried after a crash skips what already committed: effects happen exactly once.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    jobKey: text('job_key').notNull(),
    result: jsonb('result').notNull().default(sql`'{}'::jsonb`),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.jobKey] })],
);
