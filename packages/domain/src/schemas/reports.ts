import { z } from 'zod';
import { ALL_REPORT_FEATURES, isReportAddOnProduct, isValidSections } from '../reports/products';
import { CRIME_TYPE_KEYS, SCORE_COVERAGES, SCORE_PERIODS, SCORE_REGIONS, SCORE_ROW_TYPES, SCORE_VALUE_MAX, SCORE_VALUE_MIN } from '../reports/vocabulary';
import { ZTimestamp } from './common';
import { labelled, zId, zIdList, zIdParam, zQueryBool, zText, zWholeNumber } from './fields';
import { ZLatitude, ZLongitude } from './geo';
import { checkNewSite, NEW_SITE_FIELDS } from './sites';

/**
 * The reports contract (the Report entity and the create-report payload) and the contract of
 * POST scores, which scores locations without creating a report.
 */

/** A report type id: 0 Basic, 1 Premium, 6 Premium Plus. */
export const ZReportType = z.union([z.literal(0), z.literal(1), z.literal(6)], { error: () => 'Report type must be 0 (Basic), 1 (Premium) or 6 (Premium Plus).' }).describe('Report type: 0 Basic (1 methodology, 90 scores), 1 Premium (2, 180), 6 Premium Plus (4, 360)');

/** A methodology id, 1–4. */
export const ZMethodologyTypeId = zWholeNumber('Methodology', 1, 4).describe('Methodology id 1–4 (priority order 2, 3, 1, 4; 2 is the default)');

/** A list of methodology ids as requested (duplicates are counted once by the rules). */
export const ZMethodologyTypeIds = z.array(ZMethodologyTypeId, labelled('Methodologies')).max(4).describe('Methodology ids, 1 to 4 of them');

/** A report add-on product id. */
const addOnWords = { error: () => 'Add-on product must be one of: 100, 101, 102, 104, 105.' };
export const ZAddOnProductId = z
  .number(addOnWords)
  .int(addOnWords)
  .refine(isReportAddOnProduct, addOnWords)
  .describe('Add-on product: 100 HeatMap, 101/102 Supplemental scores (Basic/Premium), 104/105 Demographics (Basic/Premium)');

/** Feature flags of a report. */
export const ZReportFeatures = z.number().int().min(0).max(ALL_REPORT_FEATURES).describe('Feature flags: HeatMap 1, SupplementalScores 2, Demographics 4, Proximity 8');

/** A section value: a sum of the report section bits. */
export const ZReportSections = z
  .number()
  .int()
  .refine(isValidSections, { error: 'Report sections must be a sum of the section bits 1, 2, 4, 256, 512, 1024, 2048, 32768, 65536, 131072.' })
  .describe('Report sections: a sum of 1, 2, 4, 256, 512, 1024, 2048, 32768, 65536, 131072; default 233223 (all)');

/** A release year in a request: -1 (or absent) the current release, else a year corrected to the closest release. */
export const ZReleaseYearRequest = zWholeNumber('Release year', -1, 2100).describe('Release year; -1 or absent = the current release; another year is corrected to the closest release the country has');

/**
 * Body of POST reports (the create-report payload). Either `siteId` names an existing
 * site, or the site fields describe a new one (siteName and a location are then required; the
 * service geocodes the address when coordinates are absent).
 */
export const ZCreateReportRequest = z
  .object({
    reportType: ZReportType,
    methodologyTypeIds: ZMethodologyTypeIds.nullish().describe('Methodology ids; absent or empty = the account defaults for the report type'),
    addOnProducts: z.array(ZAddOnProductId, labelled('Add-on products')).max(5).nullish().describe('Add-on products to buy with the report (their Basic or Premium variant must match the report type)'),
    ...NEW_SITE_FIELDS,
    releaseYear: ZReleaseYearRequest.nullish(),
    siteId: zId('Site id').nullish().describe('Existing site to report on; the fields of a new site are then ignored'),
  })
  .superRefine((body, ctx) => {
    if (!body.siteId) checkNewSite(body, ctx);
  });
export type TCreateReportRequest = z.infer<typeof ZCreateReportRequest>;

