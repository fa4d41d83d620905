/**
 * @riskatlas/scoring — the crime-risk model: pure functions over the scoring pack (data/scoring).
 * (location, country, release year, methodology) → 90 scores with a confidence band and coverage.
 */
import { createScoringEngine } from './engine/create-engine';
import type { ScoringEngine } from './engine/types';
import { loadScoringModel } from './model/load-model';

export * from './engine/types';
export { createScoringEngine, periodYearsOf, BAND_Z, PERIOD_STEP_YEARS } from './engine/create-engine';
export { locateAreas, type LocationAreas } from './engine/locate-areas';
export { areaRateOf, type AreaRate } from './engine/area-rates';
export { loadScoringModel } from './model/load-model';
export { buildScoringModel, type ScoringModel, type ModelOptions } from './model/build-model';
export { readScoringTables, type ScoringTables } from './pack/read-tables';
export { locateScoringDir } from './pack/locate-scoring';
export { SCORING_FILES } from './pack/format';

const engines = new Map<string, ScoringEngine>();

/** The engine over the scoring pack (data/scoring, or `dir`); loaded once per process and directory. */
export function loadScoringEngine(dir?: string): ScoringEngine {
  const key = dir ?? '';
  let engine = engines.get(key);
  if (!engine) {
    engine = createScoringEngine(loadScoringModel(dir));
    engines.set(key, engine);
  }
  return engine;
}

/**
 * An engine that loads the scoring pack on first use: for processes that may never score (tests of
 * unrelated features, a worker that runs other jobs) and should not pay the model's load time.
 */
export function lazyScoringEngine(dir?: string): ScoringEngine {
  return {
    score: (location, methodologyTypeId, releaseYear) => loadScoringEngine(dir).score(location, methodologyTypeId, releaseYear),
    periodYears: (countryId, releaseYear) => loadScoringEngine(dir).periodYears(countryId, releaseYear),
  };
}

export { siteIncidentIndicators } from './incidents/incident-indicators';
export { loadIncidentData, readIncidentData, usIncidentDataCovers, type IncidentData, type CityIncident, type DepartmentInfo, type PublishedCrimeType, type UkForceInfo, type UkStreetRecord } from './incidents/incident-data';
