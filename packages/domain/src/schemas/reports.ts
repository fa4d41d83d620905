import { z } from 'zod';
import { ALL_REPORT_FEATURES, isReportAddOnProduct, isValidSections } from '../reports/products';
import { CRIME_TYPE_KEYS, SCORE_COVERAGES, SCORE_PERIODS, SCORE_REGIONS, SCORE_ROW_TYPES, SCORE_VALUE_MAX, SCORE_VALUE_MIN } from '../reports/vocabulary';
import { ZIdList, ZQueryBool, ZTimestamp } from './common';
import { ZCountryCodeInput, ZLatitude, ZLongitude } from './geo';

/**
 * The reports contract (spec 1 §3 Report and Create-report payload, spec 3 §3 Report entity) and
 * the scores-without-a-report contract of issue #4 item 4.
 */

/** A report type id: 0 Basic, 1 Premium, 6 Premium Plus. */
export const ZReportType = z.union([z.literal(0), z.literal(1), z.literal(6)]).describe('Report type: 0 Basic (1 methodology, 90 scores), 1 Premium (2, 180), 6 Premium Plus (4, 360)');

/** A methodology id, 1–4. */
export const ZMethodologyTypeId = z.number().int().min(1).max(4).describe('Methodology id 1–4 (priority order 2, 3, 1, 4; 2 is the default)');

/** A list of methodology ids as requested (duplicates are counted once by the rules). */
export const ZMethodologyTypeIds = z.array(ZMethodologyTypeId).max(4).describe('Methodology ids, 1 to 4 of them');

/** A report add-on product id. */
export const ZAddOnProductId = z
  .number()
  .int()
  .refine(isReportAddOnProduct, { message: 'must be a report add-on product: 100, 101, 102, 104 or 105' })
  .describe('Add-on product: 100 HeatMap, 101/102 Supplemental scores (Basic/Premium), 104/105 Demographics (Basic/Premium)');

/** Feature flags of a report. */
export const ZReportFeatures = z.number().int().min(0).max(ALL_REPORT_FEATURES).describe('Feature flags: HeatMap 1, SupplementalScores 2, Demographics 4');

/** A section value: a sum of the report section bits. */
export const ZReportSections = z
  .number()
  .int()
  .refine(isValidSections, { message: 'must be a sum of the section bits 1, 2, 4, 256, 512, 1024, 2048, 32768, 65536, 131072' })
  .describe('Report sections: a sum of 1, 2, 4, 256, 512, 1024, 2048, 32768, 65536, 131072; default 233223 (all)');

/** A release year in a request: -1 (or absent) the current release, else a year corrected to the closest release. */
export const ZReleaseYearRequest = z.number().int().min(-1).max(2100).describe('Release year; -1 or absent = the current release; another year is corrected to the closest release the country has');

const text = (max: number, description: string) => z.string().max(max).nullish().describe(description);

/**
 * Body of POST reports (spec 1 §3 "Create-report payload"). Either `siteId` names an existing
 * site, or the site fields describe a new one (siteName and a location are then required; the
 * service geocodes the address when coordinates are absent).
 */
export const ZCreateReportRequest = z
  .object({
    reportType: ZReportType,
    methodologyTypeIds: ZMethodologyTypeIds.nullish().describe('Methodology ids; absent or empty = the account defaults for the report type'),
    addOnProducts: z.array(ZAddOnProductId).max(5).nullish().describe('Add-on products to buy with the report (their Basic or Premium variant must match the report type)'),
    countryCode: ZCountryCodeInput.nullish().describe('Country of a new site: ISO-3 (USA, CAN, GBR, MEX, PRI) or ISO-2'),
    siteName: text(200, 'Name of a new site; unique in the account'),
    street: text(500, 'Street line'),
    street2: text(500, 'Second address line'),
    city: text(200, 'City'),
    state: text(100, 'State, province or region: code or name'),
    zipCode: text(20, 'ZIP or postal code'),
    externalID: text(200, "External id; its label is the account's externalIDName"),
    latitude: ZLatitude.nullish().describe('Latitude of a new site; with longitude, skips geocoding'),
    longitude: ZLongitude.nullish().describe('Longitude of a new site'),
    notes: text(4000, 'Notes on the site'),
    tags: text(4000, "Tags joined with ';' (empties and duplicates are dropped, each trimmed)"),
    releaseYear: ZReleaseYearRequest.nullish(),
    classificationIds: ZIdList.max(1000).nullish().describe('Classification ids of a new site'),
    siteId: z.number().int().positive().nullish().describe('Existing site to report on; the site fields are then ignored'),
  })
  .superRefine((body, ctx) => {
    if (body.siteId) return;
    if (!body.siteName?.trim()) ctx.addIssue({ code: 'custom', path: ['siteName'], message: 'Site Name is required.' });
    const hasCoordinates = body.latitude !== null && body.latitude !== undefined && body.longitude !== null && body.longitude !== undefined;
    if (!hasCoordinates && !body.countryCode) ctx.addIssue({ code: 'custom', path: ['countryCode'], message: 'is required for a new site without coordinates' });
  });