/** Query of POST reports. Non-strict so the client's `v` passes. */
export const ZCreateReportQuery = z.object({
  sendReportEmail: zQueryBool('Send report e-mail').optional().describe('true: e-mail the user when the report is ready'),
  ignoreDuplicates: zQueryBool('Ignore duplicates').optional().describe('true: create a new site even when one exists at the location'),
  acceptFirstCandidate: zQueryBool('Accept first candidate').optional().describe('true: use the best geocode candidate when the address has several'),
  allowZipLevelPrecision: zQueryBool('Allow ZIP-level precision').optional().describe('true: accept a geocode that only reaches the ZIP or postcode'),
});
export type TCreateReportQuery = z.infer<typeof ZCreateReportQuery>;

/** A crime type key. */
export const ZCrimeType = z.enum(CRIME_TYPE_KEYS).describe('Crime type: homicide, rape, robbery, aggravatedAssault, burglary, larceny, motorVehicleTheft, persons, property, total');
/** A comparison region key. */
export const ZScoreRegion = z.enum(SCORE_REGIONS).describe('Comparison area: national, state (state/province/region) or county (county/municipality/local authority)');
/** A period key. */
export const ZScorePeriod = z.enum(SCORE_PERIODS).describe('Period: past (release − 5 years), current, projected (release + 5 years)');
/** A coverage flag. */
export const ZScoreCoverage = z.enum(SCORE_COVERAGES).describe("reported: the place's own data (its agency, county or area) cover the score's year and the comparison area reported that year; imputed: the model filled a gap (a later or projected year, a missing level, a proxy, predictors, or a territory outside the source)");
/** A score value on the 0–2000 scale. */
export const ZScoreValue = z.number().min(SCORE_VALUE_MIN).max(SCORE_VALUE_MAX).describe('Score 0–2000: the modelled rate ÷ the comparison area average × 100');

/**
 * One row of a {product}Data entry's scores (name, value, order, scoreIndex, scoreType,
 * isHeading) with this product's extras. Heading rows (isHeading) title a group of rows and carry
 * no value, band, coverage or key: those fields are null.
 */
export const ZScore = z.object({
  name: z.string().describe('Display name, e.g. "Robbery" or a heading such as "Crimes Against Persons"'),
  value: ZScoreValue.nullable().describe('Score 0–2000; null on heading rows'),
  order: z.number().int().min(0).describe('Display position within the entry'),
  scoreIndex: z.number().int().min(-1).max(89).describe('Position 0–89 of the score within its methodology (crime type, then region, then period); -1 on heading rows'),
  scoreType: z.enum(SCORE_ROW_TYPES).describe('heading: a title row; offence: one of the seven offences; aggregate: persons, property or total'),
  isHeading: z.boolean().describe('A title row without a value'),
  low: ZScoreValue.nullable().describe('Lower end of the confidence band; null on heading rows'),
  high: ZScoreValue.nullable().describe('Upper end of the confidence band; null on heading rows'),
  coverage: ZScoreCoverage.nullable().describe('reported or imputed; null on heading rows'),
  crimeType: ZCrimeType.nullable().describe('What the score measures; null on heading rows'),
  region: ZScoreRegion.nullable().describe('The comparison area; null on heading rows'),
  period: ZScorePeriod.nullable().describe('The period; null on heading rows'),
});
export type TScore = z.infer<typeof ZScore>;

/** A comparison area of one report, named for the site's country. */
export const ZReportRegion = z.object({
  key: ZScoreRegion,
  name: z.string().describe('Display name for the country: National; State/Province/Region; County/Municipality/Police Force Area'),
  areaName: z.string().nullable().describe('The actual area, e.g. "Illinois" or "Cook County"; null for national'),
});

/** A period of one report, with the year it stands for. */
export const ZReportPeriod = z.object({
  key: ZScorePeriod,
  name: z.string().describe('Past, Current or Projected'),
  year: z.number().int().describe('The data year the period stands for'),
});

/** One {product}Data entry: the scores of one methodology in a report. */
export const ZProductData = z.object({
  methodologyType: ZMethodologyTypeId,
  yearRelease: z.number().int().describe('Release year of the scores'),
  radius1: z.number().min(0).describe('Inner radius in miles of the neighbourhood the methodology drew on; 0 when it uses none'),
  radius2: z.number().min(0).describe('Outer radius in miles of the neighbourhood the methodology drew on; 0 when it uses none'),
  regions: z.array(ZReportRegion).describe('The comparison areas shown (DC sites omit state from release 2022)'),
  periods: z.array(ZReportPeriod).describe('The three periods'),
  scores: z.array(ZScore).describe('Heading rows and score rows in display order; 90 score rows, fewer when state scores are hidden'),
  fewResidents: z
    .boolean()
    .describe('Total Crime is five times the national rate per resident or more: few people live here compared with the crime recorded, so per-resident rates overstate the risk where many work or visit (show FEW_RESIDENTS_NOTE)'),
});
export type TProductData = z.infer<typeof ZProductData>;

