/**
 * Crime incident rules shared by the API and the web client: the ten standard crime types of the
 * second incident source, the UK police crime types, the incident filters (distance, time of day,
 * date shortcuts, crime types), the drawer widths, and the police map's geometry (a ring of points
 * around a site, the padded bounding box).
 */
import { EARTH_RADIUS_METERS, greatCircleMeters, METERS_PER_MILE } from '../distance';

/** The words of the incident views. */
export const IncidentMessages = {
  /** Toast when incidents cannot be loaded. */
  loadFailed: 'There was an error retrieving crime incidents.',
  /** Where no incident source covers the place: said plainly, never shown as "no crime". */
  noData: 'No incident data for this area',
  /** The account does not have the incidents feature. */
  disabled: 'Crime incidents are not enabled for this account.',
  /** UK police data is published for Great Britain outside Scotland only. */
  policeOutsideCoverage: 'Police incident data covers Great Britain outside Scotland only.',
  siteNotFound: 'The site was not found.',
  minAboveMax: (label: string) => `The minimum ${label} cannot be above the maximum.`,
} as const;

/** A crime type's category: crimes against persons, against property, or neither (published types only). */
export type CrimeCategory = 'persons' | 'property' | 'other';

/** Map colours of incident clusters by category; `other` is the neutral grey of unclassified types. */
export const CRIME_CATEGORY_COLORS: Readonly<Record<CrimeCategory, string>> = { persons: '#9C27B0', property: '#4DD0E1', other: '#9E9E9E' };

/** Incident clusters on the Map screen: the clustering radius in pixels. */
export const INCIDENT_CLUSTER_RADIUS = 55;

/** One of the ten standard crime types. */
export interface StandardCrimeType {
  crimeTypeId: number;
  name: string;
  category: Exclude<CrimeCategory, 'other'>;
  color: string;
}

/**
 * The second source's ten standard crime types, in display order. The ids are the product's (0 to 8
 * and 10: id 9 is not used).
 */
export const STANDARD_CRIME_TYPES: readonly StandardCrimeType[] = [
  { crimeTypeId: 0, name: 'Larceny', category: 'property', color: '#26A69A' },
  { crimeTypeId: 1, name: 'Vandalism', category: 'property', color: '#8D6E63' },
  { crimeTypeId: 2, name: 'Burglary', category: 'property', color: '#FFA726' },
  { crimeTypeId: 3, name: 'Simple Assault', category: 'persons', color: '#BA68C8' },
  { crimeTypeId: 4, name: 'Motor Vehicle Theft', category: 'property', color: '#42A5F5' },
  { crimeTypeId: 5, name: 'Aggravated Assault', category: 'persons', color: '#8E24AA' },
  { crimeTypeId: 6, name: 'Robbery', category: 'persons', color: '#E53935' },
  { crimeTypeId: 7, name: 'Homicide', category: 'persons', color: '#212121' },
  { crimeTypeId: 8, name: 'Arson', category: 'property', color: '#F4511E' },
  { crimeTypeId: 10, name: 'Rape', category: 'persons', color: '#AD1457' },
];

/** The standard crime type of an id, or undefined. */
export function standardCrimeType(crimeTypeId: number): StandardCrimeType | undefined {
  return STANDARD_CRIME_TYPES.find((type) => type.crimeTypeId === crimeTypeId);
}

/**
 * The standard type id of each of the scoring model's seven offences (the UCR Part I offences the
 * source readers classify); the other three standard types (vandalism, simple assault, arson) are
 * classified by each source's own table.
 */
export const STANDARD_TYPE_OF_OFFENCE = {
  larceny: 0,
  burglary: 2,
  motorVehicleTheft: 4,
  aggravatedAssault: 5,
  robbery: 6,
  homicide: 7,
  rape: 10,
} as const satisfies Record<string, number>;

/** The ids the standard types outside the seven offences carry. */
export const EXTRA_STANDARD_TYPES = { vandalism: 1, simpleAssault: 3, arson: 8 } as const;

/** The crime types of data.police.uk street-level crime, as published; the pack stores their index. */
export const UK_CRIME_TYPES = [
  'Anti-social behaviour',
  'Bicycle theft',
  'Burglary',
  'Criminal damage and arson',
  'Drugs',
  'Other crime',
  'Other theft',
  'Possession of weapons',
  'Public order',
  'Robbery',
  'Shoplifting',
  'Theft from the person',
  'Vehicle crime',
  'Violence and sexual offences',
] as const;
export type UkCrimeType = (typeof UK_CRIME_TYPES)[number];

