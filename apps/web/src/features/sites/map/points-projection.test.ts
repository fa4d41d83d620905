import { describe, expect, it } from 'vitest';
import { makeSite } from '../testing/make-site';
import { NO_SCORE_COLOR, pointColor } from './points-projection';

describe('points map colours', () => {
  it('colours a dot by its score band under the methodology, grey without a score', () => {
    expect(pointColor(makeSite({ s: { '2': 850 } }), 2)).toBe('#d32f2f');
    expect(pointColor(makeSite({ s: { '2': 850 } }), 3)).toBe(NO_SCORE_COLOR);
  });
});
