import type { CountryId } from './ids';

/**
 * Release years per country and the release rules (release -1 = current; a chosen
 * release is corrected to the closest release the country has; report validity). The years are
 * this product's choice, recorded with their reasons in docs/decisions/0004-release-years.md.
 */

/** The current release of every country (a new release each year; today is 2026). */
export const CURRENT_RELEASE_YEAR = 2026;

/** How many release years the year lists offer. */
export const RELEASE_YEAR_LIST_LENGTH = 11;

/** Releases 2006 or earlier have no map or PDF. */
export const LAST_RELEASE_WITHOUT_MAP = 2006;

/** A report for the current release may be up to this many releases old. */
export const CURRENT_RELEASE_TOLERANCE_YEARS = 2;

/** The value of `release` that means "the current release". */
export const CURRENT_RELEASE = -1;

/** First and last release of one country: every year in between is a release. */
export interface CountryReleaseSpan {
  firstRelease: number;
  lastRelease: number;
}

/**
 * Release spans. USA from 2003 (the earliest year the site cache clears); Canada from
 * 2000 (Crime Severity Index from 1998); UK from 2005 (police-force-area recorded crime from 2003);
 * Mexico from 2016 (SESNSP from 2015); Puerto Rico from 2008 (monthly murders from 2007).
 */
export const COUNTRY_RELEASES: Readonly<Record<CountryId, Readonly<CountryReleaseSpan>>> = {
  1: { firstRelease: 2003, lastRelease: CURRENT_RELEASE_YEAR },
  2: { firstRelease: 2000, lastRelease: CURRENT_RELEASE_YEAR },
  3: { firstRelease: 2005, lastRelease: CURRENT_RELEASE_YEAR },
  5: { firstRelease: 2016, lastRelease: CURRENT_RELEASE_YEAR },
  6: { firstRelease: 2008, lastRelease: CURRENT_RELEASE_YEAR },
};

/** The country's current release year (its last release). */
export function currentReleaseOf(countryId: CountryId): number {
  return COUNTRY_RELEASES[countryId].lastRelease;
}

/** True when `release` asks for the current release: -1, or 0 (the provider's "Default" choice). */
export function isCurrentReleaseRequest(release: number): boolean {
  return release === CURRENT_RELEASE || release === 0;
}

/**
 * The release a request means for a country: -1 (or 0) is the current release; any other year is
 * corrected to the closest release the country has (releases are consecutive years, so the
 * closest is the year clamped to the country's span).
 */
export function resolveRelease(countryId: CountryId, release: number): number {
  const { firstRelease, lastRelease } = COUNTRY_RELEASES[countryId];
  if (isCurrentReleaseRequest(release) || !Number.isFinite(release)) return lastRelease;
  return Math.min(lastRelease, Math.max(firstRelease, Math.round(release)));
}

/**
 * The release years offered for a country: the current release and the ten before it, newest
 * first, never before the country's first release.
 */
export function releaseYearList(countryId: CountryId): number[] {
  const { firstRelease, lastRelease } = COUNTRY_RELEASES[countryId];
  const years: number[] = [];
  for (let year = lastRelease; year >= firstRelease && years.length < RELEASE_YEAR_LIST_LENGTH; year -= 1) years.push(year);
  return years;
}

/**
 * Whether a report of `reportRelease` answers a view of `chosenRelease`: for a chosen
 * year, the report's release must equal the corrected year; for the current release, the report
 * may be up to two releases older than the current one. (The two are counted down the country's
 * release list, newest first, whose first entry is the current release.)
 */
export function isReportValidForRelease(reportRelease: number, chosenRelease: number, countryId: CountryId): boolean {
  const current = currentReleaseOf(countryId);
  if (isCurrentReleaseRequest(chosenRelease)) {
    return reportRelease <= current && reportRelease >= current - CURRENT_RELEASE_TOLERANCE_YEARS;
  }
  return reportRelease === resolveRelease(countryId, chosenRelease);
}

/** The site's newest report that answers the chosen release, or undefined. */
export function pickReportForRelease<T extends { releaseYear: number }>(reports: readonly T[], chosenRelease: number, countryId: CountryId): T | undefined {
  let best: T | undefined;
  for (const report of reports) {
    if (!isReportValidForRelease(report.releaseYear, chosenRelease, countryId)) continue;
    if (!best || report.releaseYear > best.releaseYear) best = report;
  }
  return best;
}

/** A report is updatable when its release is older than the country's current release. */
export function isReportUpdatable(reportRelease: number, countryId: CountryId): boolean {
  return reportRelease < currentReleaseOf(countryId);
}

/** Releases 2006 or earlier have no map or PDF. */
export function releaseHasMapAndPdf(releaseYear: number): boolean {
  return releaseYear > LAST_RELEASE_WITHOUT_MAP;
}
