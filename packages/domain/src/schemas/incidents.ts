import { z } from 'zod';
import { FieldMessages, labelled, zIdList, zText } from './fields';
import {
  DATE_SHORTCUTS,
  FIRST_SOURCE_DISTANCE,
  IncidentMessages,
  POLICE_MAP,
  SECOND_SOURCE_DISTANCE,
  TIME_OF_DAY_RANGE,
  type DistanceLimits,
} from '../rules/incidents';

/** A number in a query string or path, decimals allowed, from `min` to `max`. */
function zNumberParam(label: string, min: number, max: number) {
  const words = { error: () => FieldMessages.number(label, min, max) };
  return z.coerce.number(words).min(min, words).max(max, words);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const zDay = (label: string) => z.string(labelled(label)).regex(DAY, { error: () => `${label} must be a date written YYYY-MM-DD.` });

/** Comma-separated crime type ids in a query string ("0,2,5"). */
const zCrimeTypeIds = z
  .string(labelled('Crime types'))
  .max(400)
  .transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
    const ids = parts.map(Number);
    if (ids.some((id) => !Number.isInteger(id) || id < 0 || id > 100_000)) {
      ctx.addIssue({ code: 'custom', message: 'Crime types must be a comma-separated list of crime type ids.' });
      return z.NEVER;
    }
    return ids;
  });

/** The incident filter query of a source, its distance limited as the source's filter is. */
function incidentQuery(distance: DistanceLimits) {
  return z
    .object({
      v: zText('Client version', { max: 64 }).optional().describe('Client version (ignored)'),
      minDistance: zNumberParam('Minimum distance', distance.min, distance.max).default(distance.defaultRange[0]).describe('Miles from the site, inclusive'),
      maxDistance: zNumberParam('Maximum distance', distance.min, distance.max).default(distance.defaultRange[1]).describe('Miles from the site, inclusive'),
      startHour: zNumberParam('Start hour', TIME_OF_DAY_RANGE.min, TIME_OF_DAY_RANGE.max).default(TIME_OF_DAY_RANGE.min).describe('Time of day from, hours (14.5 = 14:30)'),
      endHour: zNumberParam('End hour', TIME_OF_DAY_RANGE.min, TIME_OF_DAY_RANGE.max).default(TIME_OF_DAY_RANGE.max).describe('Time of day to, hours'),
      dateRange: z.enum(DATE_SHORTCUTS, labelled('Date range')).optional().describe('A date shortcut, anchored on the last date the data covers; rolling30 when neither it nor from/to is given'),
      from: zDay('From date').optional().describe('First day, YYYY-MM-DD (instead of dateRange)'),
      to: zDay('To date').optional().describe('Last day, YYYY-MM-DD (instead of dateRange)'),
      crimeTypeIds: zCrimeTypeIds.optional().describe("Comma-separated crime type ids of the source's crime types; every type when absent"),
    })
    .refine((query) => query.minDistance <= query.maxDistance, { message: IncidentMessages.minAboveMax('distance'), path: ['minDistance'] })
    .refine((query) => query.startHour <= query.endHour, { message: IncidentMessages.minAboveMax('hour'), path: ['startHour'] })
    .refine((query) => !query.from || !query.to || query.from <= query.to, { message: IncidentMessages.minAboveMax('date'), path: ['from'] });
}

/** GET sites/{id}/incidents query (first source). */
export const ZSiteIncidentsQuery = incidentQuery(FIRST_SOURCE_DISTANCE);
export type TSiteIncidentsQuery = z.infer<typeof ZSiteIncidentsQuery>;
/** GET sites/{id}/incidentsDOM query (second source). */
export const ZSiteIncidentsDOMQuery = incidentQuery(SECOND_SOURCE_DISTANCE);

/** A police department whose published incidents cover a place, and the dates its data spans. */
export const ZIncidentDepartment = z.object({
  pd: z.string().describe('The department key (e.g. chicago-2025-05)'),
  name: z.string().describe('The data set as the publisher names it'),
  city: z.string(),
  state: z.string(),
  firstDate: z.string().describe('First incident date, YYYY-MM-DD'),
  lastDate: z.string().describe('Last incident date, YYYY-MM-DD'),
  source: z.string().describe('Publisher and licence, for attribution'),
});
export type TIncidentDepartment = z.infer<typeof ZIncidentDepartment>;

/** Whether incident data covers the place: when not, `message` says so and the list is empty for that reason, not for want of crime. */
const incidentCoverage = {
  dataAvailable: z.boolean().describe('False where no incident source covers the place'),
  message: z.string().nullable().describe("'No incident data for this area' when dataAvailable is false"),
  departments: z.array(ZIncidentDepartment).describe('The departments whose data covers the site'),
  from: z.string().nullable().describe('First day the filter selected'),
  to: z.string().nullable().describe('Last day the filter selected'),
};

/** An incident of the first source: the police record as published. */
export const ZPoliceIncident = z.object({
  id: z.string().describe("The department's incident or record number"),
  crimetype: z.string().describe('Crime type as published'),
  crimeTypeId: z.number().int().describe('Id of the crime type in GET sites/crimetypes'),
  street: z.string().describe('Block or address as published'),
  city: z.string(),
  state: z.string(),
  zip: z.string().nullable().describe('Not published by these departments: null'),
  pd: z.string().describe('Police district as published'),
  incidentdate: z.string().describe('YYYY-MM-DD'),
  incidenttime: z.string().nullable().describe('HH:MM, null when not published'),
  dayofweek: z.string(),
  description: z.string(),
  premise: z.string().nullable().describe('Location type where published'),
  weapon: z.string().nullable().describe('Not published by these departments: null'),
  distance: z.number().describe('Miles from the site, 2 decimals'),
  latitude: z.number(),
  longitude: z.number(),
});
export type TPoliceIncident = z.infer<typeof ZPoliceIncident>;

