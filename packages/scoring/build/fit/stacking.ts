import {
  COMBINATION_GROUP_COUNT,
  STACKING_TERM_COUNT,
  combinationGroupOf,
  combinedSd,
  ownWeight,
  stackedLog,
  stackingFeatures,
  type GroupCombination,
} from '../../src/model/combination';
import { solve } from '../../src/model/predictors';
import type { OutOfFoldCase } from './out-of-fold';

/** A little ridge on the stacking weights (never on the intercept), so that collinear components share weight stably. */
const STACKING_RIDGE = 1;
/** Between-place variance assumed in a case's weight: a case's weight is 1 ÷ (this + its report's Poisson variance). */
const CASE_BASE_VARIANCE = 0.25;
/** Floor of the fitted prior SD. */
const MIN_PRIOR_SD = 0.1;

/** The weight of a case in the fits: its report's reliability. */
function caseWeight(expected: number): number {
  return 1 / (CASE_BASE_VARIANCE + 1 / (expected + 1));
}

/**
 * Fits one group's stacking coefficients by weighted ridge least squares of the reported log
 * relative on the stacking features, and the prior's SD from the residuals (less the reports' own
 * Poisson variance, which is noise in the truth, not error of the estimate).
 */
export function fitGroup(cases: readonly OutOfFoldCase[], temporalSd: number): GroupCombination {
  const xtx = Array.from({ length: STACKING_TERM_COUNT }, () => new Array<number>(STACKING_TERM_COUNT).fill(0));
  const xty = new Array<number>(STACKING_TERM_COUNT).fill(0);
  const features = new Float64Array(STACKING_TERM_COUNT);
  for (const item of cases) {
    stackingFeatures(item.inputs, features);
    const weight = caseWeight(item.expected);
    for (let i = 0; i < STACKING_TERM_COUNT; i++) {
      xty[i]! += weight * features[i]! * item.targetLog;
      for (let j = 0; j < STACKING_TERM_COUNT; j++) xtx[i]![j]! += weight * features[i]! * features[j]!;
    }
  }
  for (let i = 1; i < STACKING_TERM_COUNT; i++) xtx[i]![i]! += STACKING_RIDGE;
  const group: GroupCombination = { coefficients: Float64Array.from(solve(xtx, xty)), priorSd: 1, temporalSd };
  let sw = 0;
  let residual = 0;
  let poisson = 0;
  for (const item of cases) {
    const weight = caseWeight(item.expected);
    sw += weight;
    residual += weight * (item.targetLog - stackedLog(group, item.inputs)) ** 2;
    poisson += weight / (item.expected + 1);
  }
  group.priorSd = sw > 0 ? Math.sqrt(Math.max(MIN_PRIOR_SD ** 2, (residual - poisson) / sw)) : 1;
  return group;
}

/** Fits every group's coefficients on the cases (each case goes to its rate key's group). */
export function fitGroups(cases: readonly OutOfFoldCase[], temporalSd: Float64Array): GroupCombination[] {
  return Array.from({ length: COMBINATION_GROUP_COUNT }, (_, group) =>
    fitGroup(
      cases.filter((item) => combinationGroupOf(item.rateIndex) === group),
      temporalSd[group]!,
    ),
  );
}

/** Methodology 2's estimate of a case under fitted groups: log relative and raw SD (before band calibration). */
export function compositeOfCase(groups: readonly GroupCombination[], item: OutOfFoldCase): { log: number; sd: number } {
  const group = groups[combinationGroupOf(item.rateIndex)]!;
  const weight = ownWeight(group, item.ownShare, item.ownExpected);
  return { log: weight * item.ownLog + (1 - weight) * stackedLog(group, item.inputs), sd: combinedSd(group, item.ownShare, item.ownExpected) };
}
