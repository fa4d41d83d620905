import { BAND_Z } from '../../src/engine/create-engine';
import { COMBINATION_GROUP_COUNT, combinationGroupOf } from '../../src/model/combination';

/** A case's estimate and its raw (uncalibrated) log-scale SD, with the truth. */
export interface BandCase {
  rateIndex: number;
  errorLog: number;
  sd: number;
}

/** Share of cases a 90 % band should hold. */
const BAND_LEVEL = 0.9;

/**
 * The band scale per combination group (split conformal): the 90th percentile of |error| ÷ SD over
 * the calibration cases, divided by the z of a 90 % band — so that on new cases like these the
 * scaled band holds 90 %. 1 where a group has no cases.
 */
export function bandScales(cases: readonly BandCase[]): Float64Array {
  const scales = new Float64Array(COMBINATION_GROUP_COUNT).fill(1);
  for (let group = 0; group < COMBINATION_GROUP_COUNT; group++) {
    const ratios = cases
      .filter((item) => combinationGroupOf(item.rateIndex) === group && item.sd > 0)
      .map((item) => Math.abs(item.errorLog) / item.sd)
      .sort((a, b) => a - b);
    if (ratios.length === 0) continue;
    // The conformal quantile: the ⌈(n + 1) × level⌉-th smallest ratio.
    const rank = Math.min(ratios.length, Math.ceil((ratios.length + 1) * BAND_LEVEL));
    scales[group] = ratios[rank - 1]! / BAND_Z;
  }
  return scales;
}
