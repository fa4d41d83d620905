/**
 * Ids, enums and flags whose values are fixed: clients, stored data and the API rely on them.
 * Written once here; every other package imports them.
 */

/** Product ids. */
export const ProductId = {
  Basic: 0,
  Premium: 1,
  CitywideMap: 3,
  Scores: 5,
  PremiumPlus: 6,
  HeatMapAddOn: 100,
  SupplementalScoresAddOnBasic: 101,
  SupplementalScoresAddOnPremium: 102,
  CitywideMapsAddOn: 103,
  DemographicsAddOnBasic: 104,
  DemographicsAddOnPremium: 105,
  /** Points of interest near the site; added to existing reports (POST reports/addProximity), one product for every report type. */
  ProximityAddOn: 106,
  BackdateFee: 150,
  UpgradeBasicToPremium: 200,
  UpgradeBasicToPremiumPlus: 201,
  UpgradePremiumToPremiumPlus: 202,
} as const;
export type ProductId = (typeof ProductId)[keyof typeof ProductId];
/** Every product id, in the order of ProductId. */
export const ALL_PRODUCT_IDS: readonly ProductId[] = Object.values(ProductId);

/** User types. New users default to Standard. */
export const UserType = { ReadOnly: 1, Standard: 2, Admin: 3, CapAdmin: 4 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];
export const USER_TYPE_NAMES: Record<UserType, string> = {
  1: 'Read Only',
  2: 'Standard',
  3: 'Admin',
  4: 'CAP Admin',
};

/** Report types: how many methodologies and scores each carries. */
export const ReportType = { Basic: 0, Premium: 1, PremiumPlus: 6 } as const;
export type ReportType = (typeof ReportType)[keyof typeof ReportType];

/** Report feature flags (bits). */
export const ReportFeature = { HeatMap: 1, SupplementalScores: 2, Demographics: 4, Proximity: 8 } as const;

/** Report section bits and the default section value. */
export const REPORT_SECTION_BITS = [1, 2, 4, 256, 512, 1024, 2048, 32768, 65536, 131072] as const;
export const DEFAULT_REPORT_SECTIONS = 233223;

/** Methodology ids in priority order; 2 is the default and the fallback. */
export const METHODOLOGY_PRIORITY = [2, 3, 1, 4] as const;
export const DEFAULT_METHODOLOGY = 2;

/** Community type of a site (Site.ct). */
export const CommunityType = { Rural: 0, Suburban: 1, Urban: 2, Unknown: 3 } as const;

/**
 * Countries covered, with fixed ids: 1 USA, 2 Canada, 3 United Kingdom, 5 Mexico,
 * 6 Puerto Rico. Country 2 uses metric display.
 */
export const COUNTRIES = [
  { countryId: 1, iso3: 'USA', iso2: 'US', name: 'United States', metric: false },
  { countryId: 2, iso3: 'CAN', iso2: 'CA', name: 'Canada', metric: true },
  { countryId: 3, iso3: 'GBR', iso2: 'GB', name: 'United Kingdom', metric: false },
  { countryId: 5, iso3: 'MEX', iso2: 'MX', name: 'Mexico', metric: false },
  { countryId: 6, iso3: 'PRI', iso2: 'PR', name: 'Puerto Rico', metric: false },
] as const;
export type CountryId = (typeof COUNTRIES)[number]['countryId'];
export const DEFAULT_COUNTRY_ID: CountryId = 1;

/** File download types. */
export const FileDownloadType = {
  ExcelSummary: 0,
  GeocodeAndScore: 1,
  ReportArchive: 2,
  CitywideMap: 3,
  /** This product's own type: the account activity (audit) log export for administrators. */
  ActivityLog: 4,
} as const;
export type FileDownloadType = (typeof FileDownloadType)[keyof typeof FileDownloadType];
export const FILE_DOWNLOAD_TYPE_NAMES: Record<FileDownloadType, string> = {
  0: 'Excel Summary',
  1: 'Geocode & Score',
  2: 'Report Archive',
  3: 'Citywide Map',
  4: 'Activity Log',
};

/** Task currentStatus values of long jobs; any other value means still running. */
export const TaskState = { Waiting: 0, InProgress: 1, Complete: 2, Failed: -1 } as const;
export type TaskState = (typeof TaskState)[keyof typeof TaskState];

/**
 * Task objectType: what a finished task produced. 4 and 5 are files, which open File Downloads
 * for non-admins; the others are this product's own numbering.
 */
export const TaskObjectType = {
  None: 0,
  Site: 1,
  Report: 2,
  Batch: 3,
  FileDownload: 4,
  Archive: 5,
  Import: 6,
} as const;
export type TaskObjectType = (typeof TaskObjectType)[keyof typeof TaskObjectType];

/**
 * Task status types (taskStatusType). Types 1 and 3 are not listed in the notification menu; type 3
 * shows as a modal alert.
 */
export const TaskStatusType = { Hidden: 1, Job: 2, Alert: 3 } as const;
export type TaskStatusType = (typeof TaskStatusType)[keyof typeof TaskStatusType];
