import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { sites } from './sites';

/**
 * Site comments (comment text, author, date). A tenant table led by
 * account_id; a comment goes with its site. The author's name is kept as written at the time, so
 * the comment still names its author after the user is renamed or removed.
 */
export const siteComments = pgTable(
  'site_comments',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').generatedAlwaysAsIdentity().notNull(),
    siteId: integer('site_id').notNull(),
    /** The user who wrote it; null once that user no longer exists. */
    userId: integer('user_id'),
    /** The author's full name when the comment was written. */
    author: text('author').notNull(),
    comment: text('comment').notNull(),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.commentId] }),
    foreignKey({ name: 'site_comments_site_fk', columns: [t.accountId, t.siteId], foreignColumns: [sites.accountId, sites.siteId] }).onDelete('cascade'),
    index('site_comments_site_idx').on(t.accountId, t.siteId, t.created),
  ],
);
export type SiteCommentRow = typeof siteComments.$inferSelect;
export type NewSiteCommentRow = typeof siteComments.$inferInsert;
