import { METERS_PER_MILE, type TSiteIncidents } from '@riskatlas/domain';
import { loadIncidentData, usIncidentDataCovers, type IncidentData } from './incident-data';

/** Within this many miles an incident counts as "in the block group": the pack has no census block groups, so a block-sized radius stands in. */
const BLOCK_PROXY_MILES = 0.125;
const QUARTER_MILE = 0.25;
const THREE_MILES = 3;
/** Indicators remembered per point at most: a portfolio's covered sites, kept across list reads. */
const REMEMBERED_POINTS = 200_000;

/**
 * A site's incident indicators (Site.i) from the incident data: the date of the last incident
 * within 3 miles, and whether one happened in the block (within 1/8 mile), within a quarter mile
 * and within 3 miles. Null where no department's data covers the site, so "no data" never reads
 * as "no incidents".
 */
function incidentIndicatorsFrom(data: IncidentData, latitude: number, longitude: number): TSiteIncidents | null {
  if (data.departmentsAt(latitude, longitude).length === 0) return null;
  const near = data.incidentsNear(latitude, longitude, THREE_MILES * METERS_PER_MILE);
  let last: string | null = null;
  for (const { incident } of near) if (last === null || incident.date > last) last = incident.date;
  return {
    r: last,
    b: near.some((found) => found.meters <= BLOCK_PROXY_MILES * METERS_PER_MILE),
    s: near.some((found) => found.meters <= QUARTER_MILE * METERS_PER_MILE),
    l: near.length > 0,
  };
}

const remembered = new Map<string, TSiteIncidents>();

/**
 * A site's incident indicators for the site lists, where 100,000 sites are read at once: a point
 * outside every department's data is answered from the pack's department list (nanoseconds, and
 * the incidents are never loaded for a portfolio with no site in a covered city); a covered point
 * is worked out once and remembered.
 */
export function siteIncidentIndicators(latitude: number, longitude: number): TSiteIncidents | null {
  if (!usIncidentDataCovers(latitude, longitude)) return null;
  const key = `${latitude},${longitude}`;
  const known = remembered.get(key);
  if (known) return known;
  const indicators = incidentIndicatorsFrom(loadIncidentData(), latitude, longitude);
  if (!indicators) return null;
  if (remembered.size >= REMEMBERED_POINTS) remembered.clear();
  remembered.set(key, indicators);
  return indicators;
}
