import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { sites } from './sites';

/**
 * The scores of one methodology as a report stores them: compact (about 1.4 kB instead of the
 * ~25 kB of the presented rows), expanded into the Report entity's {product}Data entry on read
 * (features/reports/report-data.ts). Arrays are indexed by scoreIndex 0–89.
 */
export interface StoredProductData {
  /** Methodology id. */
  m: number;
  /** Release year scored. */
  y: number;
  /** Inner and outer radius in miles (0 when none). */
  r1: number;
  r2: number;
  /** Data years of the past, current and projected periods. */
  py: [number, number, number];
  /** Names of the state-level and county-level areas compared against; null where the country has none at the point. */
  sa: string | null;
  ca: string | null;
  /** Scores, band ends, and coverage ('1' reported, '0' imputed per score). */
  v: number[];
  lo: number[];
  hi: number[];
  rep: string;
}

/** An add-on or upgrade applied after creation (a report's reportSupplements). */
export interface StoredSupplement {
  productId: number;
  /** ISO timestamp. */
  created: string;
}

/**
 * Reports: one per purchase of a report for a site. A tenant table led by
 * account_id. The site's score summary (sites.s/l/lrr) is derived from these rows.
 */
export const reports = pgTable(
  'reports',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    accountProductReportId: integer('account_product_report_id').generatedAlwaysAsIdentity().notNull(),
    siteId: integer('site_id').notNull(),
    createdByUserId: integer('created_by_user_id'),
    countryId: smallint('country_id').notNull(),
    /** 0 Basic, 1 Premium, 6 Premium Plus. */
    reportType: smallint('report_type').notNull(),
    releaseYear: smallint('release_year').notNull(),
    /** In the order chosen. */
    methodologyTypeIds: integer('methodology_type_ids').array().notNull(),
    addOnProducts: integer('add_on_products').array().notNull().default(sql`'{}'::integer[]`),
    /** Feature flags: HeatMap 1, SupplementalScores 2, Demographics 4. */
    features: smallint('features').notNull().default(0),
    sections: integer('sections').notNull().default(233223),
    supplements: jsonb('supplements').$type<StoredSupplement[]>().notNull().default(sql`'[]'::jsonb`),
    /** One entry per methodology, in methodologyTypeIds order. */
    productData: jsonb('product_data').$type<StoredProductData[]>().notNull(),
    /** Total Crime / national / current score per methodology id: what the site summary shows. */
    summaryScores: jsonb('summary_scores').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.accountProductReportId] }),
    // Led by account_id, so it stays valid when the tables are distributed by account.
    foreignKey({ name: 'reports_site_fk', columns: [t.accountId, t.siteId], foreignColumns: [sites.accountId, sites.siteId] }).onDelete('cascade'),
    index('reports_site_idx').on(t.accountId, t.siteId, t.releaseYear, t.created),
    index('reports_user_idx').on(t.accountId, t.createdByUserId, t.created),
  ],
);
export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;
