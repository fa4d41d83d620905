import { describe, expect, it } from 'vitest';
import { BAND_Z } from '../src/engine/create-engine';
import { calibratedSpread, coverageOf, quantile } from './calibration';

const unit = (errors: readonly number[]) => errors.map((error) => ({ error, scale: 1 }));

describe('calibrated spreads', () => {
  it('cuts at the ⌈0.9 (n + 1)⌉-th smallest |error|, so a new error falls inside with probability ≥ 90 %', () => {
    const errors = Array.from({ length: 19 }, (_, index) => (index % 2 ? -1 : 1) * (index + 1));
    // n = 19: rank ⌈18⌉ = 18, the error of size 18.
    expect(calibratedSpread(unit(errors)) * BAND_Z).toBeCloseTo(18, 12);
    expect(coverageOf(unit(errors), calibratedSpread(unit(errors)))).toBeCloseTo(18 / 19, 12);
  });

  it('scales errors by their horizon: σ per year', () => {
    const errors = Array.from({ length: 99 }, (_, index) => ({ error: 0.01 * (index + 1) * 3, scale: 3 }));
    expect(calibratedSpread(errors) * BAND_Z).toBeCloseTo(0.9, 12);
  });

  it('interpolates quantiles between order statistics', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