/** A supplement added to a report after it was created (an add-on bought later, or an upgrade). */
export const ZReportSupplement = z.object({
  productId: z.number().int().describe('The add-on or upgrade product consumed'),
  created: ZTimestamp.describe('When the supplement was added'),
});

/** The upgrades and add-ons the caller may still buy for a report (permissions as data: the UI offers only these). */
export const ZReportUpgradeOptions = z.object({
  upgrades: z
    .array(z.object({ toType: ZReportType, productId: z.number().int().describe('Upgrade product: 200, 201 or 202') }))
    .describe('Higher report types, lowest first, with the upgrade product each consumes'),
  addOns: z.array(z.number().int()).describe('Add-on products for the features the report lacks, priced at its type'),
});

/**
 * The Report entity. Its {product}Data entries are in the field named for
 * its type: `basicData` for Basic, `premiumData` for Premium, `premiumPlusData` for Premium Plus
 * (productDataFieldFor); the other two are absent.
 */
export const ZReport = z.object({
  accountProductReportId: z.number().int().positive().describe('Report id'),
  siteId: z.number().int().positive().describe('The site reported on'),
  countryID: z.number().int().describe('Country id: 1 USA, 2 Canada, 3 UK, 5 Mexico, 6 Puerto Rico'),
  reportType: ZReportType,
  releaseYear: z.number().int().describe('Release year of the report'),
  methodologyTypeIds: z.array(ZMethodologyTypeId).describe('Methodologies of the report, in the order chosen'),
  addOnProducts: z.array(z.number().int()).describe('Add-on products the report holds'),
  sections: ZReportSections,
  reportSupplements: z.array(ZReportSupplement).describe('Add-ons and upgrades applied after creation'),
  features: ZReportFeatures,
  basicData: z.array(ZProductData).optional().describe('Basic reports: one entry'),
  premiumData: z.array(ZProductData).optional().describe('Premium reports: one entry per methodology (up to 2)'),
  premiumPlusData: z.array(ZProductData).optional().describe('Premium Plus reports: one entry per methodology (up to 4)'),
  hasProximity: z.boolean().describe('Proximity (points of interest) data exists'),
  hasHeatMap: z.boolean().describe('The HeatMap feature: the map style cycles to heat/contour'),
  hasDemographics: z.boolean().describe('The Demographics feature'),
  hasCrimeRateComparison: z.boolean().describe('Crime-rate comparison (country 1, urban sites, releases 2024 on)'),
  created: ZTimestamp.describe('When the report was created'),
  createdByUserId: z.number().int().nullable().describe('The user who created the report; null when the user is unknown'),
  stateScoresHidden: z
    .boolean()
    .describe('true: the state-level scores are left out (US sites in the District of Columbia from release 2022)'),
  updatable: z.boolean().describe("The release is older than the country's current release: a new report would be newer"),
  upgradable: z.boolean().describe('An upgrade or add-on product applies that the caller may use'),
  upgradeOptions: ZReportUpgradeOptions,
  hasMap: z.boolean().describe('Releases 2006 and earlier have no map'),
  hasPdf: z.boolean().describe('Releases 2006 and earlier have no PDF'),
  sameScoresNote: z
    .string()
    .nullable()
    .describe("Which methodologies give identical scores and why, e.g. 'Methodologies 1, 2 and 4 give the same scores here: …'; null when they all differ"),
});
export type TReport = z.infer<typeof ZReport>;

/** Reports of one site, newest first (GET reports/{siteId}). */
export const ZReportList = z.array(ZReport).describe('Reports, newest first');
export type TReportList = z.infer<typeof ZReportList>;

/** Path of GET reports/{siteId} and reports/{siteId}/latest. */
export const ZSiteIdParams = z.object({ siteId: zIdParam('Site id').describe('Site id') });

