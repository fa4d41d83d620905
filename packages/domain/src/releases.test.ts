import { describe, expect, it } from 'vitest';
import {
  COUNTRY_RELEASES,
  CURRENT_RELEASE_YEAR,
  currentReleaseOf,
  isReportUpdatable,
  isReportValidForRelease,
  pickReportForRelease,
  releaseHasMapAndPdf,
  releaseYearList,
  resolveRelease,
} from './releases';

describe('release years', () => {
  it('makes 2026 the current release of every country, each from the year its data supports', () => {
    expect(CURRENT_RELEASE_YEAR).toBe(2026);
    expect(Object.values(COUNTRY_RELEASES).map((span) => span.lastRelease)).toEqual([2026, 2026, 2026, 2026, 2026]);
    expect(COUNTRY_RELEASES[1].firstRelease).toBe(2003);
    expect(COUNTRY_RELEASES[2].firstRelease).toBe(2000);
    expect(COUNTRY_RELEASES[3].firstRelease).toBe(2005);
    expect(COUNTRY_RELEASES[5].firstRelease).toBe(2016);
    expect(COUNTRY_RELEASES[6].firstRelease).toBe(2008);
  });

  it('lists 11 years newest first, never before the first release', () => {
    expect(releaseYearList(1)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016]);
    expect(releaseYearList(5)).toHaveLength(11);
    expect(releaseYearList(5).at(-1)).toBe(2016);
  });
});

describe('release correction', () => {
  it('reads -1 (and the provider Default 0) as the current release', () => {
    expect(resolveRelease(1, -1)).toBe(2026);
    expect(resolveRelease(5, 0)).toBe(2026);
  });

  it('corrects a chosen year to the closest release the country has', () => {
    expect(resolveRelease(1, 2019)).toBe(2019);
    expect(resolveRelease(5, 2010)).toBe(2016);
    expect(resolveRelease(1, 1990)).toBe(2003);
    expect(resolveRelease(2, 2031)).toBe(2026);
    expect(resolveRelease(3, 2012.4)).toBe(2012);
  });

  it('accepts for the current release a report up to two releases old, and for a chosen year only that year', () => {
    expect(isReportValidForRelease(2026, -1, 1)).toBe(true);
    expect(isReportValidForRelease(2024, -1, 1)).toBe(true);
    expect(isReportValidForRelease(2023, -1, 1)).toBe(false);
    expect(isReportValidForRelease(2027, -1, 1)).toBe(false);
    expect(isReportValidForRelease(2020, 2020, 1)).toBe(true);
    expect(isReportValidForRelease(2021, 2020, 1)).toBe(false);
    // A Mexican view of 2012 is corrected to 2016, Mexico's first release.
    expect(isReportValidForRelease(2016, 2012, 5)).toBe(true);
  });

  it("shows the site's newest report that matches the chosen release", () => {
    const reports = [{ releaseYear: 2024, id: 'a' }, { releaseYear: 2025, id: 'b' }, { releaseYear: 2019, id: 'c' }];
    expect(pickReportForRelease(reports, -1, 1)?.id).toBe('b');
    expect(pickReportForRelease(reports, 2019, 1)?.id).toBe('c');
    expect(pickReportForRelease(reports, 2018, 1)).toBeUndefined();
    expect(pickReportForRelease([{ releaseYear: 2022 }], -1, 1)).toBeUndefined();
  });

  it('updates reports older than the current release; maps and PDFs only after 2006', () => {
    expect(currentReleaseOf(6)).toBe(2026);
    expect(isReportUpdatable(2025, 6)).toBe(true);
    expect(isReportUpdatable(2026, 6)).toBe(false);
    expect(releaseHasMapAndPdf(2006)).toBe(false);
    expect(releaseHasMapAndPdf(2007)).toBe(true);
  });
});
