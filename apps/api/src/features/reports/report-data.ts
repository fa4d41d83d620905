import {
  CRIME_TYPE_CATEGORY,
  CRIME_TYPE_KEYS,
  CRIME_TYPE_NAMES,
  fewResidentsAt,
  regionName,
  reportScoreNotes,
  SCORE_PERIOD_NAMES,
  SCORE_PERIODS,
  scoreIndexOf,
  scoreKeyAt,
  scoreTypeOf,
  SCORE_KEYS,
  SCORES_PER_METHODOLOGY,
  type CountryId,
  type CrimeTypeKey,
  type MethodologyTypeId,
  type MethodologyValues,
  type ScoreRegion,
  type TLocationScore,
  type TProductData,
  type TScore,
} from '@riskatlas/domain';
import type { MethodologyScores } from '@riskatlas/scoring';
import type { StoredProductData } from '../../db/schema/index';

/**
 * The scores of a report between the engine, the database and the API: the engine's typed arrays
 * are stored compactly (StoredProductData) and expanded into the Report entity's {product}Data
 * entries or the scores endpoint's flat list on the way out.
 */

/** The score the site list shows for a methodology: Total Crime, national comparison, current period. */
const SUMMARY_SCORE_INDEX = scoreIndexOf({ crimeType: 'total', region: 'national', period: 'current' });

/** The stored form of one methodology's scores. */
export function storeScores(scores: MethodologyScores): StoredProductData {
  let rep = '';
  for (let index = 0; index < SCORES_PER_METHODOLOGY; index += 1) rep += scores.reported[index] === 1 ? '1' : '0';
  return {
    m: scores.methodologyTypeId,
    y: scores.releaseYear,
    r1: scores.radius1,
    r2: scores.radius2,
    py: [scores.periodYears[0], scores.periodYears[1], scores.periodYears[2]],
    sa: scores.stateArea?.name ?? null,
    ca: scores.countyArea?.name ?? null,
    v: Array.from(scores.values),
    lo: Array.from(scores.low),
    hi: Array.from(scores.high),
    rep,
  };
}

/** Total Crime / national / current per methodology id, as a site's `s` holds them. */
export function summaryScoresOf(entries: readonly StoredProductData[]): Record<string, number> {
  return Object.fromEntries(entries.map((entry) => [String(entry.m), entry.v[SUMMARY_SCORE_INDEX] ?? 0]));
}

/** Heading groups of a report's score rows: the offences against persons, against property, then the total. */
const SCORE_GROUPS: ReadonlyArray<{ name: string; crimeTypes: readonly CrimeTypeKey[] }> = [
  { name: CRIME_TYPE_NAMES.persons, crimeTypes: [...CRIME_TYPE_KEYS.filter((key) => CRIME_TYPE_CATEGORY[key] === 'persons'), 'persons'] },
  { name: CRIME_TYPE_NAMES.property, crimeTypes: [...CRIME_TYPE_KEYS.filter((key) => CRIME_TYPE_CATEGORY[key] === 'property'), 'property'] },
  { name: CRIME_TYPE_NAMES.total, crimeTypes: ['total'] },
];

/** A heading row: no value, band, coverage or key. */
function headingRow(name: string, order: number): TScore {
  return { name, value: null, order, scoreIndex: -1, scoreType: 'heading', isHeading: true, low: null, high: null, coverage: null, crimeType: null, region: null, period: null };
}

/**
 * One {product}Data entry: the comparison areas shown (named for the country, with the
 * actual area), the three periods with their data years, and the rows — a heading per group
 * (Crimes Against Persons, Crimes Against Property, Total Crime) followed by the score rows of its
 * crime types in scoreIndex order (region, then period). Regions left out (DC state scores from
 * 2022) lose their rows: 90 score rows, or 60.
 */
export function presentProductData(entry: StoredProductData, countryId: CountryId, regions: readonly ScoreRegion[]): TProductData {
  const shown = new Set(regions);
  const scores: TScore[] = [];
  for (const group of SCORE_GROUPS) {
    scores.push(headingRow(group.name, scores.length));
    for (const crimeType of group.crimeTypes) {
      const first = scoreIndexOf({ crimeType, region: 'national', period: 'past' });
      for (let index = first; index < first + 9; index += 1) {
        const key = scoreKeyAt(index)!;
        if (!shown.has(key.region)) continue;
        scores.push({
          name: CRIME_TYPE_NAMES[crimeType],
          value: entry.v[index]!,
          order: scores.length,
          scoreIndex: index,
          scoreType: scoreTypeOf(crimeType),
          isHeading: false,
          low: entry.lo[index]!,
          high: entry.hi[index]!,
          coverage: entry.rep[index] === '1' ? 'reported' : 'imputed',
          crimeType,
          region: key.region,
          period: key.period,
        });
      }
    }
  }
  const areaName = (region: ScoreRegion) => (region === 'state' ? entry.sa : region === 'county' ? entry.ca : null);
  return {
    methodologyType: entry.m,
    yearRelease: entry.y,
    radius1: entry.r1,
    radius2: entry.r2,
    regions: regions.map((key) => ({ key, name: regionName(key, countryId), areaName: areaName(key) })),
    periods: SCORE_PERIODS.map((key, index) => ({ key, name: SCORE_PERIOD_NAMES[key], year: entry.py[index]! })),
    scores,
    fewResidents: fewResidentsAt(entry.v),
  };
}

/**
 * The notes a report's stored scores call for: which methodologies give the same scores (and the
 * area they rest on), and whether any methodology scores a place of few residents. Computed from the
 * scores, so reports stored before these notes existed get them too.
 */
export function scoreNotesOf(entries: readonly StoredProductData[]): ScoreNotes {
  return notesNamingFirstArea(entries.map((entry) => ({ methodologyTypeId: entry.m, values: entry.v, areaName: entry.ca ?? entry.sa })));
}

/** The same notes for freshly scored methodologies (POST scores), without storing them first. */
export function pointScoreNotesOf(scores: readonly MethodologyScores[]): ScoreNotes {
  return notesNamingFirstArea(
    scores.map((entry) => ({ methodologyTypeId: entry.methodologyTypeId, values: entry.values, areaName: entry.countyArea?.name ?? entry.stateArea?.name ?? null })),
  );
}

/** What scoreNotesOf and pointScoreNotesOf answer. */
type ScoreNotes = { sameScoresNote: string | null; fewResidents: boolean };

/** One methodology's scores with the finest area they were compared with (county-level, else state-level). */
type ValuesInArea = MethodologyValues & { areaName: string | null };

/** The notes of a report or a scored point; the same-scores note names the first methodology's area. */
function notesNamingFirstArea(entries: readonly ValuesInArea[]): ScoreNotes {
  return reportScoreNotes(entries, entries[0]?.areaName ?? null);
}

/** The flat score list of POST scores for one methodology: every score of the regions shown, in scoreIndex order. */
export function locationScoresOf(scores: MethodologyScores, regions: readonly ScoreRegion[], out: TLocationScore[]): void {
  const hideState = !regions.includes('state');
  const methodologyType = scores.methodologyTypeId as MethodologyTypeId;
  for (let index = 0; index < SCORES_PER_METHODOLOGY; index += 1) {
    const key = SCORE_KEYS[index]!;
    if (hideState && key.region === 'state') continue;
    out.push({
      methodologyType,
      crimeType: key.crimeType,
      region: key.region,
      period: key.period,
      value: scores.values[index]!,
      low: scores.low[index]!,
      high: scores.high[index]!,
      coverage: scores.reported[index] === 1 ? 'reported' : 'imputed',
    });
  }
}
