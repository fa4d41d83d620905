import { CRIME_TYPE_KEYS, CRIME_TYPE_NAMES } from '@riskatlas/domain';
import type { OutOfFoldCase } from '../build/fit/out-of-fold';
import { PERSONS, PROPERTY, RATE_COUNT, TOTAL } from '../src/model/years';
import { LEAK_GROUPS, formatMetric, metricOf } from './metrics';

/** An estimator of a case's log relative to its state (NaN = it has none: the state's average stands in). */
export type CaseEstimator = (item: OutOfFoldCase) => number;

/** The columns of the leak-free tables: baselines first, then the methodologies. */
function leakFreeColumns(m2: CaseEstimator): Array<{ name: string; estimate: CaseEstimator }> {
  return [
    { name: 'County rate, newest year', estimate: (item) => item.countyNewestLog },
    { name: 'County, 2012/2015/2017 pooled', estimate: (item) => item.countyPooledLog },
    { name: 'kNN-5 same-state agencies', estimate: (item) => item.knnLog },
    { name: 'State average', estimate: () => 0 },
    { name: 'M1 Interpolation', estimate: (item) => item.m1Log },
    { name: 'M2 Composite', estimate: m2 },
    { name: 'M4 Predictors', estimate: (item) => item.m4Log },
  ];
}

const nameOf = (rateIndex: number) => CRIME_TYPE_NAMES[CRIME_TYPE_KEYS[rateIndex]!];

function row(label: string, cases: readonly OutOfFoldCase[], columns: ReturnType<typeof leakFreeColumns>): string {
  const reports = cases.map((item) => item.targetLog);
  const cells = columns.map((column) => {
    // A baseline that has nothing for a case gives the state's average there, so every column is judged on the same cases.
    const estimates = cases.map((item) => {
      const value = column.estimate(item);
      return Number.isFinite(value) ? value : 0;
    });
    return formatMetric(metricOf(estimates, reports));
  });
  return `| ${label} | ${cases.length} | ${cells.join(' | ')} |`;
}

function header(first: string, columns: ReturnType<typeof leakFreeColumns>): string[] {
  return [`| ${first} | n | ${columns.map((column) => column.name).join(' | ')} |`, `|---|---|${columns.map(() => '---|').join('')}`];
}

/** Every crime type, all cases. */
export function overallTable(cases: readonly OutOfFoldCase[], m2: CaseEstimator): string[] {
  const columns = leakFreeColumns(m2);
  const lines = header('Crime type', columns);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) lines.push(row(nameOf(rateIndex), cases.filter((item) => item.rateIndex === rateIndex), columns));
  return lines;
}

/** Total, Persons and Property by leak subgroup. */
export function leakGroupTable(cases: readonly OutOfFoldCase[], m2: CaseEstimator): string[] {
  const columns = leakFreeColumns(m2);
  const lines = header('Crime type · leak subgroup', columns);
  for (const rateIndex of [TOTAL, PERSONS, PROPERTY]) {
    for (const group of LEAK_GROUPS) {
      const subset = cases.filter((item) => item.rateIndex === rateIndex && item.countyShare >= group.from && item.countyShare < group.to);
      lines.push(row(`${nameOf(rateIndex)} · ${group.name}`, subset, columns));
    }
  }
  return lines;
}
