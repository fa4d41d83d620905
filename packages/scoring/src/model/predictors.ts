import type { PredictorRecord } from '../pack/read-tables';
import { RATE_COUNT } from './years';

/*
 * The predictors-only model: the log of a place's rate relative to its reference area (state or
 * island) as a linear function of local population density and county socio-economic
 * predictors, fitted by weighted ridge regression. Race and ethnicity are not predictors.
 */

/** Names of the features, in order (the intercept first). */
const FEATURE_NAMES = ['intercept', 'log density', 'poverty %/10', 'unemployment %/10', 'log income/50k', 'transit %/10', 'service %/10'] as const;
export const FEATURE_COUNT = FEATURE_NAMES.length;
/** Ridge penalty on every coefficient but the intercept (features are O(1) by construction). */
export const RIDGE_PENALTY = 2;

/** The feature vector of a point: density (persons per sq mi) at the point, the rest from its county. */
export function featuresOf(density: number, county: PredictorRecord, range?: DensityRange): Float64Array {
  let logDensity = Math.log1p(Math.max(0, density));
  if (range) logDensity = Math.min(range.max, Math.max(range.min, logDensity));
  return Float64Array.of(
    1,
    logDensity,
    county.poverty / 10,
    county.unemployment / 10,
    Math.log(Math.max(county.income, 5000) / 50_000),
    county.transit / 10,
    county.service / 10,
  );
}

/** The log-density span a model was fitted on: predictions clamp to it rather than extrapolate. */
export interface DensityRange {
  min: number;
  max: number;
}

/** One training unit: its features, the log relative per rate key (NaN = unknown) and the weight of each. */
export interface TrainingUnit {
  features: Float64Array;
  target: Float64Array;
  weight: Float64Array;
}

/** A fitted predictors model: coefficients and residual spread per rate key. */
export interface PredictorModel {
  coefficients: Float64Array[];
  /** Weighted residual standard deviation (log scale) per rate key, over well-measured units. */
  residualSd: Float64Array;
  densityRange: DensityRange;
  units: number;
}

/** Solves a small symmetric positive-definite system by Gaussian elimination with partial pivoting. */
export function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, index) => [...row, vector[index]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const diagonal = a[col]![col]!;
    if (Math.abs(diagonal) < 1e-12) continue;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = a[row]![col]! / diagonal;
      if (factor === 0) continue;
      for (let k = col; k <= n; k++) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  return a.map((row, index) => (Math.abs(row[index]!) < 1e-12 ? 0 : row[n]! / row[index]!));
}

/** The weighted normal equations of one rate key: XᵀWX + penalty and XᵀWy (kept so one unit can be left out cheaply). */
export interface NormalEquations {
  xtx: number[][];
  xty: number[];
}

/** Accumulates the normal equations of every rate key over the units. */
export function normalEquations(units: readonly TrainingUnit[]): NormalEquations[] {
  const result: NormalEquations[] = [];
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const xtx = Array.from({ length: FEATURE_COUNT }, () => new Array<number>(FEATURE_COUNT).fill(0));
    const xty = new Array<number>(FEATURE_COUNT).fill(0);
    for (const unit of units) addUnit(xtx, xty, unit, rateIndex, 1);
    for (let index = 1; index < FEATURE_COUNT; index++) xtx[index]![index]! += RIDGE_PENALTY;
    result.push({ xtx, xty });
  }
  return result;
}

/** Adds (sign 1) or removes (sign -1) one unit's contribution to a key's normal equations. */
export function addUnit(xtx: number[][], xty: number[], unit: TrainingUnit, rateIndex: number, sign: 1 | -1): void {
  const y = unit.target[rateIndex]!;
  const w = unit.weight[rateIndex]! * sign;
  if (!Number.isFinite(y) || !(unit.weight[rateIndex]! > 0)) return;
  for (let i = 0; i < FEATURE_COUNT; i++) {
    const xi = unit.features[i]! * w;
    xty[i]! += xi * y;
    for (let j = 0; j < FEATURE_COUNT; j++) xtx[i]![j]! += xi * unit.features[j]!;
  }
}

/** Fits the model on the units (weighted ridge per rate key). */
export function fitPredictorModel(units: readonly TrainingUnit[]): PredictorModel {
  const equations = normalEquations(units);
  const coefficients = equations.map((equation) => Float64Array.from(solve(equation.xtx, equation.xty)));
  const residualSd = new Float64Array(RATE_COUNT);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    let sw = 0;
    let ss = 0;
    for (const unit of units) {
      const y = unit.target[rateIndex]!;
      const w = unit.weight[rateIndex]!;
      // Residual spread over units measured well enough that Poisson noise does not dominate it.
      if (!Number.isFinite(y) || w < 0.8) continue;
      const residual = y - predictLog(coefficients[rateIndex]!, unit.features);
      sw += w;
      ss += w * residual * residual;
    }
    residualSd[rateIndex] = sw > 0 ? Math.sqrt(ss / sw) : 0.6;
  }
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const unit of units) {
    min = Math.min(min, unit.features[1]!);
    max = Math.max(max, unit.features[1]!);
  }
  return { coefficients, residualSd, densityRange: { min, max }, units: units.length };
}

/** The predicted log relative of a feature vector under one key's coefficients. */
export function predictLog(coefficients: Float64Array, features: Float64Array): number {
  let sum = 0;
  for (let index = 0; index < FEATURE_COUNT; index++) sum += coefficients[index]! * features[index]!;
  return sum;
}

/** The weight of a training unit for a key: the reliability of its relative given the count expected behind it. */
export function evidenceWeight(expectedCount: number): number {
  return expectedCount > 0 ? expectedCount / (expectedCount + 5) : 0;
}
