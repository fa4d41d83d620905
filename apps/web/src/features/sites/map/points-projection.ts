import { scoreBand, type TSite } from '@riskatlas/domain';
import { siteCountryId, siteScore } from '../grid/columns';

/** Colour of a site without a score under the methodology. */
export const NO_SCORE_COLOR = '#78909c';

/** A site's dot colour: its score band under the methodology (its country's bands), grey without a score. */
export function pointColor(site: TSite, methodology: number): string {
  const score = siteScore(site, methodology);
  const countryId = siteCountryId(site);
  return score === null || countryId === undefined ? NO_SCORE_COLOR : scoreBand(score, countryId).color;
}
