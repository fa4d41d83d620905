import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * An account's site classifications: a tree of named nodes (each may have a parent). Sites hold
 * classification ids (sites.classification_ids); the import resolves the names a file gives to
 * these ids. Only the tree's stored shape is here: its administration is a later feature.
 */
export const classifications = pgTable(
  'classifications',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    classificationId: integer('classification_id').generatedAlwaysAsIdentity().notNull(),
    name: text('name').notNull(),
    parentClassificationId: integer('parent_classification_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.classificationId] }), index('classifications_name_idx').on(t.accountId, t.name)],
);