export type TCreateReportRequest = z.infer<typeof ZCreateReportRequest>;

/** Query of POST reports (spec 1 §7). Non-strict so the client's `v` passes. */
export const ZCreateReportQuery = z.object({
  sendReportEmail: ZQueryBool.optional().describe('true: e-mail the user when the report is ready'),
  ignoreDuplicates: ZQueryBool.optional().describe('true: create a new site even when one exists at the location'),
  acceptFirstCandidate: ZQueryBool.optional().describe('true: use the best geocode candidate when the address has several'),
  allowZipLevelPrecision: ZQueryBool.optional().describe('true: accept a geocode that only reaches the ZIP or postcode'),
});
export type TCreateReportQuery = z.infer<typeof ZCreateReportQuery>;

/** A crime type key. */
export const ZCrimeType = z.enum(CRIME_TYPE_KEYS).describe('Crime type: homicide, rape, robbery, aggravatedAssault, burglary, larceny, motorVehicleTheft, persons, property, total');
/** A comparison region key. */
export const ZScoreRegion = z.enum(SCORE_REGIONS).describe('Comparison area: national, state (state/province/region) or county (county/municipality/local authority)');
/** A period key. */
export const ZScorePeriod = z.enum(SCORE_PERIODS).describe('Period: past (release − 5 years), current, projected (release + 5 years)');
/** A coverage flag. */
export const ZScoreCoverage = z.enum(SCORE_COVERAGES).describe('reported: the agencies behind the score reported; imputed: the model filled a gap');
/** A score value on the 0–2000 scale. */
export const ZScoreValue = z.number().min(SCORE_VALUE_MIN).max(SCORE_VALUE_MAX).describe('Score 0–2000: the modelled rate ÷ the comparison area average × 100');

/**
 * One row of a {product}Data entry's scores (spec 3 §3: name, value, order, scoreIndex, scoreType,
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
  name: z.string().describe('Display name for the country: National; State/Province/Region; County/Municipality/Local Authority'),
  areaName: z.string().nullable().describe('The actual area, e.g. "Illinois" or "Cook County"; null for national'),
});

/** A period of one report, with the year it stands for. */
export const ZReportPeriod = z.object({
  key: ZScorePeriod,
  name: z.string().describe('Past, Current or Projected'),
  year: z.number().int().describe('The data year the period stands for'),
});

/** One {product}Data entry: the scores of one methodology in a report (spec 3 §3). */
export const ZProductData = z.object({
  methodologyType: ZMethodologyTypeId,
  yearRelease: z.number().int().describe('Release year of the scores'),
  radius1: z.number().min(0).describe('Inner radius in miles of the neighbourhood the methodology drew on; 0 when it uses none'),
  radius2: z.number().min(0).describe('Outer radius in miles of the neighbourhood the methodology drew on; 0 when it uses none'),
  regions: z.array(ZReportRegion).describe('The comparison areas shown (DC sites omit state from release 2022)'),
  periods: z.array(ZReportPeriod).describe('The three periods'),
  scores: z.array(ZScore).describe('Heading rows and score rows in display order; 90 score rows, fewer when state scores are hidden'),
});
export type TProductData = z.infer<typeof ZProductData>;

/** A supplement added to a report after it was created (an add-on bought later, or an upgrade). */
export const ZReportSupplement = z.object({
  productId: z.number().int().describe('The add-on or upgrade product consumed'),
  created: ZTimestamp.describe('When the supplement was added'),
});

/**
 * The Report entity (spec 1 §3, spec 3 §3). Its {product}Data entries are in the field named for
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
});
export type TReport = z.infer<typeof ZReport>;

/** Body of POST reports/validatemethodologies. */
export const ZValidateMethodologiesRequest = z.object({
  reportType: ZReportType,
  methodologyTypeIds: ZMethodologyTypeIds.describe('Methodology ids to check; empty checks the account defaults'),
});
export type TValidateMethodologiesRequest = z.infer<typeof ZValidateMethodologiesRequest>;

/** Answer of POST reports/validatemethodologies. */
export const ZValidateMethodologiesResponse = z.object({
  isValid: z.boolean().describe('The methodologies may be used for the report type by this user'),
  message: z.string().nullable().describe("The spec's message when not valid, e.g. 'Please select 2 methodologies.'"),
  methodologyTypeIds: z.array(ZMethodologyTypeId).describe('The methodologies that would be used (duplicates removed, defaults filled in); empty when not valid'),
});
export type TValidateMethodologiesResponse = z.infer<typeof ZValidateMethodologiesResponse>;

/** Most locations one POST scores call may carry. */
export const MAX_SCORE_LOCATIONS = 1000;

/** Body of POST scores (issue #4 item 4). */
export const ZScoresRequest = z.object({
  locations: z
    .array(z.object({ latitude: ZLatitude, longitude: ZLongitude }))
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
      scores: z.array(ZLocationScore).describe('90 per methodology; empty when not scorable'),
    }),
  ).describe('One result per requested location, in the order given'),
});
export type TScoresResponse = z.infer<typeof ZScoresResponse>;
