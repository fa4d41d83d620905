import { loadIncidentData, type IncidentData } from '@riskatlas/scoring';

/**
 * The incident pack, read on the first incident request rather than at start-up: most processes
 * (tests of other features, job workers) never need its 130,000 records.
 */
export function incidentData(): IncidentData {
  return loadIncidentData();
}
