import { locateScoringDir } from '../pack/locate-scoring';
import { readScoringTables } from '../pack/read-tables';
import { buildScoringModel, type ScoringModel } from './build-model';

const loaded = new Map<string, ScoringModel>();

/** Loads and builds the model from the scoring pack (data/scoring, or `dir`); memoised per directory. */
export function loadScoringModel(dir?: string): ScoringModel {
  const location = locateScoringDir(dir);
  let model = loaded.get(location);
  if (!model) {
    model = buildScoringModel(readScoringTables(location));
    loaded.set(location, model);
  }
  return model;
}
