import { describe, expect, it } from 'vitest';
import { scoreRangeForCountry } from './score-bands';
import { NO_SCORE_COLOR, siteScoreColor } from './site-score-color';

const site = (score: number | undefined, countryId: number | undefined, releaseYear: number | undefined) => ({
  s: score === undefined ? {} : { '2': score },
  countryId,
  releaseYear,
});

describe('siteScoreColor', () => {
  const standard = scoreRangeForCountry(1);
  const compact = scoreRangeForCountry(3);

  it('uses the five legend colours for reports before release 2018', () => {
    expect(siteScoreColor(site(50, 1, 2017), 2)).toBe(standard.colorBreaks[0]!.color);
    expect(siteScoreColor(site(450, 1, 2017), 2)).toBe(standard.colorBreaks[3]!.color);
    expect(siteScoreColor(site(1999, 1, 2010), 2)).toBe(standard.colorBreaks[4]!.color);
  });

  it('uses the 25-colour scheme from release 2018: two scores of one legend band get different shades', () => {
    const low = siteScoreColor(site(400, 1, 2018), 2);
    const high = siteScoreColor(site(780, 1, 2018), 2);
    expect(low).toBe(standard.detailedBreaks[15]!.color);
    expect(high).toBe(standard.detailedBreaks[19]!.color);
    expect(low).not.toBe(high);
  });

  it('gives countries 3 and 5 the compact bands in the 5-colour scheme (350 is the fourth band, not the third)', () => {
    expect(siteScoreColor(site(350, 3, 2017), 2)).toBe(compact.colorBreaks[3]!.color);
    expect(siteScoreColor(site(350, 5, 2017), 2)).toBe(compact.colorBreaks[3]!.color);
    expect(siteScoreColor(site(350, 1, 2017), 2)).toBe(standard.colorBreaks[2]!.color);
    // A UK score above the compact top (1000) is drawn in the top band.
    expect(siteScoreColor(site(1500, 3, 2017), 2)).toBe(compact.colorBreaks[4]!.color);
  });

  it('is grey without a score under the methodology, without a known country or without a report', () => {
    expect(siteScoreColor(site(undefined, 1, 2024), 2)).toBe(NO_SCORE_COLOR);
    expect(siteScoreColor(site(300, 1, 2024), 3)).toBe(NO_SCORE_COLOR);
    expect(siteScoreColor(site(300, 99, 2024), 2)).toBe(NO_SCORE_COLOR);
    expect(siteScoreColor(site(300, undefined, 2024), 2)).toBe(NO_SCORE_COLOR);
    expect(siteScoreColor(site(300, 1, undefined), 2)).toBe(NO_SCORE_COLOR);
    expect(siteScoreColor({ s: { '2': Number.NaN }, countryId: 1, releaseYear: 2024 }, 2)).toBe(NO_SCORE_COLOR);
  });
});
