import { CRIME_TYPE_KEYS, CRIME_TYPE_NAMES } from '@riskatlas/domain';
import { locationOfAgency, MIN_EXPECTED } from '../build/fit/out-of-fold';
import { compositeEstimate, interpolationEstimate } from '../src/engine/estimates';
import { locateAreas } from '../src/engine/locate-areas';
import { buildScoringModel } from '../src/model/build-model';
import { rateAt } from '../src/model/series';
import { RATE_COUNT, withAggregates } from '../src/model/years';
import type { AgencyYearRecord, ScoringTables } from '../src/pack/read-tables';
import { formatMetric, metricOf } from './metrics';

/** The model sees agency reports up to this year and predicts HELD_OUT_YEAR. */
export const TRAIN_UNTIL = 2017;
export const HELD_OUT_YEAR = 2019;

/** Log of a year's count relative to the state's rate, with the model's half-incident prior. */
function yearRelativeLog(row: AgencyYearRecord, rateIndex: number, stateRate: number): { log: number; expected: number } {
  const count = withAggregates(row.counts)[rateIndex]!;
  const expected = (row.population * stateRate) / 100_000;
  return { log: Math.log((count + 0.5) / (expected + 0.5)), expected: Number.isFinite(count) ? expected : Number.NaN };
}

/**
 * Held-out year at each reporting agency's own point: the model is built from reports up to 2017
 * (the combination is the pack's) and estimates 2019; beside it the last reported year alone and
 * methodology 1. Returns the table lines.
 */
export function heldOutYearTable(tables: ScoringTables): string[] {
  const model = buildScoringModel(tables, { agencyMaxYear: TRAIN_UNTIL });
  const rowsByAgency = new Map<string, AgencyYearRecord[]>();
  for (const row of tables.agencyYears) {
    if (!(row.population > 0)) continue;
    const list = rowsByAgency.get(row.agencyKey) ?? [];
    list.push(row);
    rowsByAgency.set(row.agencyKey, list);
  }
  const columns = ['M2 Composite', 'Last reported year', 'M1 Interpolation'];
  const estimates = Array.from({ length: RATE_COUNT }, () => columns.map(() => [] as number[]));
  const reports = Array.from({ length: RATE_COUNT }, () => [] as number[]);
  for (const agency of model.agencies) {
    const rows = rowsByAgency.get(agency.key) ?? [];
    const target = rows.find((row) => row.year === HELD_OUT_YEAR);
    const last = rows.filter((row) => row.year <= TRAIN_UNTIL).sort((a, b) => b.year - a.year)[0];
    const state = model.areas.get(agency.stateKey);
    if (!target || !last || !state) continue;
    const location = locationOfAgency(agency);
    const areas = locateAreas(model, location);
    if (!areas?.state) continue;
    const years = [HELD_OUT_YEAR, HELD_OUT_YEAR, HELD_OUT_YEAR];
    const m2 = compositeEstimate(model, location, areas, years);
    const m1 = interpolationEstimate(model, location, areas, years);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const stateRate = rateAt(state, rateIndex, HELD_OUT_YEAR);
      const truth = yearRelativeLog(target, rateIndex, stateRate);
      const lastYear = yearRelativeLog(last, rateIndex, rateAt(state, rateIndex, last.year));
      if (!(truth.expected >= MIN_EXPECTED) || !Number.isFinite(lastYear.expected)) continue;
      const stateLog = Math.log(stateRate);
      reports[rateIndex]!.push(truth.log);
      estimates[rateIndex]![0]!.push(m2.logRate[rateIndex * 3 + 1]! - stateLog);
      estimates[rateIndex]![1]!.push(lastYear.log);
      estimates[rateIndex]![2]!.push(m1.logRate[rateIndex * 3 + 1]! - stateLog);
    }
  }
  const lines = [`| Crime type | n | ${columns.join(' | ')} |`, `|---|---|${columns.map(() => '---|').join('')}`];
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const cells = estimates[rateIndex]!.map((values) => formatMetric(metricOf(values, reports[rateIndex]!)));
    lines.push(`| ${CRIME_TYPE_NAMES[CRIME_TYPE_KEYS[rateIndex]!]} | ${reports[rateIndex]!.length} | ${cells.join(' | ')} |`);
  }
  return lines;
}
