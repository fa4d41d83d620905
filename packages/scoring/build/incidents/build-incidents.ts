/*
 * The incident part of the scoring pack: five incident-level datasets counted on the pack's
 * grid, each refining the reported rates of one agency or area (refKey). Rows without usable
 * coordinates are skipped and counted in the manifest notes. Each source module documents its
 * offence mapping.
 */
import type { PackRow, ScoringBuildContext, ScoringBuildPart } from '../types';
import { CHICAGO_FILE, CHICAGO_SET, readChicagoIncidents } from './chicago';
import { gridIncidentSet, type IncidentRecord, type IncidentSetInfo } from './incident-grid';
import { PR_POINTS_FILE, PUERTO_RICO_SET, readPuertoRicoIncidents } from './puerto-rico-points';
import { readSanFranciscoIncidents, SAN_FRANCISCO_FILE, SAN_FRANCISCO_SET } from './san-francisco';
import { CITY_OF_LONDON_DIR, CITY_OF_LONDON_SET, ESSEX_DIR, ESSEX_SET, readStreetIncidents } from './uk-street';

/** incident-sets and incident-cells rows of the five sets. */
export function buildIncidentsPart(context: ScoringBuildContext): ScoringBuildPart {
  const cityOfLondon = readStreetIncidents(context.sharedDir, CITY_OF_LONDON_DIR);
  const essex = readStreetIncidents(context.sharedDir, ESSEX_DIR);
  const sources: Array<{ info: IncidentSetInfo; records: IncidentRecord[]; inputs: string[] }> = [
    { info: CHICAGO_SET, records: readChicagoIncidents(context.sharedDir), inputs: [CHICAGO_FILE] },
    { info: SAN_FRANCISCO_SET, records: readSanFranciscoIncidents(context.sharedDir), inputs: [SAN_FRANCISCO_FILE] },
    { info: PUERTO_RICO_SET, records: readPuertoRicoIncidents(context.sharedDir), inputs: [PR_POINTS_FILE] },
    { info: CITY_OF_LONDON_SET, records: cityOfLondon.records, inputs: cityOfLondon.files },
    { info: ESSEX_SET, records: essex.records, inputs: essex.files },
  ];
  const incidentSets: PackRow[] = [];
  const incidentCells: PackRow[] = [];
  const notes: Record<string, number> = {};
  for (const { info, records } of sources) {
    const gridded = gridIncidentSet(info, records);
    incidentSets.push(gridded.setRow);
    incidentCells.push(...gridded.cellRows);
    notes[`incidentRowsWithoutCoordinates.${info.setKey}`] = gridded.withoutCoordinates;
    context.log(`Incidents ${info.setKey}: ${gridded.incidents} offences + ${gridded.other} other in ${gridded.cellRows.length} cells; ${gridded.withoutCoordinates} rows without coordinates skipped`);
  }
  return { areas: [], areaRates: [], incidentSets, incidentCells, inputs: sources.flatMap((source) => source.inputs), notes };
}
