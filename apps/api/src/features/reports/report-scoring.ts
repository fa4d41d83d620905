import { resolveRelease, visibleRegions, type CountryId, type MethodologyTypeId, type ScoreRegion } from '@riskatlas/domain';
import { scoringLocationAt, type Gazetteer } from '@riskatlas/geo';
import type { MethodologyScores, ScoringEngine } from '@riskatlas/scoring';
import type { StoredProductData } from '../../db/schema/index';
import { storeScores, summaryScoresOf } from './report-data';

/** The scoring a report or a scores request needs. */
export interface ScoringDeps {
  gazetteer: Gazetteer;
  scoring: ScoringEngine;
}

/** The scores of a point under several methodologies, for one release. */
export interface PointScores {
  countryId: CountryId;
  /** The release scored: the request's year corrected to the country's releases. */
  releaseYear: number;
  /** State / province / region code of the point (the DC rule reads it). */
  admin1Code: string | undefined;
  /** The comparison regions shown (state left out for DC from 2022). */
  regions: ScoreRegion[];
  /** One per methodology, in the order asked. */
  scores: MethodologyScores[];
}

/**
 * Scores a point under each methodology for the release asked (-1 = current). Undefined when the
 * point is outside every covered country or the engine has no data for it under any of them:
 * a report then is "not scorable".
 */
export function scorePoint(deps: ScoringDeps, latitude: number, longitude: number, methodologyTypeIds: readonly MethodologyTypeId[], requestedRelease: number): PointScores | undefined {
  const location = scoringLocationAt(deps.gazetteer, latitude, longitude);
  if (!location) return undefined;
  const releaseYear = resolveRelease(location.countryId, requestedRelease);
  const scores: MethodologyScores[] = [];
  for (const methodologyTypeId of methodologyTypeIds) {
    const scored = deps.scoring.score(location, methodologyTypeId, releaseYear);
    if (!scored) return undefined;
    scores.push(scored);
  }
  const regions = visibleRegions({ countryId: location.countryId, releaseYear, state: location.admin1Code });
  return { countryId: location.countryId, releaseYear, admin1Code: location.admin1Code, regions, scores };
}

/** A report's scores as stored: one entry per methodology and the site summary's scores. */
export interface ScoredReport {
  countryId: CountryId;
  releaseYear: number;
  productData: StoredProductData[];
  summaryScores: Record<string, number>;
}

/** Scores a report at a point (undefined when not scorable). */
export function scoreReport(deps: ScoringDeps, latitude: number, longitude: number, methodologyTypeIds: readonly MethodologyTypeId[], requestedRelease: number): ScoredReport | undefined {
  const point = scorePoint(deps, latitude, longitude, methodologyTypeIds, requestedRelease);
  if (!point) return undefined;
  const productData = point.scores.map(storeScores);
  return { countryId: point.countryId, releaseYear: point.releaseYear, productData, summaryScores: summaryScoresOf(productData) };
}
