import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** A site's latest report summary (the site's l field): r release year, p product id (= report type), f feature flags. */
export interface SiteLatestReport {
  r: number;
  p: number;
  f: number;
}

/**
 * Sites: the places an account reports on. A tenant table: account_id leads the
 * primary key and every index. The score summary the site list shows (s, l, lrr) is derived from
 * the site's reports and rewritten whenever they change (reports service, recomputeSiteSummaries).
 */
export const sites = pgTable(
  'sites',
  {
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').generatedAlwaysAsIdentity().notNull(),
    siteName: text('site_name').notNull(),
    /**
     * lower(trim(site_name)) while names must be unique in the account; null for sites created in
     * the account's legacy mode (the duplicate-name check is skipped there). The unique
     * index on it settles two concurrent creations of one name.
     */
    nameKey: text('name_key'),
    notes: text('notes'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    street: text('street'),
    street2: text('street2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    countryId: smallint('country_id').notNull(),
    /** Degrees, rounded to 7 decimals. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** State / province / region code of the point ('IL', 'ON', 'ENG', INEGI '09'): the DC rule and scoring read it. */
    admin1Code: text('admin1_code'),
    /** Community type: 0 Rural, 1 Suburban, 2 Urban, 3 Unknown. */
    ct: smallint('ct').notNull().default(3),
    /** County (municipio, Mexican state) name and gazetteer id ('17031', 'MX-09'). */
    county: text('county'),
    countyCode: text('county_code'),
    externalId: text('external_id'),
    classificationIds: integer('classification_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** How the point was placed: ADDRESS, POSTCODE, CITY (geocoded) or MANUAL (coordinates given). */
    geocodeType: text('geocode_type'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id'),
    /** Scores keyed by methodology id: the Total Crime / national / current score of the latest report. */
    s: jsonb('s').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    /** The latest report: release year, report type, feature flags; null without reports. */
    l: jsonb('l').$type<SiteLatestReport | null>(),
    /** When a report was last created for the site (last report ran). */
    lrr: timestamp('lrr', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.siteId] }),
    uniqueIndex('sites_name_key_unique').on(t.accountId, t.nameKey),
    index('sites_location_idx').on(t.accountId, t.latitude, t.longitude),
    index('sites_external_id_idx').on(t.accountId, t.externalId),
    // The duplicate-name checks (create, edit, sites/withname) compare lower(trim(name)) across
    // legacy and current sites alike: without this they scan the account's sites.
    index('sites_name_lower_idx').on(t.accountId, sql`lower(trim(${t.siteName}))`),
  ],
);
export type SiteRow = typeof sites.$inferSelect;
export type NewSiteRow = typeof sites.$inferInsert;
