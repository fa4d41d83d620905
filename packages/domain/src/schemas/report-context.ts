import { z } from 'zod';
import { ZVersionQuery } from './common';
import { zIdList, zIdParam } from './fields';
import { METERS_PER_MILE } from '../rules/incidents';

/**
 * The contract of a report's context: points of interest near the site (proximity), the county's
 * demographics and the crime rate comparison (actual against expected rates per methodology).
 */

/** One proximity layer the product offers: a kind of point of interest. */
export interface ProximityLayerDefinition {
  proximityLayerID: number;
  name: string;
  /** Material icon name the map and the list draw. */
  icon: string;
  /** The group the layer belongs to in lists. */
  classification: string;
  sortOrder: number;
  /** Where the layer's points exist: a layer with local data covers only its city. */
  coverage: string;
}

/** The proximity layers, in sort order. Ids are stored in the data pack: never renumber them. */
export const PROXIMITY_LAYERS: readonly ProximityLayerDefinition[] = [
  { proximityLayerID: 1, name: 'Hospitals', icon: 'local_hospital', classification: 'Health', sortOrder: 1, coverage: 'United States and Puerto Rico' },
  { proximityLayerID: 2, name: 'Police stations', icon: 'local_police', classification: 'Public safety', sortOrder: 2, coverage: 'Chicago' },
  { proximityLayerID: 3, name: 'Fire stations', icon: 'local_fire_department', classification: 'Public safety', sortOrder: 3, coverage: 'Chicago' },
  { proximityLayerID: 4, name: "CTA 'L' stations", icon: 'train', classification: 'Transit', sortOrder: 4, coverage: 'Chicago' },
];

/** Crime rate comparison starts with this release. */
export const CRIME_RATE_COMPARISON_FROM_RELEASE = 2024;

/**
 * Whether a report offers the crime rate comparison: US reports (country 1) of urban sites
 * (community type 2) from the 2024 release on — the model's rates are compared with the reported
 * rates only where both rest on dense city data.
 */
export function crimeRateComparisonApplies(report: { countryId: number; communityType: number | null; releaseYear: number }): boolean {
  return report.countryId === 1 && report.communityType === 2 && report.releaseYear >= CRIME_RATE_COMPARISON_FROM_RELEASE;
}


/**
 * A distance for display, two decimals: kilometres for the metric-display country (2), else
 * miles (metres ÷ 1609.34).
 */
export function formatDistance(meters: number, countryId: number): string {
  return countryId === 2 ? `${(meters / 1000).toFixed(2)} km` : `${(meters / METERS_PER_MILE).toFixed(2)} mi`;
}

/** Points of interest are searched this far from the site (3 miles, the outer incident radius). */
export const PROXIMITY_RADIUS_METERS = 4828;
/** At most this many points per layer, the nearest first. */
export const PROXIMITY_POINTS_PER_LAYER = 25;

/** One point of interest near a site. */
export const ZProximityPoint = z.object({
  name: z.string().describe('Name of the place'),
  distance: z.number().describe('Distance from the site in metres (straight line)'),
  category: z.string().describe('Kind of place within the layer (hospital type, transit lines, …)'),
  address: z.string().describe('Street address, or empty when the source has none'),
  icon: z.string().describe("The layer's icon name"),
  latitude: z.number().describe('Latitude of the place'),
  longitude: z.number().describe('Longitude of the place'),
});
export type TProximityPoint = z.infer<typeof ZProximityPoint>;

/** A proximity layer as GET reports/proximity lists it. */
export const ZProximityLayer = z.object({
  proximityLayerID: z.number().int().describe('Layer id'),
  enabled: z.boolean().describe('Whether the layer is shown'),
  icon: z.string().describe('Material icon name'),
  name: z.string().describe('Layer name'),
  classification: z.string().describe('Group of the layer (Health, Public safety, Transit)'),
  sortOrder: z.number().int().describe('Position in lists'),
});
export type TProximityLayer = z.infer<typeof ZProximityLayer>;
export const ZProximityLayerList = z.array(ZProximityLayer);

/** A layer with the points of interest near one report's site. */
export const ZReportProximityLayer = ZProximityLayer.extend({
  pointsOfInterest: z.array(ZProximityPoint).describe(`Points within ${PROXIMITY_RADIUS_METERS} m of the site, nearest first, at most ${PROXIMITY_POINTS_PER_LAYER}`),
});
export type TReportProximityLayer = z.infer<typeof ZReportProximityLayer>;

/** Answer of GET reports/{id}/proximity. */
export const ZReportProximity = z.object({
  accountProductReportId: z.number().int(),
  siteId: z.number().int(),
  countryID: z.number().int().describe('Country of the report: 2 shows distances in kilometres'),
  radiusMeters: z.number().describe('How far from the site points were searched'),
  layers: z.array(ZReportProximityLayer),
});
export type TReportProximity = z.infer<typeof ZReportProximity>;

/** Path of GET reports/{id}/proximity. */
export const ZReportIdParams = z.object({ id: zIdParam('Report id').describe('accountProductReportId') });

