import { METERS_PER_MILE, type TSiteIncidents } from '@riskatlas/domain';
import { incidentData } from './incident-data';

/** Within this many miles an incident counts as "in the block group": the pack has no census block groups, so a block-sized radius stands in. */
const BLOCK_PROXY_MILES = 0.125;
const QUARTER_MILE = 0.25;
const THREE_MILES = 3;

/**
 * A site's incident indicators (Site.i): the date of the last incident within 3 miles, and whether
 * one happened in the block (within 1/8 mile), within a quarter mile and within 3 miles. Null where
 * no department's data covers the site, so "no data" never reads as "no incidents".
 */
export function siteIncidentIndicators(latitude: number, longitude: number): TSiteIncidents | null {
  const data = incidentData();
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
