import { describe, expect, it } from 'vitest';
import { defaultScoreFormat, parseScoreBreak, scoreBand, scoreBandIndex, scoreRangeForCountry, scoreSeverity, SCORE_COLORS } from './score-bands';

describe('score ranges', () => {
  it('gives countries 1, 2 and 6 the legend bands 0-99, 100-199, 200-399, 400-799, 800-2000', () => {
    for (const id of [1, 2, 6] as const) {
      const range = scoreRangeForCountry(id);
      expect([range.scoreBreak1, range.scoreBreak2, range.scoreBreak3, range.scoreBreak4, range.scoreBreak5]).toEqual([
        '0-99',
        '100-199',
        '200-399',
        '400-799',
        '800-2000',
      ]);
      expect(range.colorBreaks.map((band) => band.color)).toEqual([...SCORE_COLORS]);
    }
  });

  it('gives the UK and Mexico 0-100-200-300-400-1000 in the 5-colour scheme and the standard bands in the 25-colour one', () => {
    for (const id of [3, 5] as const) {
      const range = scoreRangeForCountry(id);
      expect(range.colorBreaks.map((band) => `${band.min}-${band.max}`)).toEqual(['0-99', '100-199', '200-299', '300-399', '400-1000']);
      expect(range.detailedBreaks[10]).toMatchObject({ min: 200 });
      expect(range.detailedBreaks[15]).toMatchObject({ min: 400 });
      expect(range.detailedBreaks[24]).toMatchObject({ max: 2000 });
      expect(range.scoreRangeID).not.toBe(scoreRangeForCountry(1).scoreRangeID);
    }
  });

  it('has 25 contiguous detailed bands covering 0 to 2000, each major band starting on its 5-colour colour', () => {
    const { detailedBreaks, colorBreaks } = scoreRangeForCountry(1);
    expect(detailedBreaks).toHaveLength(25);
    expect(detailedBreaks[0]!.min).toBe(0);
    for (let i = 1; i < 25; i += 1) expect(detailedBreaks[i]!.min).toBe(detailedBreaks[i - 1]!.max + 1);
    expect(detailedBreaks.map((band) => band.color).filter((_, i) => i % 5 === 0)).toEqual(colorBreaks.map((band) => band.color));
    expect(new Set(detailedBreaks.map((band) => band.color)).size).toBe(25);
    for (const band of detailedBreaks) expect(band.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('places scores in bands, clamping beyond the ends', () => {
    const bands = scoreRangeForCountry(1).colorBreaks;
    expect([0, 99, 100, 399, 400, 799, 800, 2000, 2500, -5].map((score) => scoreBandIndex(score, bands))).toEqual([0, 0, 1, 2, 3, 3, 4, 4, 4, 0]);
    expect(scoreBand(1500, 3).min).toBe(400);
    expect(scoreBand(350, 1, 25)).toMatchObject({ min: 320, max: 359 });
  });

  it('parses score breaks', () => {
    expect(parseScoreBreak('800-2000')).toEqual({ min: 800, max: 2000 });
    expect(parseScoreBreak(' 0 - 99 ')).toEqual({ min: 0, max: 99 });
    expect(parseScoreBreak('99-0')).toBeUndefined();
    expect(parseScoreBreak('abc')).toBeUndefined();
  });
});

describe('severity and score format', () => {
  it('rates severity by country', () => {
    const us = [50, 150, 250, 399, 400, 799, 800].map((score) => scoreSeverity(score, 1));
    expect(us).toEqual(['low', 'medium-low', 'medium', 'medium', 'medium-high', 'medium-high', 'high']);
    const uk = [50, 150, 250, 299, 300, 399, 400].map((score) => scoreSeverity(score, 3));
    expect(uk).toEqual(['low', 'medium-low', 'medium', 'medium', 'medium-high', 'medium-high', 'high']);
    expect(scoreSeverity(500, 5)).toBe('medium-high');
    expect(scoreSeverity(500, 6)).toBe('medium-high');
    expect(scoreSeverity(500, 2)).toBe('medium-high');
  });

  it('formats basic scores in 5 colours before 2018 and 25 from 2018', () => {
    expect(defaultScoreFormat(2017)).toBe(5);
    expect(defaultScoreFormat(2018)).toBe(25);
    expect(defaultScoreFormat(2026)).toBe(25);
  });
});