/** An incident of the second source: the same record classified into the ten standard types. */
export const ZSecondSourceIncident = z.object({
  id: z.string(),
  typeId: z.number().int().describe('Standard crime type id (GET sites/crimetypesDOM)'),
  dist: z.number().describe('Miles from the site, 2 decimals'),
  date: z.string().describe('YYYY-MM-DD, with HH:MM when published'),
  day: z.string().describe('Day of the week'),
  pd: z.string().describe('Police district as published'),
  desc: z.string().describe('Description as published'),
  lat: z.number(),
  lng: z.number(),
  cat: z.enum(['persons', 'property']).describe('Category of the standard type'),
});
export type TSecondSourceIncident = z.infer<typeof ZSecondSourceIncident>;

/** GET sites/{id}/incidents response. */
export const ZSiteIncidentsResponse = z.object({ ...incidentCoverage, incidents: z.array(ZPoliceIncident) });
export type TSiteIncidentsResponse = z.infer<typeof ZSiteIncidentsResponse>;
/** GET sites/{id}/incidentsDOM response. */
export const ZSiteIncidentsDOMResponse = z.object({ ...incidentCoverage, incidents: z.array(ZSecondSourceIncident) });
export type TSiteIncidentsDOMResponse = z.infer<typeof ZSiteIncidentsDOMResponse>;

/** A crime type of a source (GET sites/crimetypes, GET sites/crimetypesDOM). */
export const ZIncidentCrimeType = z.object({
  crimeTypeId: z.number().int(),
  name: z.string(),
  color: z.string().describe('CSS colour'),
  category: z.enum(['persons', 'property', 'other']).describe("'other' only for published types outside the ten standard types"),
  order: z.number().int(),
  enabled: z.boolean().describe('Shown and selected by default'),
});
export type TIncidentCrimeType = z.infer<typeof ZIncidentCrimeType>;
export const ZIncidentCrimeTypeList = z.array(ZIncidentCrimeType);

/** POST sites/pddateranges body: the sites whose departments' date ranges are wanted. */
export const ZPdDateRangesRequest = z.object({ siteIds: zIdList('Site id', { min: 1, max: 1000 }) });
/** POST sites/pddateranges response: per site the covering departments and their first and last incident dates. */
export const ZPdDateRangesResponse = z.array(z.object({ siteId: z.number().int(), departments: z.array(ZIncidentDepartment) }));
export type TPdDateRangesResponse = z.infer<typeof ZPdDateRangesResponse>;

/** GET reports/policeincidentsrecentmonth response: the most recent month of UK police data. */
export const ZPoliceRecentMonth = z.object({ month: z.number().int().min(1).max(12), year: z.number().int() });
export type TPoliceRecentMonth = z.infer<typeof ZPoliceRecentMonth>;

/** {lng}/{lat}/{radius} of the police map paths (radius in miles). */
const policePoint = {
  lng: zNumberParam('Longitude', -180, 180).describe('Longitude'),
  lat: zNumberParam('Latitude', -90, 90).describe('Latitude'),
  radius: zNumberParam('Radius', 0.01, POLICE_MAP.maxRadiusMiles).describe('Radius in miles'),
};
export const ZPolicePointParams = z.object(policePoint);
/** GET reports/{lng}/{lat}/{radius}/{year}/{period}/policeincidents params: period YTD (January to the latest month) or year (the whole year). */
export const ZPoliceIncidentsParams = z.object({
  ...policePoint,
  year: z.coerce.number({ error: () => FieldMessages.wholeNumber('Year', 2000, 2100) }).int().min(2000).max(2100).describe('Calendar year'),
  period: z
    .string()
    .transform((text) => text.toLowerCase())
    .pipe(z.enum(['ytd', 'year'], { error: () => "Period must be YTD or year." }))
    .describe('YTD or year'),
});

/** A UK police feature: the incidents of one crime type and month at one (anonymised) street point. */
export const ZPoliceFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({ crime_type: z.string(), month: z.string().describe('YYYY-MM'), count: z.number().int().min(1), category: z.enum(['persons', 'property', 'other']) }),
});
export type TPoliceFeature = z.infer<typeof ZPoliceFeature>;

const policeCoverage = {
  dataAvailable: z.boolean().describe('False outside the areas the police data covers'),
  message: z.string().nullable(),
  source: z.string().nullable().describe('Publisher and licence, for attribution'),
};

/** GET …/policeincidents response: a GeoJSON feature collection grouped by month and crime type. */
export const ZPoliceIncidentsResponse = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(ZPoliceFeature),
  ...policeCoverage,
  fromMonth: z.string().nullable(),
  toMonth: z.string().nullable(),
});
export type TPoliceIncidentsResponse = z.infer<typeof ZPoliceIncidentsResponse>;

/** GET …/policeincidentssummary response: counts keyed by crime type, one entry per year. */
export const ZPoliceSummaryResponse = z.object({
  ...policeCoverage,
  summary: z.record(z.string(), z.array(z.object({ year: z.number().int(), count: z.number().int() }))),
});
export type TPoliceSummaryResponse = z.infer<typeof ZPoliceSummaryResponse>;

/** GET …/getBbox response: the box around the radius, padded 2.5 %, and the 64-point ring. */
export const ZPoliceBboxResponse = z.object({
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('West, south, east, north'),
  ring: z.array(z.tuple([z.number(), z.number()])).describe('Closed ring of [lng, lat] at the radius'),
  radius: z.number().describe('Radius in miles, 2 decimals'),
});
export type TPoliceBboxResponse = z.infer<typeof ZPoliceBboxResponse>;