/** Body of POST reports/validatemethodologies. */
export const ZValidateMethodologiesRequest = z.object({
  reportType: ZReportType,
  methodologyTypeIds: ZMethodologyTypeIds.describe('Methodology ids to check; empty checks the account defaults'),
});
export type TValidateMethodologiesRequest = z.infer<typeof ZValidateMethodologiesRequest>;

/** Answer of POST reports/validatemethodologies. */
export const ZValidateMethodologiesResponse = z.object({
  isValid: z.boolean().describe('The methodologies may be used for the report type by this user'),
  message: z.string().nullable().describe("The product's message when not valid, e.g. 'Please select 2 methodologies.'"),
  methodologyTypeIds: z.array(ZMethodologyTypeId).describe('The methodologies that would be used (duplicates removed, defaults filled in); empty when not valid'),
});
export type TValidateMethodologiesResponse = z.infer<typeof ZValidateMethodologiesResponse>;

/** Most locations one POST scores call may carry. */
export const MAX_SCORE_LOCATIONS = 1000;

/** Body of POST scores: scores for bare locations, without a report. */
export const ZScoresRequest = z.object({
  locations: z
    .array(z.object({ latitude: ZLatitude, longitude: ZLongitude }, labelled('Location')), labelled('Locations'))
    .min(1)
    .max(MAX_SCORE_LOCATIONS)
    .describe('Locations to score, 1 to 1000; answered in the same order'),
  methodologyTypeIds: ZMethodologyTypeIds.min(1).describe('Methodologies to score, each allowed for the account'),
  releaseYear: ZReleaseYearRequest.optional(),
});
export type TScoresRequest = z.infer<typeof ZScoresRequest>;

/** One score of POST scores. */
export const ZLocationScore = z.object({
  methodologyType: ZMethodologyTypeId,
  crimeType: ZCrimeType,
  region: ZScoreRegion,
  period: ZScorePeriod,
  value: ZScoreValue,
  low: ZScoreValue.describe('Lower end of the confidence band'),
  high: ZScoreValue.describe('Upper end of the confidence band'),
  coverage: ZScoreCoverage,
});
export type TLocationScore = z.infer<typeof ZLocationScore>;

/** Answer of POST scores: one result per location, in the order given. */
export const ZScoresResponse = z.object({
  results: z.array(
    z.object({
      latitude: ZLatitude,
      longitude: ZLongitude,
      countryId: z.number().int().nullable().describe('Country id of the location; null when it is in no covered country'),
      isScorable: z.boolean().describe('false: no scores and no licence consumed'),
      releaseYear: z.number().int().nullable().describe("The release scored (the request's year corrected to the country's releases); null when not scorable"),
      scores: z
        .array(ZLocationScore)
        .describe('90 per methodology (60 for District of Columbia points from release 2022: no state comparison); empty when not scorable'),
      sameScoresNote: z
        .string()
        .nullable()
        .describe("Which methodologies give identical scores here and why, as a report says it (reportScoreNotes); null when they all differ or the location is not scorable"),
      fewResidents: z
        .boolean()
        .describe('A methodology scores Total Crime at five times the national rate per resident or more (fewResidentsAt): show FEW_RESIDENTS_NOTE; false when not scorable'),
    }),
  ).describe('One result per requested location, in the order given'),
});
export type TScoresResponse = z.infer<typeof ZScoresResponse>;

/** Words of report and site creation, upgrade and deletion. Those not marked as this product's words are fixed wording: keep them exactly. */
export const ReportMessages = {
  /** A new site needs a name. */
  siteNameRequired: 'Site Name is required.',
  /** The selected reports of an upgrade differ in methodologies. */
  notSameMethodologies: 'The selected reports do not have the same existing methodologies.',
  /** The selected reports of an upgrade differ in report type. */
  notSameReportType: 'The selected reports do not have the same report type.',
  /** This product's words: the user lacks allowCreateReports. */
  cannotCreateReports: 'You do not have permission to create reports.',
  /** This product's words: an upgrade that changes nothing. */
  nothingToUpgrade: 'Choose a higher report type or an add-on to upgrade the report.',
  /** This product's words: a report or site id that is not the caller's. */
  reportNotFound: 'The report was not found.',
  siteNotFound: 'The site was not found.',
  /** This product's words: a provider user deleting reports must say why (the support path asks for a reason). */
  reasonRequired: 'Please give a reason for deleting the reports.',
  /** This product's words: delete with neither report nor site ids. */
  nothingToDelete: 'Select one or more reports or sites to delete reports from.',
  /** This product's words: a report changed between reading and upgrading it. */
  reportChanged: 'The report changed while it was being upgraded. Please try again.',
  /** This product's words: the upgrade of several reports is a support action. */
  bulkUpgradeSupportOnly: 'Upgrading several reports at once is available to support staff only. Upgrade one report at a time.',
} as const;

