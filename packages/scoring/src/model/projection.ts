import type { CountryId } from '@riskatlas/domain';

/**
 * How a series is carried beyond its data, as the projection backtest chose it
 * (validation/projection-backtest.ts, data/scoring/projection.tsv):
 * 'flat' holds the last value (for a ratio: the area keeps its ratio to its parent);
 * 'national' holds the area's ratio and lets the nation carry its own damped trend;
 * 'trend' is the area's own damped trend.
 */
export type ProjectionMethod = 'flat' | 'national' | 'trend';

/** What is projected: an area's own level, or its ratio to its parent (what a score depends on). */
export type SeriesKind = 'level' | 'ratio';

/** A country's projection rules and time uncertainty (log-scale growth per year beyond the data). */
export interface CountryProjection {
  level: ProjectionMethod;
  ratio: ProjectionMethod;
  levelPerYear: number;
  ratioPerYear: number;
}

/** Today's rule where the pack holds no backtest (test fixtures): damped trends, 0.03 a year. */
export const DEFAULT_PROJECTION: CountryProjection = { level: 'trend', ratio: 'trend', levelPerYear: 0.03, ratioPerYear: 0.03 };

/** One row of projection.tsv: the backtest's winner and time uncertainty for a country and kind. */
export interface ProjectionRecord {
  countryId: CountryId;
  kind: SeriesKind;
  method: ProjectionMethod;
  perYear: number;
}

/** The per-country rules of projection.tsv's rows (countries without rows take DEFAULT_PROJECTION). */
export function projectionChoicesOf(records: readonly ProjectionRecord[]): Map<CountryId, CountryProjection> {
  const choices = new Map<CountryId, CountryProjection>();
  for (const record of records) {
    const choice = { ...(choices.get(record.countryId) ?? DEFAULT_PROJECTION) };
    if (record.kind === 'level') {
      choice.level = record.method;
      choice.levelPerYear = record.perYear;
    } else {
      choice.ratio = record.method;
      choice.ratioPerYear = record.perYear;
    }
    choices.set(record.countryId, choice);
  }
  return choices;
}
