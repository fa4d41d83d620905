import {
  IncidentMessages,
  METERS_PER_MILE,
  circleRing,
  paddedRadiusBbox,
  roundMiles,
  ukCrimeCategory,
  type TPoliceBboxResponse,
  type TPoliceFeature,
  type TPoliceIncidentsResponse,
  type TPoliceRecentMonth,
  type TPoliceSummaryResponse,
} from '@riskatlas/domain';
import type { Gazetteer } from '@riskatlas/geo';
import type { UkForceInfo } from '@riskatlas/scoring';
import type { Caller } from '../../access/caller';
import { incidentData } from './incident-data';
import { requireIncidents } from './incidents.policy';

/** The UK's country id in the gazetteer. */
const UK_COUNTRY_ID = 3;
/** The nations of Great Britain whose forces publish street-level crime here: England and Wales (Police Scotland does not). */
const POLICE_NATIONS = new Set(['ENG', 'WLS']);

/** A point and radius (miles) of the police map. */
export interface PolicePoint {
  lng: number;
  lat: number;
  radius: number;
}

/** True in Great Britain outside Scotland: the only places the police map applies. */
function isPoliceArea(gazetteer: Gazetteer, lat: number, lng: number): boolean {
  if (gazetteer.countryAt(lat, lng) !== UK_COUNTRY_ID) return false;
  const nation = gazetteer.nearestPostalArea(lat, lng, UK_COUNTRY_ID)?.area.admin1Code;
  return nation !== undefined && POLICE_NATIONS.has(nation);
}

/** The forces covering a point, or why none does (outside Great Britain-but-Scotland, or no data there). */
function forcesAt(gazetteer: Gazetteer, point: PolicePoint): { forces: UkForceInfo[]; message: string | null } {
  if (!isPoliceArea(gazetteer, point.lat, point.lng)) return { forces: [], message: IncidentMessages.policeOutsideCoverage };
  const forces = incidentData().ukForcesAt(point.lat, point.lng);
  return { forces, message: forces.length > 0 ? null : IncidentMessages.noData };
}

const sourceOf = (forces: readonly UkForceInfo[]) => (forces.length > 0 ? [...new Set(forces.map((force) => force.source))].join('; ') : null);

/** GET reports/policeincidentsrecentmonth: the latest month any force's data reaches. */
export function policeRecentMonth(caller: Caller): TPoliceRecentMonth {
  requireIncidents(caller);
  const latest = incidentData().latestUkMonth;
  return { year: Number(latest.slice(0, 4)), month: Number(latest.slice(5, 7)) };
}

/**
 * GET reports/{lng}/{lat}/{radius}/{year}/{period}/policeincidents: the street-level crimes within
 * the radius in the year (or January to the latest month of data, YTD), one feature per street
 * point, month and crime type with its count.
 */
export function policeIncidents(gazetteer: Gazetteer, caller: Caller, point: PolicePoint, year: number, period: 'ytd' | 'year'): TPoliceIncidentsResponse {
  requireIncidents(caller);
  const { forces, message } = forcesAt(gazetteer, point);
  const latest = forces.map((force) => force.lastMonth).sort().at(-1);
  const fromMonth = `${year}-01`;
  const toMonth = period === 'ytd' && latest && latest < `${year}-12` ? latest : `${year}-12`;
  const inYear = forces.filter((force) => force.firstMonth <= toMonth && force.lastMonth >= fromMonth);
  if (inYear.length === 0) {
    return { type: 'FeatureCollection', features: [], dataAvailable: false, message: message ?? IncidentMessages.noData, source: sourceOf(forces), fromMonth, toMonth };
  }
  const groups = new Map<string, TPoliceFeature>();
  for (const record of incidentData().ukStreetNear(point.lat, point.lng, roundMiles(point.radius) * METERS_PER_MILE)) {
    if (record.month < fromMonth || record.month > toMonth) continue;
    const key = `${record.longitude}|${record.latitude}|${record.month}|${record.crimeType}`;
    const group = groups.get(key);
    if (group) group.properties.count++;
    else groups.set(key, { type: 'Feature', geometry: { type: 'Point', coordinates: [record.longitude, record.latitude] }, properties: { crime_type: record.crimeType, month: record.month, count: 1, category: ukCrimeCategory(record.crimeType) } });
  }
  const features = [...groups.values()].sort((a, b) =>
    a.properties.month.localeCompare(b.properties.month) || a.properties.crime_type.localeCompare(b.properties.crime_type)
    || a.geometry.coordinates[0] - b.geometry.coordinates[0] || a.geometry.coordinates[1] - b.geometry.coordinates[1]);
  return { type: 'FeatureCollection', features, dataAvailable: true, message: null, source: sourceOf(inYear), fromMonth, toMonth };
}

/** GET reports/{lng}/{lat}/{radius}/policeincidentssummary: crimes within the radius in the months the covering forces published, keyed by crime type, counted per year. */
export function policeSummary(gazetteer: Gazetteer, caller: Caller, point: PolicePoint): TPoliceSummaryResponse {
  requireIncidents(caller);
  const { forces, message } = forcesAt(gazetteer, point);
  if (forces.length === 0) return { dataAvailable: false, message, source: null, summary: {} };
  const counts = new Map<string, Map<number, number>>();
  // A force's file holds a few crimes it recorded far from its area: count only the months the
  // forces covering the point published, so every year the table shows is one the map can show.
  const published = (month: string) => forces.some((force) => force.firstMonth <= month && month <= force.lastMonth);
  for (const record of incidentData().ukStreetNear(point.lat, point.lng, roundMiles(point.radius) * METERS_PER_MILE)) {
    if (!published(record.month)) continue;
    const years = counts.get(record.crimeType) ?? new Map<number, number>();
    counts.set(record.crimeType, years);
    const year = Number(record.month.slice(0, 4));
    years.set(year, (years.get(year) ?? 0) + 1);
  }
  const summary = Object.fromEntries(
    [...counts.keys()].sort().map((type) => [type, [...counts.get(type)!.entries()].sort(([a], [b]) => a - b).map(([year, count]) => ({ year, count }))]),
  );
  return { dataAvailable: true, message: null, source: sourceOf(forces), summary };
}

/** GET reports/{lng}/{lat}/{radius}/getBbox: the view box around the radius (padded 2.5 %) and the ring to draw. */
export function policeBbox(caller: Caller, point: PolicePoint): TPoliceBboxResponse {
  requireIncidents(caller);
  const radius = roundMiles(point.radius);
  return { bbox: paddedRadiusBbox(point.lng, point.lat, radius), ring: circleRing(point.lng, point.lat, radius), radius };
}