/** "Another site in the account already has the name '{name}'. Please use a different site name." */
export function siteNameTakenMessage(name: string): string {
  return `Another site in the account already has the name '${name}'. Please use a different site name.`;
}

/** This product's words for a new site at the coordinates of an existing one (the API answers 409 with its id). */
export function duplicateSiteLocationMessage(name: string): string {
  return `The site '${name}' is already at this location. Create the report for it, or create a new site anyway (ignoreDuplicates).`;
}

/** This product's words for a product the user may not use (allowProduct 0). */
export function productNotAllowedMessage(name: string): string {
  return `You are not allowed to use ${name} licences.`;
}

/** This product's words for an add-on that is priced for another report type (101/104 Basic; 102/105 Premium and Premium Plus). */
export function addOnNotForReportTypeMessage(addOnName: string, reportTypeName: string): string {
  return `The ${addOnName} cannot be added to ${reportTypeName} reports.`;
}

/** This product's words for an add-on whose feature the report already has. */
export function featureAlreadyPresentMessage(addOnName: string): string {
  return `The report already has the feature of the ${addOnName}.`;
}

/** This product's words for an upgrade to a report type the report cannot reach. */
export function cannotUpgradeToMessage(fromName: string, toName: string): string {
  return `A ${fromName} report cannot be upgraded to ${toName}.`;
}

/** "Download requests cannot contain more than 100000 reports. Current count: N" */
export function tooManyReportsMessage(count: number): string {
  return `Download requests cannot contain more than ${MAX_DOWNLOAD_REPORTS} reports. Current count: ${count}`;
}

/** Most reports one download request (counts, summaryinfo) may name. */
export const MAX_DOWNLOAD_REPORTS = 100_000;

/** Report ids of a request; MAX_DOWNLOAD_REPORTS is checked by the service so that it answers tooManyReportsMessage with the count. */
const ZReportIdList = zIdList('Report id', { max: 1_000_000 });

/** Body of POST reports/upgrade: several reports of one type and the same methodologies, upgraded alike. */
export const ZUpgradeReportsRequest = z.object({
  accountProductReportIds: ZReportIdList.min(1).max(MAX_DOWNLOAD_REPORTS).describe('Reports to upgrade: same report type, same methodologies'),
  reportType: ZReportType.describe('Target report type: higher than the reports’ type, or the same to add add-ons only'),
  methodologyTypeIds: ZMethodologyTypeIds.nullish().describe(
    "The upgraded reports' methodologies: the existing ones are kept first, the others added and scored; absent or empty = the account defaults",
  ),
  addOnProducts: z.array(ZAddOnProductId, labelled('Add-on products')).max(5).nullish().describe('Add-on products to add, priced at the target type'),
  sendReportEmail: z.boolean(labelled('Send report e-mail')).optional().describe('true: e-mail the caller when the upgrade is done'),
});
export type TUpgradeReportsRequest = z.infer<typeof ZUpgradeReportsRequest>;

/** Body of POST reports/upgrade/single: one report (the Create Report wizard's upgrade mode). */
export const ZUpgradeSingleReportRequest = ZUpgradeReportsRequest.omit({ accountProductReportIds: true }).extend({
  accountProductReportId: zId('Report id').describe('The report to upgrade'),
});
export type TUpgradeSingleReportRequest = z.infer<typeof ZUpgradeSingleReportRequest>;

/** Answer of POST reports/upgrade. */
export const ZUpgradeReportsResponse = z.object({
  accountProductReportIds: z.array(z.number().int()).describe('The reports upgraded'),
  reportType: ZReportType.describe('Their report type now'),
  methodologyTypeIds: z.array(ZMethodologyTypeId).describe('Their methodologies now'),
  licensesConsumed: z.record(z.string(), z.number().int()).describe('Licences consumed per product id'),
});
export type TUpgradeReportsResponse = z.infer<typeof ZUpgradeReportsResponse>;

