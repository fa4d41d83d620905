/*
 * The international half of the scoring pack's area data: Canada (Crime Severity Index),
 * Mexico (SESNSP), England and Wales (police force areas) and Puerto Rico (municipios). Each
 * country's module documents its sources, offence mapping and coverage letters.
 */
import type { ScoringBuildContext, ScoringBuildPart } from '../types';
import { buildCanadaPart } from './canada-csi';
import { buildMexicoPart } from './mexico-sesnsp';
import { buildPuertoRicoPart } from './puerto-rico';
import { buildUkPart } from './uk-part';

/** Merges parts: rows appended, inputs de-duplicated, notes keyed uniquely (a clash throws). */
function mergeParts(parts: readonly ScoringBuildPart[]): ScoringBuildPart {
  const merged: ScoringBuildPart = { areas: [], areaRates: [], gbLocalAuthorities: [], gbOutcodes: [], incidentSets: [], incidentCells: [], inputs: [], notes: {} };
  for (const part of parts) {
    merged.areas.push(...part.areas);
    merged.areaRates.push(...part.areaRates);
    merged.gbLocalAuthorities!.push(...(part.gbLocalAuthorities ?? []));
    merged.gbOutcodes!.push(...(part.gbOutcodes ?? []));
    merged.incidentSets!.push(...(part.incidentSets ?? []));
    merged.incidentCells!.push(...(part.incidentCells ?? []));
    merged.inputs.push(...part.inputs.filter((input) => !merged.inputs.includes(input)));
    for (const [key, value] of Object.entries(part.notes)) {
      if (key in merged.notes) throw new Error(`Scoring build note ${key} written twice`);
      merged.notes[key] = value;
    }
  }
  return merged;
}

/** Areas and area rates of Canada, Mexico, England and Wales and Puerto Rico, and the UK local authorities. */
export function buildIntlPart(context: ScoringBuildContext): ScoringBuildPart {
  return mergeParts([buildCanadaPart(context), buildMexicoPart(context), buildUkPart(context), buildPuertoRicoPart(context)]);
}
