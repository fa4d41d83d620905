import { NearestAgencies } from '../model/agencies';
import type { StackingInputs } from '../model/combination';
import { RATE_COUNT } from '../model/years';
import { emptyStackingInputs, NEAREST_AGENCIES, type OwnInputs } from './combination-inputs';
import { emptyEstimate, type LocalEstimate } from './estimates';

/**
 * Working buffers one engine reuses from scoring to scoring. A scoring used to allocate a dozen
 * typed arrays for its intermediate steps — each with a backing store outside the JS heap, whose
 * allocation and collection cost a fifth of the engine's time. Nothing in here outlives the call
 * that fills it: the engine copies what it returns into arrays of the result's own, and scoring is
 * synchronous, so one engine's calls never interleave.
 */
export interface ScoringScratch {
  /** The methodology's estimate (its arrays overwritten by every scoring). */
  estimate: LocalEstimate;
  /** The k nearest agencies the membership scan collects. */
  nearest: NearestAgencies;
  /** The nearest agencies' average relative and expected count per rate key. */
  knn: { relative: Float64Array; expected: Float64Array };
  /** The covering agencies' pooled inputs. */
  own: OwnInputs;
  /** The stacked prior's components, one per rate key. */
  inputs: StackingInputs[];
  /** The predictors' log relative per rate key. */
  predictorsLog: Float64Array;
}

/** Fresh buffers for one engine. */
export function createScoringScratch(): ScoringScratch {
  return {
    estimate: emptyEstimate(),
    nearest: new NearestAgencies(NEAREST_AGENCIES),
    knn: { relative: new Float64Array(RATE_COUNT), expected: new Float64Array(RATE_COUNT) },
    own: { coveredShare: new Float64Array(RATE_COUNT), ownLog: new Float64Array(RATE_COUNT), ownExpected: new Float64Array(RATE_COUNT) },
    inputs: Array.from({ length: RATE_COUNT }, emptyStackingInputs),
    predictorsLog: new Float64Array(RATE_COUNT),
  };
}
