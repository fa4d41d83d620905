import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The licence ledger: one row per change of an account's licence count for a product. A grant is
 * positive, consumption negative; the remaining count is the sum. Consumption is written in the
 * same transaction as the work it pays for (reports and scores consume licences this way).
 */
export const licenseLedger = pgTable(
  'license_ledger',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer('id').generatedAlwaysAsIdentity().notNull(),
    productId: smallint('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** grant, purchase, consume, refund, adjust. */
    reason: text('reason').notNull(),
    /** Who caused the change; null for operator CLI and seeding. */
    userId: integer('user_id'),
    /** What the change paid for, e.g. "report:123". */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index('license_ledger_product_idx').on(t.accountId, t.productId)],
);
