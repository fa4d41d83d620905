import type { CountryId, MethodologyTypeId, ScoreCoverage, ScoreKey, ScoringLocation } from '@riskatlas/domain';

/** One comparison area a location was scored against. */
export interface ScoredArea {
  /** Area key of the scoring pack ('US-IL', 'US-17031', 'CA-CMA-35535', 'GB-PFA-essex', …). */
  key: string;
  /** Display name ('Illinois', 'Cook County', 'Toronto', 'Essex'). */
  name: string;
}

/**
 * The 90 scores of one methodology for one location, in scoreIndex order (domain SCORE_KEYS):
 * typed arrays so that scoring 100,000 locations allocates little.
 */
export interface MethodologyScores {
  methodologyTypeId: MethodologyTypeId;
  countryId: CountryId;
  /** The release year scored (already resolved: never -1). */
  releaseYear: number;
  /** The data year each period stands for: [past, current, projected]. */
  periodYears: readonly [number, number, number];
  /** Inner and outer radius in miles of the neighbourhood the methodology drew on (0 when none). */
  radius1: number;
  radius2: number;
  /**
   * The areas the state-level and county-level scores were compared against. Where the pack has no
   * such area at the point (Puerto Rico's state level, Mexican municipalities, Scotland) the next
   * coarser area stands in — it is named here, and those scores are flagged imputed.
   */
  stateArea: ScoredArea | undefined;
  countyArea: ScoredArea | undefined;
  /** Scores 0–2000 (integers), index = scoreIndex. */
  values: Uint16Array;
  /** Lower and upper ends of the 90 % confidence band, index = scoreIndex. */
  low: Uint16Array;
  high: Uint16Array;
  /** 1 = reported, 0 = imputed, index = scoreIndex. */
  reported: Uint8Array;
  /**
   * Total Crime against the nation is five times its rate per resident or more (domain
   * fewResidentsAt): where few people live and many work or visit, the per-resident rate overstates
   * the risk — a note for the reader, not an adjustment of the scores.
   */
  fewResidents: boolean;
}

/** The scoring engine over a loaded model: pure and deterministic. */
export interface ScoringEngine {
  /**
   * Scores a location under one methodology for a release year (already resolved to one of the
   * country's releases). Undefined when the location is not scorable (no data for its country).
   */
  score(location: ScoringLocation, methodologyTypeId: MethodologyTypeId, releaseYear: number): MethodologyScores | undefined;
  /** The data years [past, current, projected] of a release in a country. */
  periodYears(countryId: CountryId, releaseYear: number): readonly [number, number, number];
}

/** The coverage of one score of a MethodologyScores. */
export function coverageAt(scores: MethodologyScores, scoreIndex: number): ScoreCoverage {
  return scores.reported[scoreIndex] === 1 ? 'reported' : 'imputed';
}

export type { ScoreKey };
