import { isCountryId } from './countries';
import { defaultScoreFormat, scoreBand } from './score-bands';

/** The colour of a site without a score under the chosen methodology (or of no known country). */
export const NO_SCORE_COLOR = '#78909c';

/** What colouring a site by its score reads from it: its scores `s`, its country and the release of its report `l`. */
export interface SiteScoreInput {
  /** Scores keyed by methodology id (the site's `s`). */
  s: Readonly<Record<string, number>>;
  /** The site's country id; undefined or unknown ids have no bands. */
  countryId: number | undefined;
  /** Release year of the report the scores come from (the site's `l.r`); undefined without a report. */
  releaseYear: number | undefined;
}

/** A site's score under a methodology, or null when it has none (or it is not a finite number). */
export function siteScoreOf(s: Readonly<Record<string, number>>, methodology: number): number | null {
  const score = s[String(methodology)];
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

/**
 * A site's map colour: the colour of the legend band its score falls in under the methodology, in
 * the 5-colour scheme for reports before release 2018 and the 25-colour scheme from 2018, with its
 * country's bands (countries 3 and 5 use the compact bands in the 5-colour scheme); grey when the
 * site has no score under the methodology, no known country, or no report release.
 */
export function siteScoreColor(site: SiteScoreInput, methodology: number): string {
  const score = siteScoreOf(site.s, methodology);
  if (score === null || !isCountryId(site.countryId) || site.releaseYear === undefined) return NO_SCORE_COLOR;
  return scoreBand(score, site.countryId, defaultScoreFormat(site.releaseYear)).color;
}
