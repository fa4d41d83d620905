import type { AreaSeries } from './series';
import { RATE_COUNT, YEAR_MAX, YEAR_MIN, seriesIndex } from './years';

/** Incidents' worth of prior towards the parent's rate in count-based relatives. */
export const COUNT_PRIOR = 0.5;

/**
 * Puerto Rico's municipio rates are one quarter's incidents annualised (×4): a municipio with no
 * rape in the quarter would otherwise be measured at exactly 0, scored 0 with a [0–0] band. Like
 * the US agencies, the count gets a prior of COUNT_PRIOR at the island's rate, and the
 * Poisson uncertainty of the (few) incidents behind it goes into the band.
 */
export const PR_QUARTER_SHARE = 0.25;

/**
 * Replaces a one-period municipio's series by its prior-smoothed ratio to its parent times the
 * parent's series, and records the log-scale sampling variance 1 ÷ (count + prior). `exposure` is
 * the share of a year the counts cover (a quarter in Puerto Rico).
 */
export function applyCountPrior(series: AreaSeries, exposure: number): void {
  const parent = series.parent;
  const population = series.population;
  if (!parent || !(population !== undefined && population > 0)) return;
  const sampling = new Float64Array(RATE_COUNT);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const year = series.lastObserved[rateIndex]!;
    if (!year) continue;
    const own = series.values[seriesIndex(rateIndex, year)]!;
    const parentRate = parent.values[seriesIndex(rateIndex, year)]!;
    if (!(own >= 0) || !(parentRate > 0)) continue;
    const count = (own * population * exposure) / 100_000;
    const expected = (parentRate * population * exposure) / 100_000;
    const ratio = (count + COUNT_PRIOR) / (expected + COUNT_PRIOR);
    for (let y = YEAR_MIN; y <= YEAR_MAX; y++) {
      const index = seriesIndex(rateIndex, y);
      series.values[index] = ratio * parent.values[index]!;
    }
    sampling[rateIndex] = 1 / (count + COUNT_PRIOR);
  }
  series.samplingVariance = sampling;
}
