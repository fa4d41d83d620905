/*
 * The damped-trend forecast (Gardner & McKenzie): a log-linear slope fitted on the last observed
 * years, each year beyond the data keeping TREND_DAMPING of the previous year's change. Shared by
 * the series (series.ts) and the projection backtest that decides where it is used.
 */

/** Damping of a trend carried past the data (each year keeps 80 % of the last year's change). */
export const TREND_DAMPING = 0.8;
/** Largest yearly log change a trend may carry (about ±8 % a year). */
export const MAX_TREND = 0.08;
/** Observed years a trend is fitted on at each end. */
export const TREND_WINDOW = 8;

/** Least-squares slope of log values on years, capped at ±MAX_TREND (0 with fewer than two years). */
export function logSlope(years: readonly number[], logs: readonly number[]): number {
  const n = years.length;
  if (n < 2) return 0;
  let meanX = 0;
  let meanY = 0;
  for (let i = 0; i < n; i++) {
    meanX += years[i]!;
    meanY += logs[i]!;
  }
  meanX /= n;
  meanY /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (years[i]! - meanX) ** 2;
    sxy += (years[i]! - meanX) * (logs[i]! - meanY);
  }
  return sxx === 0 ? 0 : Math.max(-MAX_TREND, Math.min(MAX_TREND, sxy / sxx));
}

/** The cumulative damped change after `steps` years at `slope` a year. */
export function dampedChange(slope: number, steps: number): number {
  const factor = (TREND_DAMPING * (1 - TREND_DAMPING ** steps)) / (1 - TREND_DAMPING);
  return slope * factor;
}

/**
 * The damped-trend forecast of a log series `steps` years after its last point: the slope of the
 * last TREND_WINDOW points, damped. `years` ascending, `logs` the matching log values.
 */
export function dampedForecastLog(years: readonly number[], logs: readonly number[], steps: number): number {
  const from = Math.max(0, years.length - TREND_WINDOW);
  return logs[logs.length - 1]! + dampedChange(logSlope(years.slice(from), logs.slice(from)), steps);
}
