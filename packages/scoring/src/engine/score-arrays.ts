import { SCORES_PER_METHODOLOGY } from '@riskatlas/domain';
import type { MethodologyScores } from './types';

/** The four arrays a scoring returns. */
export type ScoreArrays = Pick<MethodologyScores, 'values' | 'low' | 'high' | 'reported'>;

/** Bytes of one scoring's arrays: values, low and high (2 bytes a score each), reported (1 byte); even, so every Uint16Array view stays aligned. */
const SCORING_BYTES = SCORES_PER_METHODOLOGY * (3 * Uint16Array.BYTES_PER_ELEMENT + Uint8Array.BYTES_PER_ELEMENT);
const SCORE_ARRAY_BYTES = SCORES_PER_METHODOLOGY * Uint16Array.BYTES_PER_ELEMENT;

/**
 * Scorings whose arrays are cut from one buffer. Every buffer this size lives outside the JS heap,
 * and allocating and sweeping one per scoring cost more than a scoring's arithmetic; 64 scorings
 * share one (40 KB), which a result kept alive holds on to — a small price beside the copies the
 * API makes of the scores it keeps.
 */
const SCORINGS_PER_BUFFER = 64;

/**
 * A source of zeroed score arrays for one engine: each call's four arrays are views of a part of a
 * shared buffer that no other call is given, so results never overlap one another (nor the
 * engine's scratch).
 */
export function scoreArraySource(): () => ScoreArrays {
  let buffer = new ArrayBuffer(0);
  let used = SCORINGS_PER_BUFFER;
  return () => {
    if (used === SCORINGS_PER_BUFFER) {
      buffer = new ArrayBuffer(SCORING_BYTES * SCORINGS_PER_BUFFER);
      used = 0;
    }
    const start = SCORING_BYTES * used++;
    return {
      values: new Uint16Array(buffer, start, SCORES_PER_METHODOLOGY),
      low: new Uint16Array(buffer, start + SCORE_ARRAY_BYTES, SCORES_PER_METHODOLOGY),
      high: new Uint16Array(buffer, start + 2 * SCORE_ARRAY_BYTES, SCORES_PER_METHODOLOGY),
      reported: new Uint8Array(buffer, start + 3 * SCORE_ARRAY_BYTES, SCORES_PER_METHODOLOGY),
    };
  };
}