/** The persons/property category of a UK crime type (anti-social behaviour, drugs, public order and the like are neither). */
export function ukCrimeCategory(crimeType: string): CrimeCategory {
  if (crimeType === 'Violence and sexual offences' || crimeType === 'Robbery' || crimeType === 'Theft from the person') return 'persons';
  if (['Bicycle theft', 'Burglary', 'Criminal damage and arson', 'Other theft', 'Shoplifting', 'Vehicle crime'].includes(crimeType)) return 'property';
  return 'other';
}

/** A distance filter's bounds, default range and step, in miles. */
export interface DistanceLimits {
  min: number;
  max: number;
  defaultRange: readonly [number, number];
  step: number;
  /** The smallest gap between the two handles. */
  minRange: number;
}

/** Distance filter of the first source (the police records as published). */
export const FIRST_SOURCE_DISTANCE: DistanceLimits = { min: 0, max: 6, defaultRange: [0, 3], step: 0.25, minRange: 0 };
/** Distance filter of the second source (the ten standard types). */
export const SECOND_SOURCE_DISTANCE: DistanceLimits = { min: 0, max: 3, defaultRange: [0, 0.5], step: 0.25, minRange: 0.25 };
/** Time-of-day filter, in hours. */
export const TIME_OF_DAY_RANGE = { min: 0, max: 24, step: 0.25 } as const;

/** The two incident sources: 'first' the police records as published, 'second' the same records in the ten standard types. */
export type IncidentSource = 'first' | 'second';

/** The distance limits of a source. */
export function distanceLimitsOf(source: IncidentSource): DistanceLimits {
  return source === 'first' ? FIRST_SOURCE_DISTANCE : SECOND_SOURCE_DISTANCE;
}

/** The incident drawer's width bounds and default, in percent of the window, per source. */
export const INCIDENT_DRAWER_WIDTHS: Readonly<Record<IncidentSource, { minPercent: number; maxPercent: number; defaultPercent: number }>> = {
  first: { minPercent: 17, maxPercent: 43.5, defaultPercent: 30 },
  second: { minPercent: 26.25, maxPercent: 45, defaultPercent: 36.25 },
};

/** A drawer width in percent kept within the source's bounds (the default for a missing or broken value). */
export function clampDrawerPercent(source: IncidentSource, percent: number | null | undefined): number {
  const limits = INCIDENT_DRAWER_WIDTHS[source];
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return limits.defaultPercent;
  return Math.min(limits.maxPercent, Math.max(limits.minPercent, percent));
}

/** The date shortcuts: every date of the data, its latest year, its latest 3 months, or the rolling 30 days (the default). */
export const DATE_SHORTCUTS = ['all', 'latestYear', 'latest3Months', 'rolling30'] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];
export const DEFAULT_DATE_SHORTCUT: DateShortcut = 'rolling30';
export const DATE_SHORTCUT_LABELS: Readonly<Record<DateShortcut, string>> = {
  all: 'All data',
  latestYear: 'Latest year',
  latest3Months: 'Latest 3 months',
  rolling30: 'Rolling 30 days',
};

