// The projection backtest: a rolling-origin backtest of how series are carried beyond
// the data. From every origin year with at least MIN_HISTORY observed years, each candidate
// forecasts 1–5 years ahead from the data up to the origin only, and the forecast is compared with
// what was later reported (log error). It runs on the pack's own area rates — at build time to
// write projection.tsv and in `npm run validate:model` to publish the table — so both agree.
import type { CountryId } from '@riskatlas/domain';
import { dampedForecastLog } from '../src/model/damped-trend';
import type { ProjectionMethod, SeriesKind } from '../src/model/projection';
import type { AreaRecord, ScoringTables } from '../src/pack/read-tables';
import { RATE_COUNT } from '../src/model/years';

/** Years ahead the backtest forecasts (the projected period lies five years past the current one). */
export const BACKTEST_HORIZON = 5;
/** Observed years a series needs up to the origin before it forecasts. */
const MIN_HISTORY = 3;

/** What a forecast is compared on: the area's level, its ratio to its parent, or (for areas below a state) to the nation. */
export type Comparison = 'level' | 'parent' | 'nation';

/** One forecast of the backtest: the log error (forecast ÷ reported) of each candidate. */
export interface BacktestForecast {
  countryId: CountryId;
  areaKey: string;
  level: AreaRecord['level'];
  comparison: Comparison;
  horizon: number;
  /** log(forecast ÷ reported) per candidate; 'national' is absent for ratios (it holds the ratio: no change). */
  errors: Partial<Record<ProjectionMethod, number>>;
}

/** The kind a comparison informs: levels, or ratios (to the parent and to the nation). */
export const kindOf = (comparison: Comparison): SeriesKind => (comparison === 'level' ? 'level' : 'ratio');

/** An area's reported log rates per rate key: year → log value (only values the source reported, above 0). */
type ObservedLogs = Array<Map<number, number>>;

function observedLogs(tables: Pick<ScoringTables, 'areaRates'>): Map<string, ObservedLogs> {
  const result = new Map<string, ObservedLogs>();
  for (const row of tables.areaRates) {
    let logs = result.get(row.areaKey);
    if (!logs) {
      logs = Array.from({ length: RATE_COUNT }, () => new Map<number, number>());
      result.set(row.areaKey, logs);
    }
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const value = row.rates[rateIndex]!;
      // Only what a source reported: build-imputed years and proxy offences (Canada's offences are
      // copies of an index) would count the same number several times.
      if (row.coverage[rateIndex] === 'r' && value > 0) logs[rateIndex]!.set(row.year, Math.log(value));
    }
  }
  return result;
}

/** The damped-trend forecast of a series `horizon` years after `origin`, from its years up to the origin. */
function trendAt(series: Map<number, number>, origin: number, horizon: number): number {
  const years = [...series.keys()].filter((year) => year <= origin).sort((a, b) => a - b);
  return dampedForecastLog(years, years.map((year) => series.get(year)!), horizon);
}

/** Runs the backtest on every area with a reported series long enough to forecast. Deterministic (sorted areas). */
export function projectionBacktest(tables: Pick<ScoringTables, 'areas' | 'areaRates'>): BacktestForecast[] {
  const logs = observedLogs(tables);
  const byKey = new Map(tables.areas.map((area) => [area.areaKey, area]));
  const forecasts: BacktestForecast[] = [];
  const areas = [...tables.areas].sort((a, b) => (a.areaKey < b.areaKey ? -1 : a.areaKey > b.areaKey ? 1 : 0));
  for (const area of areas) {
    const parent = area.parentKey ? byKey.get(area.parentKey) : undefined;
    const nation = areas.find((candidate) => candidate.countryId === area.countryId && candidate.level === 'N');
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const own = logs.get(area.areaKey)?.[rateIndex];
      if (!own || own.size < MIN_HISTORY + 1) continue;
      const parentLogs = parent ? logs.get(parent.areaKey)?.[rateIndex] : undefined;
      const nationLogs = nation && nation !== area ? logs.get(nation.areaKey)?.[rateIndex] : undefined;
      const years = [...own.keys()].sort((a, b) => a - b);
      const push = (comparison: Comparison, horizon: number, errors: BacktestForecast['errors']) =>
        forecasts.push({ countryId: area.countryId, areaKey: area.areaKey, level: area.level, comparison, horizon, errors });
      for (let index = MIN_HISTORY - 1; index < years.length; index++) {
        const origin = years[index]!;
        for (let horizon = 1; horizon <= BACKTEST_HORIZON; horizon++) {
          const target = origin + horizon;
          const actual = own.get(target);
          if (actual === undefined) continue;
          const flat = own.get(origin)! - actual;
          const trend = trendAt(own, origin, horizon) - actual;
          const nationMove = nationLogs?.has(origin) ? trendAt(nationLogs, origin, horizon) - nationLogs.get(origin)! : undefined;
          if (!nationLogs) push('level', horizon, { flat, national: trend, trend });
          else if (nationMove !== undefined) push('level', horizon, { flat, national: flat + nationMove, trend });
          // Ratios: each side carried by its own damped trend, against the ratio held.
          const ratio = (comparison: Comparison, reference: Map<number, number> | undefined) => {
            if (!reference?.has(origin) || !reference.has(target) || reference.size < MIN_HISTORY) return;
            const ratioFlat = own.get(origin)! - reference.get(origin)! - (actual - reference.get(target)!);
            const ratioTrend = trendAt(own, origin, horizon) - trendAt(reference, origin, horizon) - (actual - reference.get(target)!);
            push(comparison, horizon, { flat: ratioFlat, trend: ratioTrend });
          };
          ratio('parent', parentLogs);
          if (parent && parent !== nation) ratio('nation', nationLogs);
        }
      }
    }
  }
  return forecasts;
}
