import { describe, expect, it } from 'vitest';
import { scoreArraySource } from './score-arrays';

describe('score arrays', () => {
  it('gives every scoring 90 zeroed scores of its own, within a shared buffer and across buffers', () => {
    const next = scoreArraySource();
    const taken = Array.from({ length: 130 }, (_, index) => {
      const arrays = next();
      expect([arrays.values, arrays.low, arrays.high, arrays.reported].every((array) => array.length === 90 && array.every((value) => value === 0))).toBe(true);
      arrays.values.fill(index + 1);
      arrays.low.fill(index + 1);
      arrays.high.fill(index + 1);
      arrays.reported.fill(index + 1);
      return arrays;
    });
    // Writing one scoring's arrays left every other scoring's as it was written.
    taken.forEach((arrays, index) => {
      for (const array of [arrays.values, arrays.low, arrays.high, arrays.reported]) expect(array.every((value) => value === index + 1)).toBe(true);
    });
  });
});
