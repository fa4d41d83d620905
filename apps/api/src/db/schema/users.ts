import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Users. E-mail is unique across accounts because sign-in asks only for the e-mail;
 * it is stored lower-cased.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** argon2id hash; null until a password is set (SSO users, cleared passwords). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    title: text('title'),
    /** 1 Read Only, 2 Standard, 3 Admin, 4 CAP Admin. */
    userType: smallint('user_type').notNull().default(2),
    isEnabled: boolean('is_enabled').notNull().default(true),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    allowViewAllReports: boolean('allow_view_all_reports').notNull().default(true),
    allowViewOwnReports: boolean('allow_view_own_reports').notNull().default(true),
    documentLanguage: text('document_language').notNull().default('en-US'),
    uiLanguageId: integer('ui_language_id').notNull().default(1),
    allowInvoice: boolean('allow_invoice').notNull().default(false),
    allowCreditCardPurchases: boolean('allow_credit_card_purchases').notNull().default(false),
    allowCreateReports: boolean('allow_create_reports').notNull().default(true),
    allowComments: boolean('allow_comments').notNull().default(true),
    denyEditSiteAbility: boolean('deny_edit_site_ability').notNull().default(false),
    /** Per product id: 0 no, 1 use, 3 use and buy. Missing ids mean 1 (use). */
    allowProduct: jsonb('allow_product').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    isSso: boolean('is_sso').notNull().default(false),
    hasCapModulesAccess: boolean('has_cap_modules_access').notNull().default(false),
    hasSimpleSurvey: boolean('has_simple_survey').notNull().default(false),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_account_idx').on(t.accountId, t.id)],
);
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
