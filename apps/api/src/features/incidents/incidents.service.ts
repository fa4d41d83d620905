import {
  CRIME_CATEGORY_COLORS,
  ErrorCode,
  DEFAULT_DATE_SHORTCUT,
  IncidentMessages,
  METERS_PER_MILE,
  STANDARD_CRIME_TYPES,
  dateShortcutWindow,
  hourOfTime,
  matchesIncidentFilter,
  metersToMiles,
  sitesNotFoundMessage,
  type IncidentFilter,
  type TIncidentCrimeType,
  type TPdDateRangesResponse,
  type TSiteIncidentsDOMResponse,
  type TSiteIncidentsQuery,
  type TSiteIncidentsResponse,
} from '@riskatlas/domain';
import type { CityIncident, DepartmentInfo } from '@riskatlas/scoring';
import type { Caller } from '../../access/caller';
import { siteScope } from '../../access/site-scope';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findScopedSiteRow, findScopedSiteRows } from '../sites/index';
import { incidentData } from './incident-data';
import { presentDepartment, presentPoliceIncident, presentSecondSourceIncident } from './incident.presenter';
import { requireIncidents, requireIncidentsFeature } from './incidents.policy';

/** The incidents of a site for one source: which departments cover it, the days chosen, and the matches with their distance. */
interface SiteIncidents {
  departments: DepartmentInfo[];
  from: string | null;
  to: string | null;
  matches: Array<{ incident: CityIncident; department: DepartmentInfo; miles: number }>;
}

/**
 * The filter of a query over the departments covering a site: explicit days win; else the date
 * shortcut (rolling 30 days by default) is anchored on the days their data spans.
 */
function filterOf(query: TSiteIncidentsQuery, departments: readonly DepartmentInfo[]): IncidentFilter {
  const firstDate = departments.map((department) => department.firstDate).sort()[0]!;
  const lastDate = departments.map((department) => department.lastDate).sort().at(-1)!;
  const window = query.from || query.to ? { from: query.from, to: query.to } : dateShortcutWindow(query.dateRange ?? DEFAULT_DATE_SHORTCUT, { firstDate, lastDate });
  return { minMiles: query.minDistance, maxMiles: query.maxDistance, startHour: query.startHour, endHour: query.endHour, from: window.from, to: window.to, crimeTypeIds: query.crimeTypeIds };
}

/** A site of the caller's scope, or 404. */
async function scopedSite(db: Db, caller: Caller, siteId: number) {
  const site = await findScopedSiteRow(db, await siteScope(db, caller), siteId);
  if (!site) throw AppError.notFound(IncidentMessages.siteNotFound);
  return site;
}

/** The incidents around a site that pass the query, `typeOf` giving the id the crime type filter reads (undefined: not in this source). */
async function findSiteIncidents(db: Db, caller: Caller, siteId: number, query: TSiteIncidentsQuery, typeOf: (incident: CityIncident) => number | undefined): Promise<SiteIncidents> {
  const site = await scopedSite(db, caller, siteId);
  const data = incidentData();
  const departments = data.departmentsAt(site.latitude, site.longitude);
  if (departments.length === 0) return { departments, from: null, to: null, matches: [] };
  const filter = filterOf(query, departments);
  const byPd = new Map(departments.map((department) => [department.pd, department]));
  const matches: SiteIncidents['matches'] = [];
  for (const { incident, meters } of data.incidentsNear(site.latitude, site.longitude, query.maxDistance * METERS_PER_MILE + 1)) {
    const department = byPd.get(incident.pd);
    const crimeTypeId = typeOf(incident);
    if (!department || crimeTypeId === undefined) continue;
    const miles = metersToMiles(meters);
    if (matchesIncidentFilter({ distanceMiles: miles, date: incident.date, hour: hourOfTime(incident.time), crimeTypeId }, filter)) matches.push({ incident, department, miles });
  }
  // Newest first, as the drawer lists them; the nearest first among incidents of the same minute.
  matches.sort((a, b) => (b.incident.date + b.incident.time).localeCompare(a.incident.date + a.incident.time) || a.miles - b.miles || a.incident.id.localeCompare(b.incident.id));
  return { departments, from: filter.from ?? null, to: filter.to ?? null, matches };
}

/** The coverage half of an incidents answer: where no department covers the site, it says so. */
function coverageOf(found: SiteIncidents) {
  const dataAvailable = found.departments.length > 0;
  return { dataAvailable, message: dataAvailable ? null : IncidentMessages.noData, departments: found.departments.map(presentDepartment), from: found.from, to: found.to };
}

/** GET sites/{id}/incidents: the police records as published around a site. */
export async function siteIncidents(db: Db, caller: Caller, siteId: number, query: TSiteIncidentsQuery): Promise<TSiteIncidentsResponse> {
  requireIncidents(caller);
  const found = await findSiteIncidents(db, caller, siteId, query, (incident) => incident.crimeTypeId);
  return { ...coverageOf(found), incidents: found.matches.map(({ incident, department, miles }) => presentPoliceIncident(incident, department, miles)) };
}

/** GET sites/{id}/incidentsDOM: the same records in the ten standard types (records outside them are left out). */
export async function siteIncidentsDOM(db: Db, caller: Caller, siteId: number, query: TSiteIncidentsQuery): Promise<TSiteIncidentsDOMResponse> {
  requireIncidentsFeature(caller);
  const found = await findSiteIncidents(db, caller, siteId, query, (incident) => incident.standardTypeId);
  return { ...coverageOf(found), incidents: found.matches.map(({ incident, miles }) => presentSecondSourceIncident(incident as CityIncident & { standardTypeId: number }, miles)) };
}

/** GET sites/crimetypes: the crime types the departments publish, coloured by category. */
export function publishedCrimeTypes(caller: Caller): TIncidentCrimeType[] {
  requireIncidents(caller);
  return incidentData().crimeTypes.map((type, index) => ({ crimeTypeId: type.crimeTypeId, name: type.name, color: CRIME_CATEGORY_COLORS[type.category], category: type.category, order: index, enabled: true }));
}

/** GET sites/crimetypesDOM: the ten standard crime types. */
export function standardCrimeTypes(caller: Caller): TIncidentCrimeType[] {
  requireIncidentsFeature(caller);
  return STANDARD_CRIME_TYPES.map((type, index) => ({ crimeTypeId: type.crimeTypeId, name: type.name, color: type.color, category: type.category, order: index, enabled: true }));
}

/** POST sites/pddateranges: per site, the departments whose data covers it and their first and last incident dates. */
export async function pdDateRanges(db: Db, caller: Caller, siteIds: readonly number[]): Promise<TPdDateRangesResponse> {
  requireIncidents(caller);
  const unique = [...new Set(siteIds)];
  const rows = await findScopedSiteRows(db, await siteScope(db, caller), unique);
  const found = new Map(rows.map((row) => [row.siteId, row]));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError(ErrorCode.NotFound, sitesNotFoundMessage(missing), { details: { siteIds: missing.slice(0, 1000) } });
  const data = incidentData();
  return unique.map((siteId) => {
    const site = found.get(siteId)!;
    return { siteId, departments: data.departmentsAt(site.latitude, site.longitude).map(presentDepartment) };
  });
}