/** A YYYY-MM-DD day moved by whole days (UTC calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day moved by whole months, clamped to the target month's last day. */
function addMonths(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const target = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(Number(day.slice(8, 10)), lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The days a shortcut selects, inclusive. Published incident data lags (months to years), so the
 * windows end at the last day the data covers rather than today: "latest 3 months" of a 2017
 * extract is its last 3 months, not an empty window.
 */
export function dateShortcutWindow(shortcut: DateShortcut, data: { firstDate: string; lastDate: string }): { from: string; to: string } {
  const to = data.lastDate;
  switch (shortcut) {
    case 'all':
      return { from: data.firstDate, to };
    case 'latestYear':
      return { from: addDays(addMonths(to, -12), 1), to };
    case 'latest3Months':
      return { from: addDays(addMonths(to, -3), 1), to };
    case 'rolling30':
      return { from: addDays(to, -29), to };
  }
}

/** What an incident filter selects. Distances in miles, hours 0–24, days YYYY-MM-DD, both ends inclusive. */
export interface IncidentFilter {
  minMiles: number;
  maxMiles: number;
  startHour: number;
  endHour: number;
  from?: string;
  to?: string;
  /** Only these crime type ids; every type when absent. */
  crimeTypeIds?: readonly number[];
}

/** An incident as the filter sees it. `hour` is null when the record has no time of day. */
export interface FilterableIncident {
  distanceMiles: number;
  date: string;
  hour: number | null;
  crimeTypeId: number;
}

/** Hours of a HH:MM time (14:30 → 14.5), or null when the text is not a time. */
export function hourOfTime(time: string | null | undefined): number | null {
  const match = time ? /^(\d{2}):(\d{2})/.exec(time) : null;
  return match ? Number(match[1]) + Number(match[2]) / 60 : null;
}

/**
 * True when the incident passes the filter. A record without a time of day passes only the full
 * 0–24 range: a narrowed time range cannot say whether it applies.
 */
export function matchesIncidentFilter(incident: FilterableIncident, filter: IncidentFilter): boolean {
  if (incident.distanceMiles < filter.minMiles || incident.distanceMiles > filter.maxMiles) return false;
  if (filter.from !== undefined && incident.date < filter.from) return false;
  if (filter.to !== undefined && incident.date > filter.to) return false;
  if (filter.crimeTypeIds && !filter.crimeTypeIds.includes(incident.crimeTypeId)) return false;
  const fullDay = filter.startHour <= TIME_OF_DAY_RANGE.min && filter.endHour >= TIME_OF_DAY_RANGE.max;
  if (fullDay) return true;
  return incident.hour !== null && incident.hour >= filter.startHour && incident.hour <= filter.endHour;
}

/** Great-circle distance in metres, as the product's incident distances use it. */
export const incidentDistanceMeters = greatCircleMeters;

/** The UK police map: radius padding, ring points, clustering and zoom limits. */
export const POLICE_MAP = {
  radiusPadding: 0.025,
  ringPoints: 64,
  clusterRadius: 30,
  clusterMaxZoom: 20,
  maxZoom: 17,
  /** Above this zoom a cluster's popup lists its crimes by type. */
  popupListZoom: 17,
  /** The largest radius a police map may ask for, in miles. */
  maxRadiusMiles: 10,
} as const;

/** True for a site the UK police map applies to: Great Britain (GBR) outside Scotland. */
export function policeMapApplies(site: { countryCode: string | null | undefined; state?: string | null }): boolean {
  if (site.countryCode !== 'GBR') return false;
  const state = (site.state ?? '').trim().toUpperCase();
  return state !== 'SCT' && state !== 'SCOTLAND' && state !== 'NIR' && state !== 'NORTHERN IRELAND';
}

/** A [longitude, latitude] pair, GeoJSON order. */
export type LngLat = [number, number];

/** The point `meters` away from a centre on a bearing (degrees clockwise from north), on the product's sphere. */
export function destinationPoint(lng: number, lat: number, bearingDegrees: number, meters: number): LngLat {
  const toRad = Math.PI / 180;
  const angular = meters / EARTH_RADIUS_METERS;
  const bearing = bearingDegrees * toRad;
  const lat1 = lat * toRad;
  const lng1 = lng * toRad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return [lng2 / toRad, lat2 / toRad];
}

/** A closed ring of `points` points (the first repeated at the end) at `radiusMiles` around a centre. */
export function circleRing(lng: number, lat: number, radiusMiles: number, points: number = POLICE_MAP.ringPoints): LngLat[] {
  const meters = radiusMiles * METERS_PER_MILE;
  const ring: LngLat[] = [];
  for (let index = 0; index < points; index++) ring.push(destinationPoint(lng, lat, (360 * index) / points, meters));
  ring.push(ring[0]!);
  return ring;
}

/** A bounding box: west, south, east, north in degrees. */
export type Bbox = [minLng: number, minLat: number, maxLng: number, maxLat: number];

/** The bounding box of the circle of `radiusMiles` around a centre, the radius padded by 2.5 % so the ring sits inside the view. */
export function paddedRadiusBbox(lng: number, lat: number, radiusMiles: number): Bbox {
  const meters = radiusMiles * (1 + POLICE_MAP.radiusPadding) * METERS_PER_MILE;
  const [, north] = destinationPoint(lng, lat, 0, meters);
  const [, south] = destinationPoint(lng, lat, 180, meters);
  const [east] = destinationPoint(lng, lat, 90, meters);
  const [west] = destinationPoint(lng, lat, 270, meters);
  return [west, south, east, north];
}
