import { describe, expect, it } from 'vitest';
import {
  FEATURE_COUNT,
  RIDGE_PENALTY,
  addUnit,
  evidenceWeight,
  featuresOf,
  fitPredictorModel,
  normalEquations,
  predictLog,
  solve,
  type TrainingUnit,
} from './predictors';
import { predictorRecord } from './testing-fixtures';
import { RATE_COUNT } from './years';

/** A deterministic pseudo-random sequence in [0, 1) (tests must not depend on Math.random). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Units whose every key's target is exactly `truth · features`, with the same weight for every key. */
function exactUnits(count: number, truth: readonly number[], weight = 1, seed = 7): TrainingUnit[] {
  const next = sequence(seed);
  return Array.from({ length: count }, () => {
    const features = Float64Array.from({ length: FEATURE_COUNT }, (_, index) => (index === 0 ? 1 : 4 * next() - 2));
    const y = truth.reduce((sum, coefficient, index) => sum + coefficient * features[index]!, 0);
    return { features, target: new Float64Array(RATE_COUNT).fill(y), weight: new Float64Array(RATE_COUNT).fill(weight) };
  });
}

/** Units that carry only an intercept (every other feature 0). */
function interceptUnit(y: number, weight: number): TrainingUnit {
  const features = new Float64Array(FEATURE_COUNT);
  features[0] = 1;
  return { features, target: new Float64Array(RATE_COUNT).fill(y), weight: new Float64Array(RATE_COUNT).fill(weight) };
}

const TRUTH = [0.3, 0.5, -0.4, 0.2, -0.6, 0.1, 0.25];

describe('predictor features', () => {
  it('takes log density at the point and scaled county predictors, intercept first', () => {
    const county = predictorRecord('US-17031', { poverty: 20, unemployment: 8, income: 100_000, transit: 30, service: 18 });
    const features = featuresOf(999, county);
    expect(features).toHaveLength(FEATURE_COUNT);
    expect(features[0]).toBe(1);
    expect(features[1]).toBeCloseTo(Math.log(1000), 12);
    expect([...features.slice(2)].map((value) => Number(value.toFixed(12)))).toEqual([2, 0.8, Number(Math.log(2).toFixed(12)), 3, 1.8]);
  });

  it('clamps log density to the fitted range, negative density to 0 and income to at least $5,000', () => {
    const county = predictorRecord('US-1', { income: 100 });
    expect(featuresOf(1e9, county, { min: 1, max: 8 })[1]).toBe(8);
    expect(featuresOf(0, county, { min: 1, max: 8 })[1]).toBe(1);
    expect(featuresOf(-50, county)[1]).toBe(0);
    expect(featuresOf(10, county)[4]).toBeCloseTo(Math.log(0.1), 12);
  });
});

describe('linear algebra', () => {
  it('solves a small system exactly, pivoting past a zero on the diagonal', () => {
    // x = 1, y = 2, z = 3; the first pivot is 0 and must be swapped.
    const solution = solve(
      [
        [0, 2, 1],
        [1, 1, 1],
        [2, 0, 3],
      ],
      [7, 6, 11],
    );
    expect(solution[0]).toBeCloseTo(1, 12);
    expect(solution[1]).toBeCloseTo(2, 12);
    expect(solution[2]).toBeCloseTo(3, 12);
  });

  it('answers 0 for an unknown the system does not determine rather than dividing by zero', () => {
    const solution = solve(
      [
        [2, 0],
        [0, 0],
      ],
      [4, 0],
    );
    expect(solution).toEqual([2, 0]);
  });

  it('penalises every coefficient but the intercept, and removing a unit undoes adding it', () => {
    const [empty] = normalEquations([]);
    expect(empty!.xtx.map((row, index) => row[index])).toEqual([0, ...new Array<number>(FEATURE_COUNT - 1).fill(RIDGE_PENALTY)]);
    const units = exactUnits(5, TRUTH);
    const [before] = normalEquations(units.slice(0, 4));
    const [after] = normalEquations(units);
    addUnit(after!.xtx, after!.xty, units[4]!, 0, -1);
    for (let i = 0; i < FEATURE_COUNT; i++) {
      expect(after!.xty[i]).toBeCloseTo(before!.xty[i]!, 10);
      for (let j = 0; j < FEATURE_COUNT; j++) expect(after!.xtx[i]![j]).toBeCloseTo(before!.xtx[i]![j]!, 10);
    }
  });

  it('skips a unit whose target is unknown or whose weight is 0', () => {
    const unit = exactUnits(1, TRUTH)[0]!;
    unit.target[2] = Number.NaN;
    unit.weight[3] = 0;
    const equations = normalEquations([unit]);
    expect(equations[2]!.xty.every((value) => value === 0)).toBe(true);
    expect(equations[3]!.xty.every((value) => value === 0)).toBe(true);
    expect(equations[4]!.xty.some((value) => value !== 0)).toBe(true);
  });
});

