import { describe, expect, it } from 'vitest';
import { siteIncidentIndicators } from './incident-indicators';
import { usIncidentDataCovers } from './incident-data';

describe('site incident indicators (Site.i)', () => {
  it('gives the last incident date within 3 miles and the block, quarter-mile and 3-mile flags', () => {
    expect(siteIncidentIndicators(37.77542, -122.4034)).toEqual({ r: '2017-07-31', b: true, s: true, l: true });
    // Asked again (the next list read), the same answer.
    expect(siteIncidentIndicators(37.77542, -122.4034)).toEqual({ r: '2017-07-31', b: true, s: true, l: true });
  });

  it('is null where no incident data covers the site, never a row of false flags', () => {
    expect(usIncidentDataCovers(38.52, -99.31)).toBe(false);
    expect(siteIncidentIndicators(38.52, -99.31)).toBeNull();
  });

  it('knows the covered cities from the department list alone', () => {
    expect(usIncidentDataCovers(41.8786, -87.6397)).toBe(true);
    expect(usIncidentDataCovers(37.7749, -122.4194)).toBe(true);
  });
});
