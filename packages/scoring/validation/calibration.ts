// Calibration helpers shared by the projection backtest and the international bands: a spread
// sized so that a share of scaled errors falls inside ±BAND_Z of it, and the coverage it gives.
import { BAND_Z } from '../src/engine/create-engine';

/** The share of errors a calibrated 90 % band holds. */
const TARGET_COVERAGE = 0.9;

/** The q-quantile of a sample (linear between order statistics; NaN when empty). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/**
 * The log-scale standard deviation σ such that TARGET_COVERAGE of the scaled errors |e| ÷ scale lie
 * within ±BAND_Z σ (scale = years ahead for the time uncertainty, 1 for a spread). The cut is the
 * ⌈0.9 (n + 1)⌉-th smallest scaled error (the split-conformal rule): a new error from the same
 * population falls inside with probability at least 90 % even when n is small (40 Canadian CMAs).
 */
export function calibratedSpread(errors: ReadonlyArray<{ error: number; scale: number }>): number {
  if (errors.length === 0) return Number.NaN;
  const sorted = errors.map((entry) => Math.abs(entry.error) / entry.scale).sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.ceil(TARGET_COVERAGE * (sorted.length + 1)));
  return sorted[rank - 1]! / BAND_Z;
}

/** Share of errors inside ±BAND_Z × σ × scale (NaN when none). */
export function coverageOf(errors: ReadonlyArray<{ error: number; scale: number }>, sigma: number): number {
  if (errors.length === 0) return Number.NaN;
  return errors.filter((entry) => Math.abs(entry.error) <= BAND_Z * sigma * entry.scale + 1e-12).length / errors.length;
}
