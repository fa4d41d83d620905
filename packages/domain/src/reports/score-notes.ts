import { scoreIndexOf } from './vocabulary';

/**
 * Plain notes a report shows beside its scores, computed from the scores themselves: where the
 * per-resident rate overstates risk (few residents, many workers or visitors), and where
 * methodologies agree because they rest on the same data.
 */

/** The score a few-residents note reads: Total Crime against the nation, current period. */
export const FEW_RESIDENTS_SCORE_INDEX = scoreIndexOf({ crimeType: 'total', region: 'national', period: 'current' });

/**
 * Total Crime at five times the national rate per resident or more. In the pack only places whose
 * workers and visitors far outnumber their residents reach it — casino and resort towns, airport,
 * retail and industrial enclaves, the City of London (11×) — while no large city does (St. Louis and
 * Memphis are about 3×): docs/methodology.md §5, "Where few people live".
 */
export const FEW_RESIDENTS_MIN_SCORE = 500;

/** The note shown where fewResidentsAt holds. */
export const FEW_RESIDENTS_NOTE =
  'Few people live here compared with the crime recorded: these rates are per resident, so where many people work or visit they overstate the risk to any one person.';

/** Whether a methodology's scores (scoreIndex order) call for the few-residents note. */
export function fewResidentsAt(values: ArrayLike<number>): boolean {
  return (values[FEW_RESIDENTS_SCORE_INDEX] ?? 0) >= FEW_RESIDENTS_MIN_SCORE;
}

/** One methodology's scores, as a report holds them. */
export interface MethodologyValues {
  methodologyTypeId: number;
  values: ArrayLike<number>;
}

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** Groups of two or more methodologies whose scores are identical, each sorted by id. */
export function sameScoreGroups(entries: readonly MethodologyValues[]): number[][] {
  const groups: Array<{ values: ArrayLike<number>; ids: number[] }> = [];
  for (const entry of entries) {
    const group = groups.find((candidate) => sameValues(candidate.values, entry.values));
    if (group) group.ids.push(entry.methodologyTypeId);
    else groups.push({ values: entry.values, ids: [entry.methodologyTypeId] });
  }
  return groups.filter((group) => group.ids.length > 1).map((group) => [...group.ids].sort((a, b) => a - b));
}

const listOf = (ids: readonly number[]) => (ids.length === 2 ? `${ids[0]} and ${ids[1]}` : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`);

/**
 * The note for methodologies that give the same scores: 'Methodologies 1, 2 and 4 give the same
 * scores here: with no finer data at this location they all rest on the same area data (Essex).'
 * `areaName` is the finest area the scores were compared with (the report's county-level area).
 * Null when every methodology differs.
 */
export function sameScoresNote(entries: readonly MethodologyValues[], areaName: string | null): string | null {
  const groups = sameScoreGroups(entries);
  if (groups.length === 0) return null;
  const area = areaName ? ` (${areaName})` : '';
  return groups
    .map((ids) => `Methodologies ${listOf(ids)} give the same scores here: with no finer data at this location they all rest on the same area data${area}.`)
    .join(' ');
}

/** The notes of a report: its same-scores note, and whether any methodology scores a place of few residents. */
export function reportScoreNotes(entries: readonly MethodologyValues[], areaName: string | null): { sameScoresNote: string | null; fewResidents: boolean } {
  return { sameScoresNote: sameScoresNote(entries, areaName), fewResidents: entries.some((entry) => fewResidentsAt(entry.values)) };
}
