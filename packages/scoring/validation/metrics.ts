import { BAND_Z } from '../src/engine/create-engine';
import { median, spearman } from './statistics';

/** Agreement of estimates with reports over a set of cases. */
export interface Metric {
  n: number;
  /** Spearman rank correlation (NaN when the estimate is constant, as the state average is). */
  rho: number;
  /** exp(median |log error|): ×1.30 = the typical estimate is 30 % off. */
  medianFactor: number;
}

/** The metric of paired log estimates and log reports. */
export function metricOf(estimates: readonly number[], reports: readonly number[]): Metric {
  const errors = estimates.map((estimate, index) => Math.abs(estimate - reports[index]!));
  return { n: estimates.length, rho: spearman(estimates, reports), medianFactor: Math.exp(median(errors)) };
}

/** Share of cases whose report lies inside the estimate's 90 % band (log error within 1.645 SD). */
export function bandCoverage(cases: ReadonlyArray<{ errorLog: number; sd: number }>): number {
  if (cases.length === 0) return Number.NaN;
  return cases.filter((item) => Math.abs(item.errorLog) <= BAND_Z * item.sd).length / cases.length;
}

/** A table cell: "ρ · ×factor" ("–" for an undefined ρ), without n (the tables give n once per row). */
export function formatMetric(metric: Metric): string {
  if (metric.n === 0) return '–';
  const rho = Number.isFinite(metric.rho) ? metric.rho.toFixed(2) : '–';
  return `${rho} · ×${metric.medianFactor.toFixed(2)}`;
}

/** Leak subgroups: the held-out agency's share of its county's population. */
export const LEAK_GROUPS: ReadonlyArray<{ name: string; from: number; to: number }> = [
  { name: 'agency < 10 % of its county', from: 0, to: 0.1 },
  { name: '10–50 %', from: 0.1, to: 0.5 },
  { name: '≥ 50 %', from: 0.5, to: Number.POSITIVE_INFINITY },
];
