import type { CountryId } from './ids';
import { isCountryId } from './countries';
import { SCORE_SEVERITY_LABELS, scoreBand, scoreRangeForCountry, scoreSeverity, type ScoreBand, type ScoreFormat, type ScoreSeverity } from './score-bands';

/** How a score reads beside its band and risk level: one source for every view that shows them. */
export interface ScoreReading {
  score: number;
  /** The band it is drawn in (the top band for scores above it). */
  band: ScoreBand;
  /** True where the score lies above the top legend band (a UK 1,103 against the compact 400–1000). */
  aboveTop: boolean;
  /** '400–799', or 'above 1000' where the score lies above the top band, so the label never contradicts the value. */
  bandLabel: string;
  severity: ScoreSeverity;
  /** 'Low' … 'High'. */
  severityLabel: string;
  /** The whole reading: '1,103 — above 1000, High'. */
  text: string;
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Reads a score for a country (spec 3 §9): its legend band in the 5- or 25-colour scheme, its
 * severity by the country's rule, and a label that stays true to the value — a score above the
 * top band (the UK's and Mexico's compact legend ends at 1000, scores reach 2000) reads
 * "above 1000" rather than the top band's range.
 */
export function readScore(score: number, countryId: CountryId, format: ScoreFormat = 5): ScoreReading {
  const band = scoreBand(score, countryId, format);
  const bands = format === 25 ? scoreRangeForCountry(countryId).detailedBreaks : scoreRangeForCountry(countryId).colorBreaks;
  const aboveTop = score > bands[bands.length - 1]!.max;
  const bandLabel = aboveTop ? `above ${band.max}` : `${band.min}–${band.max}`;
  const severity = scoreSeverity(score, countryId);
  const severityLabel = SCORE_SEVERITY_LABELS[severity];
  return { score, band, aboveTop, bandLabel, severity, severityLabel, text: `${NUMBER.format(score)} — ${bandLabel}, ${severityLabel}` };
}

/**
 * readScore's text for a score stored with a country id ('1,103 — above 1000, High'); the bare
 * score where the id is none of the product's countries, since no band or severity rule applies.
 */
export function scoreReadingText(score: number, countryId: number): string {
  return isCountryId(countryId) ? readScore(score, countryId).text : String(score);
}
