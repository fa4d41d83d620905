import type { ScoringModel } from '../model/build-model';
import { rateAt, reportedAt } from '../model/series';

/** An area's rate of one crime type in one year, per 100,000 residents, and whether a source reported it. */
export interface AreaRate {
  rate: number;
  reported: boolean;
}

/**
 * The rate the model holds for a comparison area (a key of MethodologyScores.stateArea or
 * countyArea), crime type index (domain CRIME_TYPE_KEYS order) and year: what a score compares the
 * location's modelled rate against. Undefined when the pack has no such area or no value.
 */
export function areaRateOf(model: ScoringModel, areaKey: string, crimeTypeIndex: number, year: number): AreaRate | undefined {
  const series = model.areas.get(areaKey);
  if (!series) return undefined;
  const rate = rateAt(series, crimeTypeIndex, year);
  if (!Number.isFinite(rate)) return undefined;
  return { rate, reported: reportedAt(series, crimeTypeIndex, year) };
}
