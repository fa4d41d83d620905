// Small areas measured around their parent: the common shape of the finer datasets (London LSOAs,
// Mexican municipalities, New York counties) from which the non-US bands are sized.
import { COUNT_PRIOR } from '../../src/model/count-prior';
import { RATE_COUNT } from '../../src/model/years';

/** A small area's counts pooled over the years measured, and its exposure (population × years). */
export interface SmallArea {
  code: string;
  parent: string;
  /** Per rate key, RATE_KEYS order; NaN where the source does not measure the key. */
  counts: Float64Array;
  exposure: number;
}

/** One small area's log ratio to its parent for a rate key. */
export interface Deviation {
  code: string;
  rateIndex: number;
  logRatio: number;
}

/**
 * Each area's log rate ratio to its parent (the parent's rate = its areas' pooled counts over their
 * pooled exposure), with half an incident of prior at the parent's rate so that a small area with no
 * recorded crime is not an infinite deviation — the same prior the model's counts carry.
 */
export function deviationsAroundParents(areas: readonly SmallArea[]): Deviation[] {
  // Per parent and rate key: pooled counts and the exposure of the areas that measure the key.
  const parents = new Map<string, { counts: Float64Array; exposure: Float64Array }>();
  for (const area of areas) {
    const parent = parents.get(area.parent) ?? { counts: new Float64Array(RATE_COUNT), exposure: new Float64Array(RATE_COUNT) };
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      if (!Number.isFinite(area.counts[rateIndex]!)) continue;
      parent.counts[rateIndex]! += area.counts[rateIndex]!;
      parent.exposure[rateIndex]! += area.exposure;
    }
    parents.set(area.parent, parent);
  }
  const deviations: Deviation[] = [];
  for (const area of areas) {
    const parent = parents.get(area.parent)!;
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const count = area.counts[rateIndex]!;
      const parentRate = parent.counts[rateIndex]! / parent.exposure[rateIndex]!;
      if (!Number.isFinite(count) || !(parentRate > 0) || !(area.exposure > 0)) continue;
      const expected = parentRate * area.exposure;
      deviations.push({ code: area.code, rateIndex, logRatio: Math.log((count + COUNT_PRIOR) / (expected + COUNT_PRIOR)) });
    }
  }
  return deviations;
}

/** Adds the aggregates (persons, property, total) to seven offence counts, NaN where an offence is unmeasured. */
export function withMeasuredAggregates(offences: readonly number[]): Float64Array {
  const counts = new Float64Array(RATE_COUNT).fill(Number.NaN);
  offences.forEach((count, index) => (counts[index] = count));
  const sum = (indices: readonly number[]) => indices.reduce((total, index) => total + offences[index]!, 0);
  counts[7] = sum([0, 1, 2, 3]);
  counts[8] = sum([4, 5, 6]);
  counts[9] = counts[7]! + counts[8]!;
  return counts;
}