/** Query of POST reports/delete. */
export const ZDeleteReportsQuery = z.object({
  reason: zText('Reason', { max: 500, trim: true }).optional().describe("Why the reports are deleted (e.g. 'Customer Request'); recorded in the audit log; required for provider staff"),
});
export type TDeleteReportsQuery = z.infer<typeof ZDeleteReportsQuery>;

/** Body of POST reports/delete: reports by id, and every report of the sites named. */
export const ZDeleteReportsRequest = z.object({
  accountProductReportIds: ZReportIdList.max(MAX_DOWNLOAD_REPORTS).optional().describe('Reports to delete'),
  siteIds: zIdList('Site id', { max: MAX_DOWNLOAD_REPORTS }).optional().describe('Sites whose reports are all deleted (the sites stay)'),
});
export type TDeleteReportsRequest = z.infer<typeof ZDeleteReportsRequest>;

/** Answer of POST reports/delete. */
export const ZDeleteReportsResponse = z.object({
  deletedCount: z.number().int().describe('Reports deleted'),
  accountProductReportIds: z.array(z.number().int()).describe('The reports deleted'),
  siteIds: z.array(z.number().int()).describe("Sites whose reports changed (their scores summary is recomputed from the reports left)"),
});
export type TDeleteReportsResponse = z.infer<typeof ZDeleteReportsResponse>;

/** Body of POST reports/counts and reports/summaryinfo: the reports of a download. */
export const ZReportIdsRequest = z.object({
  accountProductReportIds: ZReportIdList.describe(`Reports of the download, at most ${MAX_DOWNLOAD_REPORTS}`),
});
export type TReportIdsRequest = z.infer<typeof ZReportIdsRequest>;

const ZCount = z.number().int().min(0);

/**
 * Answer of POST reports/counts: what the download wizard's "gettingCounts" step shows before the
 * user chooses a report type and PDF options. Only the caller's visible reports are counted; the
 * other ids are counted in notFound.
 */
export const ZReportCountsResponse = z.object({
  total: ZCount.describe('Reports found'),
  siteCount: ZCount.describe('Distinct sites of those reports'),
  notFound: ZCount.describe('Ids that are not reports the caller can see'),
  byReportType: z.array(z.object({ reportType: ZReportType, name: z.string(), count: ZCount })).describe('Per report type, Basic first'),
  byCountry: z.array(z.object({ countryId: z.number().int(), count: ZCount })).describe('Per country id, ascending'),
  byReleaseYear: z.array(z.object({ releaseYear: z.number().int(), count: ZCount })).describe('Per release year, newest first'),
  byMethodology: z.array(z.object({ methodologyType: ZMethodologyTypeId, count: ZCount })).describe('Reports carrying each methodology'),
  withHeatMap: ZCount.describe('Reports with the HeatMap feature'),
  withSupplementalScores: ZCount.describe('Reports with the SupplementalScores feature'),
  withDemographics: ZCount.describe('Reports with the Demographics feature'),
  withoutMapAndPdf: ZCount.describe('Reports of releases 2006 and earlier: no map or PDF'),
});
export type TReportCountsResponse = z.infer<typeof ZReportCountsResponse>;

/** One report of POST reports/summaryinfo. */
export const ZReportSummaryInfo = z.object({
  accountProductReportId: z.number().int(),
  siteId: z.number().int(),
  siteName: z.string(),
  countryID: z.number().int(),
  reportType: ZReportType,
  releaseYear: z.number().int(),
  methodologyTypeIds: z.array(ZMethodologyTypeId),
  features: ZReportFeatures,
  addOnProducts: z.array(z.number().int()),
  sections: ZReportSections,
  hasMapAndPdf: z.boolean().describe('false for releases 2006 and earlier'),
  created: ZTimestamp,
});
export type TReportSummaryInfo = z.infer<typeof ZReportSummaryInfo>;

/** Answer of POST reports/summaryinfo: one summary per report found, in the order requested, and the ids not found. */
export const ZReportSummaryInfoResponse = z.object({
  reports: z.array(ZReportSummaryInfo).describe('In the order of the request; each id once'),
  notFound: z.array(z.number().int()).describe('Ids that are not reports the caller can see'),
});
export type TReportSummaryInfoResponse = z.infer<typeof ZReportSummaryInfoResponse>;
