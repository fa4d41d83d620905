import { countryIdOfCode, readScore, siteScoreColor, siteScoreOf, type TSite } from '@riskatlas/domain';
import type { MapPoint } from './types';

/**
 * A site as a map point: coloured by its score under the methodology (its legend band, 5 or 25
 * colours by its report's release, grey without a score), named on hover with its score reading
 * ("412 — 400–799, Medium-High") or "No score" under the name.
 */
export function sitePoint(site: Pick<TSite, 'siteId' | 'siteName' | 'latitude' | 'longitude' | 'countryCode' | 's' | 'l'>, methodology: number): MapPoint {
  const countryId = countryIdOfCode(site.countryCode);
  const score = siteScoreOf(site.s, methodology);
  const color = siteScoreColor({ s: site.s, countryId, releaseYear: site.l?.r }, methodology);
  const detail = score === null || countryId === undefined ? 'No score' : readScore(score, countryId).text;
  return { id: site.siteId, latitude: site.latitude, longitude: site.longitude, color, label: site.siteName, detail };
}