describe('weighted ridge fit', () => {
  it('recovers a known linear relation from many exact units, with ~0 residual spread', () => {
    const model = fitPredictorModel(exactUnits(2000, TRUTH));
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      for (let index = 0; index < FEATURE_COUNT; index++) expect(model.coefficients[rateIndex]![index]).toBeCloseTo(TRUTH[index]!, 2);
      expect(model.residualSd[rateIndex]).toBeLessThan(0.01);
    }
    expect(model.units).toBe(2000);
  });

  it('shrinks slopes towards 0 when the units are few, less so as they grow, and never shrinks the intercept', () => {
    const slopeOf = (count: number) => fitPredictorModel(exactUnits(count, TRUTH)).coefficients[0]![1]!;
    const few = slopeOf(8);
    const some = slopeOf(40);
    const many = slopeOf(2000);
    expect(Math.abs(few)).toBeLessThan(Math.abs(some));
    expect(Math.abs(some)).toBeLessThan(Math.abs(many));
    expect(Math.abs(many)).toBeLessThanOrEqual(TRUTH[1]! + 1e-9);
    // A constant target is fitted exactly by the unpenalised intercept, whatever the features.
    const constant = exactUnits(6, [1.7, 0, 0, 0, 0, 0, 0]);
    const fit = fitPredictorModel(constant).coefficients[0]!;
    expect(fit[0]).toBeCloseTo(1.7, 10);
    for (let index = 1; index < FEATURE_COUNT; index++) expect(fit[index]).toBeCloseTo(0, 10);
  });

  it('weights units by their evidence: the intercept is the weighted mean of the targets', () => {
    const model = fitPredictorModel([interceptUnit(0, 3), interceptUnit(1, 1)]);
    expect(model.coefficients[0]![0]).toBeCloseTo(0.25, 12);
  });

  it('measures residual spread over well-measured units only (weight ≥ 0.8), 0.6 when there are none', () => {
    // The weak unit sits exactly on the fit: counting it would lower the spread below 0.5.
    const model = fitPredictorModel([interceptUnit(-0.5, 1), interceptUnit(0.5, 1), interceptUnit(0, 0.5)]);
    expect(model.coefficients[0]![0]).toBeCloseTo(0, 12);
    expect(model.residualSd[0]).toBeCloseTo(0.5, 12);
    const weak = fitPredictorModel([interceptUnit(-0.5, 0.5), interceptUnit(0.5, 0.5)]);
    expect(weak.residualSd[0]).toBe(0.6);
  });

  it('records the log-density span of the training units and predicts by dot product', () => {
    const units = exactUnits(50, TRUTH);
    const densities = units.map((unit) => unit.features[1]!);
    const model = fitPredictorModel(units);
    expect(model.densityRange).toEqual({ min: Math.min(...densities), max: Math.max(...densities) });
    expect(predictLog(Float64Array.from([1, 2, 0, 0, 0, 0, 0]), Float64Array.from([0.5, 3, 9, 9, 9, 9, 9]))).toBe(6.5);
  });
});

describe('evidence weight', () => {
  it('is 0 without expected incidents, 1/2 at five, and rises towards 1', () => {
    expect(evidenceWeight(0)).toBe(0);
    expect(evidenceWeight(-3)).toBe(0);
    expect(evidenceWeight(5)).toBe(0.5);
    let previous = 0;
    for (const expected of [1, 10, 100, 1000]) {
      const weight = evidenceWeight(expected);
      expect(weight).toBeGreaterThan(previous);
      expect(weight).toBeLessThan(1);
      previous = weight;
    }
  });
});
