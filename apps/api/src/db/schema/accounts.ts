import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Accounts (tenants): every Account field of the API, plus theme and operational settings. */
export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  company: text('company').notNull(),
  siteRetentionDays: integer('site_retention_days'),
  reportRetentionDays: integer('report_retention_days'),
  /** Bit mask, bit (methodologyTypeID - 1). 15 = methodologies 1–4. */
  allowedMethodologies: integer('allowed_methodologies').notNull().default(15),
  defaultBasicMethodology: integer('default_basic_methodology').notNull().default(2),
  defaultPremiumMethodology: jsonb('default_premium_methodology').$type<number[]>().notNull().default(sql`'[2,3]'::jsonb`),
  industryTypeId: integer('industry_type_id'),
  parentIndustryId: integer('parent_industry_id'),
  allowPersonalize: boolean('allow_personalize').notNull().default(false),
  useLogoOnWeb: boolean('use_logo_on_web').notNull().default(false),
  /** Content type of the logo in the file store (accounts/{id}/logo); null: no logo. */
  logoContentType: text('logo_content_type'),
  /** When the logo was last uploaded; null: no logo. */
  logoUpdatedAt: timestamp('logo_updated_at', { withTimezone: true, mode: 'date' }),
  allowAdvancedPermissions: boolean('allow_advanced_permissions').notNull().default(false),
  allowInvoice: boolean('allow_invoice').notNull().default(false),
  accountLicensingType: integer('account_licensing_type').notNull().default(0),
  externalIdName: text('external_id_name').notNull().default('External ID'),
  allowIncidentAvailability: boolean('allow_incident_availability').notNull().default(true),
  allowIncidents: boolean('allow_incidents').notNull().default(true),
  allowPoi: boolean('allow_poi').notNull().default(true),
  allowCrimeRiskFeature: boolean('allow_crime_risk_feature').notNull().default(true),
  prioritizeCapEngines: boolean('prioritize_cap_engines').notNull().default(false),
  hasSimpleSurvey: boolean('has_simple_survey').notNull().default(false),
  hideExtraReportFeatures: boolean('hide_extra_report_features').notNull().default(false),
  lockLibraryViewColumns: boolean('lock_library_view_columns').notNull().default(false),
  customSidebarHeight: integer('custom_sidebar_height'),
  /** Release year chosen per country id, e.g. {"1": 2024}. */
  releaseYears: jsonb('release_years').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  dataLastUpdated: timestamp('data_last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  forceTwoFactor: boolean('force_two_factor').notNull().default(false),
  readOnly: boolean('read_only').notNull().default(false),
  /**
   * Operator switch for maintenance that locks users out: the client signs users out while it is
   * on (Session info accountUnderMaintenance). Distinct from readOnly, which keeps users signed in
   * with the Account Maintenance alert.
   */
  underMaintenance: boolean('under_maintenance').notNull().default(false),
  allowBatchingByStandardUsers: boolean('allow_batching_by_standard_users').notNull().default(false),
  allowBackdating: boolean('allow_backdating').notNull().default(false),
  /**
   * Add-on products available to end users (allowAddingByEndUser): the others are offered to
   * provider staff and impersonators only. Default: every report add-on.
   */
  endUserAddOnProducts: jsonb('end_user_add_on_products').$type<number[]>().notNull().default(sql`'[100,101,102,104,105]'::jsonb`),
  createSitesInLegacyMode: boolean('create_sites_in_legacy_mode').notNull().default(false),
  /**
   * The covered countries the account is licensed to create sites and reports in (country ids);
   * null: every covered country. An import row in a covered country outside this list is
   * CountryNotLicensed (decision 0100).
   */
  licensedCountryIds: smallint('licensed_country_ids').array(),
  /**
   * Most sites the account may hold without reports ('You may not create more than N sites
   * without reports.'); null: no limit. Checked when a site is created without a report.
   */
  siteOnlyLimit: integer('site_only_limit'),
  /** Minutes of inactivity before the client signs the user out. */
  inactivityTimeoutMinutes: integer('inactivity_timeout_minutes').notNull().default(30),
  themePalette: text('theme_palette').notNull().default('atlas'),
  themeDark: boolean('theme_dark').notNull().default(false),
  /** WarningBanner custom content; content starting with '#' is kept but not shown. */
  warningBanner: text('warning_banner'),
  supportId: text('support_id'),
  hasModulesAccess: boolean('has_modules_access').notNull().default(false),
  /** The provider's own account: its type-4 users are staff who may impersonate customers. */
  isProvider: boolean('is_provider').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
