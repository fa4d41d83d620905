import { NO_SCORE_COLOR, scoreRangeForCountry } from '@riskatlas/domain';
import { describe, expect, it } from 'vitest';
import { sitePoint } from './site-points';

const site = { siteId: 7, siteName: 'Loop Depot', latitude: 41.88, longitude: -87.63, countryCode: 'USA', s: { '2': 412 }, l: { r: 2016, p: 1, f: 0 } };

describe('sitePoint', () => {
  it('colours a site by its band and reads its score under its name', () => {
    expect(sitePoint(site, 2)).toEqual({ id: 7, latitude: 41.88, longitude: -87.63, color: scoreRangeForCountry(1).colorBreaks[3]!.color, label: 'Loop Depot', detail: '412 — 400–799, Medium-High' });
  });

  it('is grey with "No score" under a methodology the site has no score for', () => {
    expect(sitePoint(site, 3)).toMatchObject({ color: NO_SCORE_COLOR, detail: 'No score' });
  });
});
