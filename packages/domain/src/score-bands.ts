import type { CountryId } from './ids';

/**
 * Score tiers: legend bands, the 5- and 25-colour schemes, severity, and the default
 * score format. Which views of the United Kingdom and Mexico use the compact bands is this
 * product's own decision, recorded in docs/decisions/0004-release-years.md.
 */

/** Scores run from 0 to 2000. */
export const SCORE_MIN = 0;
export const SCORE_MAX = 2000;

/** One band of a colour scheme: scores min..max inclusive, drawn in `color`. */
export interface ScoreBand {
  min: number;
  max: number;
  color: string;
}

/** The ScoreRange entity: the score bands of a country and release. */
export interface ScoreRange {
  scoreRangeID: number;
  /** The five legend bands as 'min-max'. */
  scoreBreak1: string;
  scoreBreak2: string;
  scoreBreak3: string;
  scoreBreak4: string;
  scoreBreak5: string;
  /** The 5-colour scheme. */
  colorBreaks: ScoreBand[];
  /** The 25-colour scheme. */
  detailedBreaks: ScoreBand[];
}

/** The standard legend boundaries: 0-99, 100-199, 200-399, 400-799, 800-2000. */
export const STANDARD_BOUNDARIES = [0, 100, 200, 400, 800, 2000] as const;
/** The compact boundaries countries 3 and 5 use in some views: 0-100-200-300-400-1000. */
export const COMPACT_BOUNDARIES = [0, 100, 200, 300, 400, 1000] as const;

/** Score range ids: 1 standard (countries 1, 2, 6), 2 compact 5-colour bands (countries 3, 5). */
export const ScoreRangeId = { Standard: 1, Compact: 2 } as const;

/** The five band colours, low risk to high risk; the sixth closes the 25-colour gradient. */
export const SCORE_COLORS = ['#2e7d32', '#9ccc65', '#fdd835', '#fb8c00', '#d32f2f'] as const;
const GRADIENT_END = '#7f0000';

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(from: string, to: string, t: number): string {
  const a = hexToRgb(from);
  const b = hexToRgb(to);
  const channel = (i: number) => Math.round(a[i]! + (b[i]! - a[i]!) * t).toString(16).padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** Five bands from six boundaries; each band ends one below the next boundary, the last at its top. */
function bandsOf(boundaries: readonly number[]): ScoreBand[] {
  return SCORE_COLORS.map((color, i) => {
    const last = i === SCORE_COLORS.length - 1;
    return { min: boundaries[i]!, max: last ? boundaries[i + 1]! : boundaries[i + 1]! - 1, color };
  });
}

/**
 * 25 bands: each of the five split into five equal parts, shaded from its colour towards the
 * next band's, so sub-band 0 of every band is that band's 5-colour colour.
 */
function detailedBandsOf(boundaries: readonly number[]): ScoreBand[] {
  const bands: ScoreBand[] = [];
  for (let i = 0; i < 5; i += 1) {
    const low = boundaries[i]!;
    const high = boundaries[i + 1]!;
    const step = (high - low) / 5;
    const next = i < 4 ? SCORE_COLORS[i + 1]! : GRADIENT_END;
    for (let j = 0; j < 5; j += 1) {
      const min = Math.round(low + step * j);
      const lastOfAll = i === 4 && j === 4;
      const max = lastOfAll ? high : Math.round(low + step * (j + 1)) - 1;
      bands.push({ min, max, color: mix(SCORE_COLORS[i]!, next, j / 5) });
    }
  }
  return bands;
}

const breakText = (band: ScoreBand) => `${band.min}-${band.max}`;

function buildScoreRange(id: number, fiveColour: readonly number[], twentyFiveColour: readonly number[]): ScoreRange {
  const colorBreaks = bandsOf(fiveColour);
  return {
    scoreRangeID: id,
    scoreBreak1: breakText(colorBreaks[0]!),
    scoreBreak2: breakText(colorBreaks[1]!),
    scoreBreak3: breakText(colorBreaks[2]!),
    scoreBreak4: breakText(colorBreaks[3]!),
    scoreBreak5: breakText(colorBreaks[4]!),
    colorBreaks,
    detailedBreaks: detailedBandsOf(twentyFiveColour),
  };
}

const STANDARD_RANGE = buildScoreRange(ScoreRangeId.Standard, STANDARD_BOUNDARIES, STANDARD_BOUNDARIES);
/**
 * The UK and Mexico: the legend and 5-colour scheme use the compact bands; the 25-colour scheme
 * keeps the standard bands, so for these countries the 25- and 5-colour bands differ.
 */
const COMPACT_RANGE = buildScoreRange(ScoreRangeId.Compact, COMPACT_BOUNDARIES, STANDARD_BOUNDARIES);

/** The score range (legend bands and both colour schemes) of a country. */
export function scoreRangeForCountry(countryId: CountryId): ScoreRange {
  return countryId === 3 || countryId === 5 ? COMPACT_RANGE : STANDARD_RANGE;
}

/** Parses a 'min-max' score break ('800-2000') into numbers; undefined when malformed. */
export function parseScoreBreak(text: string): { min: number; max: number } | undefined {
  const match = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(text);
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = Number(match[2]);
  return min <= max ? { min, max } : undefined;
}

/** The colour scheme of basic scores: 5 or 25 colours. */
export type ScoreFormat = 5 | 25;

/** Default basic score format: 5-colour before release year 2018, 25-colour from 2018. */
export function defaultScoreFormat(releaseYear: number): ScoreFormat {
  return releaseYear >= 2018 ? 25 : 5;
}

/**
 * The index of the band a score falls in. Scores below the first band count as the first band and
 * scores above the last (a UK score of 1500 in the compact scheme) as the last.
 */
export function scoreBandIndex(score: number, bands: readonly ScoreBand[]): number {
  for (let i = 0; i < bands.length; i += 1) {
    if (score <= bands[i]!.max) return i;
  }
  return bands.length - 1;
}

/** The band of a score for a country in a colour scheme (the default scheme is 5 colours). */
export function scoreBand(score: number, countryId: CountryId, format: ScoreFormat = 5): ScoreBand {
  const range = scoreRangeForCountry(countryId);
  const bands = format === 25 ? range.detailedBreaks : range.colorBreaks;
  return bands[scoreBandIndex(score, bands)]!;
}

/** Severity of a score, from low to high. */
export type ScoreSeverity = 'low' | 'medium-low' | 'medium' | 'medium-high' | 'high';

/** Display names of the severities. */
export const SCORE_SEVERITY_LABELS: Record<ScoreSeverity, string> = {
  low: 'Low',
  'medium-low': 'Medium-Low',
  medium: 'Medium',
  'medium-high': 'Medium-High',
  high: 'High',
};

/**
 * Severity: under 100 low, under 200 medium-low; then for countries 1, 2, 5 and 6
 * under 400 medium and under 800 medium-high, for country 3 under 300 and under 400; otherwise high.
 */
export function scoreSeverity(score: number, countryId: CountryId): ScoreSeverity {
  if (score < 100) return 'low';
  if (score < 200) return 'medium-low';
  const [medium, mediumHigh] = countryId === 3 ? [300, 400] : [400, 800];
  if (score < medium) return 'medium';
  if (score < mediumHigh) return 'medium-high';
  return 'high';
}
