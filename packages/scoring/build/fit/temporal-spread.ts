import type { ScoringModel } from '../../src/model/build-model';
import { COMBINATION_GROUP_COUNT, combinationGroupOf } from '../../src/model/combination';
import { rateAt } from '../../src/model/series';
import { RATE_COUNT, withAggregates } from '../../src/model/years';
import type { AgencyYearRecord } from '../../src/pack/read-tables';

/** Agency years compared must expect at least this many incidents (else Poisson noise is all one sees). */
const MIN_YEAR_EXPECTED = 20;

/**
 * Per combination group: how far an agency's relative moves from one year to the next beyond Poisson
 * noise — the log SD of (last year ÷ the year before) less both years' Poisson variances, halved
 * (two years' worth of movement in one difference). Measured on the agencies' own reports; this is
 * what keeps a city's own record from being trusted as if it were exact.
 */
export function temporalSpread(model: ScoringModel, years: readonly AgencyYearRecord[]): Float64Array {
  const byAgency = new Map<string, AgencyYearRecord[]>();
  for (const row of years) {
    if (!(row.population > 0)) continue;
    const list = byAgency.get(row.agencyKey) ?? [];
    list.push(row);
    byAgency.set(row.agencyKey, list);
  }
  const sum = new Float64Array(COMBINATION_GROUP_COUNT);
  const n = new Float64Array(COMBINATION_GROUP_COUNT);
  for (const agency of model.agencies) {
    const state = model.areas.get(agency.stateKey);
    const rows = (byAgency.get(agency.key) ?? []).sort((a, b) => a.year - b.year);
    if (!state) continue;
    for (let index = 1; index < rows.length; index++) {
      const [before, after] = [rows[index - 1]!, rows[index]!];
      if (after.year !== before.year + 1) continue;
      const [countsBefore, countsAfter] = [withAggregates(before.counts), withAggregates(after.counts)];
      for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
        const expectedBefore = (before.population * rateAt(state, rateIndex, before.year)) / 100_000;
        const expectedAfter = (after.population * rateAt(state, rateIndex, after.year)) / 100_000;
        const [cb, ca] = [countsBefore[rateIndex]!, countsAfter[rateIndex]!];
        if (!Number.isFinite(cb) || !Number.isFinite(ca) || expectedBefore < MIN_YEAR_EXPECTED || expectedAfter < MIN_YEAR_EXPECTED) continue;
        const change = Math.log((ca + 0.5) / (expectedAfter + 0.5)) - Math.log((cb + 0.5) / (expectedBefore + 0.5));
        const group = combinationGroupOf(rateIndex);
        sum[group]! += change * change - 1 / (ca + 1) - 1 / (cb + 1);
        n[group]! += 1;
      }
    }
  }
  return Float64Array.from(sum, (total, group) => Math.sqrt(Math.max(0.0025, n[group]! > 0 ? total / n[group]! / 2 : 0.02)));
}