/** Body of POST reports/addProximity. */
export const ZAddProximityRequest = z.object({
  accountProductReportIds: zIdList('Report id', { min: 1, max: 100_000 }).describe('Reports to add points of interest to'),
});
export type TAddProximityRequest = z.infer<typeof ZAddProximityRequest>;

/** Answer of POST reports/addProximity: the task to poll. */
export const ZAddProximityStarted = z.object({
  taskStatusId: z.number().int().positive().describe('Poll users/taskstatuses/{taskStatusId}; currentStatus 2 when done'),
  count: z.number().int().min(0).describe('Reports the job adds points of interest to'),
});
export type TAddProximityStarted = z.infer<typeof ZAddProximityStarted>;

/** What {x} of GET reports/{id}/{x}/demographics selects: 'all', or one section id (with its subsections). */
export const ZDemographicsParams = z.object({
  id: zIdParam('Report id').describe('accountProductReportId'),
  x: z
    .union([z.literal('all'), zIdParam('Demographic section')])
    .describe("'all' for every section, or a demographicSectionID for that section and its subsections"),
});
export type TDemographicsParams = z.infer<typeof ZDemographicsParams>;

/** A demographic variable's name. */
export const ZDemographicName = z.object({
  dataName: z.string().describe('Key of the value in demographics'),
  displayName: z.string().describe('What the value measures'),
  visible: z.boolean().describe('Shown by default (margins of error are not)'),
  unit: z.string().describe("Unit: 'people', '%', '$', 'minutes', …"),
  demographicSectionID: z.number().int().describe('Section the variable belongs to'),
  source: z.string().describe('Survey the value comes from'),
});
export type TDemographicName = z.infer<typeof ZDemographicName>;

/** A section of the demographics tree. */
export const ZDemographicSection = z.object({
  demographicSectionID: z.number().int(),
  parentID: z.number().int().nullable().describe('Parent section, null at the top'),
  sectionName: z.string(),
});
export type TDemographicSection = z.infer<typeof ZDemographicSection>;

/** Answer of GET reports/{id}/{x}/demographics. */
export const ZReportDemographics = z.object({
  accountProductReportId: z.number().int(),
  countyFips: z.string().describe('Five-digit FIPS code of the county the site lies in'),
  countyName: z.string().describe('County name with its state'),
  demographics: z.record(z.string(), z.number().nullable()).describe('Value per dataName; null where the source has none'),
  demographicNames: z.array(ZDemographicName),
  demographicSections: z.array(ZDemographicSection),
});
export type TReportDemographics = z.infer<typeof ZReportDemographics>;

/** Path of GET reports/{siteId}/crcfData. */
export const ZCrimeRateSiteParams = z.object({ siteId: zIdParam('Site id').describe('Site id') });
/** Query of GET reports/{siteId}/crcfData. */
export const ZCrimeRateQuery = ZVersionQuery.extend({
  reportId: zIdParam('Report id').optional().describe("The report to compare; the site's latest report when absent"),
});

/** Actual against expected rate of one crime type. */
export const ZCrimeRateRow = z.object({
  crimeType: z.string().describe('Crime type key'),
  name: z.string().describe('Crime type name'),
  actual: z.number().nullable().describe("Crimes per 100,000 residents in the site's comparison area for the year; null when the pack has no rate"),
  reported: z.boolean().describe('The actual rate is what a source reported for that year (false: carried from the nearest reported years)'),
  expected: z.number().nullable().describe("The model's crimes per 100,000 residents at the site"),
});
export type TCrimeRateRow = z.infer<typeof ZCrimeRateRow>;

/** Crime rate data of one methodology. */
export const ZCrimeRateData = z.object({
  methodologyType: z.number().int(),
  methodologyName: z.string(),
  areaName: z.string().describe('The comparison area whose reported rate is the actual'),
  year: z.number().int().describe('Data year compared'),
  rates: z.array(ZCrimeRateRow),
});
export type TCrimeRateData = z.infer<typeof ZCrimeRateData>;

/** Answer of GET reports/{siteId}/crcfData. */
export const ZCrimeRateComparison = z.object({
  siteId: z.number().int(),
  accountProductReportId: z.number().int(),
  releaseYear: z.number().int(),
  methodologies: z.array(ZCrimeRateData),
});
export type TCrimeRateComparison = z.infer<typeof ZCrimeRateComparison>;

/** The words of this area's refusals and failures. */
export const ReportContextMessages = {
  noProximity: 'This report does not include points of interest. Add proximity to see them.',
  noDemographics: 'This report does not include demographics. Add the Demographics add-on to see them.',
  noCountyDemographics: 'Demographics are available for sites in US counties only.',
  unknownSection: 'There is no demographic section with that id.',
  proximityAlreadyAdded: 'The selected reports already include points of interest.',
  crimeRateNotAvailable: 'Crime rate comparison is available for urban US sites with a report of release 2024 or later.',
  crimeRateNotAllowed: 'Crime rate comparison is not enabled for this account.',
  crimeRateLoadFailed: 'There was an error retrieving crime rate data.',
  proximityAdded: (count: number) => `Points of interest were added to ${count} report${count === 1 ? '' : 's'}.`,
} as const;
