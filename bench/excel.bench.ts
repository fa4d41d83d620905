// Excel summaries: POST /api/reports/excelsummary of 1,000 and of 20,000 Basic reports to the task
// completing, each in its own child process (bench/excel-summary-run.ts) so that its RSS is the
// job's process alone. The process also holds what every API or worker process holds (the
// gazetteer, ~130 MB, and here the tsx loader); the RSS before the request is given beside the
// peak, so the job's own share shows. Memory should not grow with the count: the rows stream to a
// spool file a chunk at a time. On the PostgreSQL server when one answers (the database then lives
// outside the process), and on embedded PGlite (the database inside it).
import { postgresServerAvailable, type TestDatabaseKind } from '../apps/api/test/databases';
import type { BenchResult } from './lib';
import { runMeasuredChild } from './document-runs';

interface Run {
  count: number;
  ms: number;
  rssBefore: number;
  peak: number;
  size: number;
}

const MB = 2 ** 20;

function runSummary(kind: TestDatabaseKind, count: number): Run {
  return runMeasuredChild<Run>('excel-summary-run.ts', [kind, String(count)]);
}

function resultsOf(run: Run, label: string): BenchResult[] {
  const reports = run.count.toLocaleString('en-US');
  const rate = Math.round(run.count / (run.ms / 1000)).toLocaleString('en-US');
  return [
    {
      name: `Excel summary of ${reports} Basic reports (${label}): POST to task complete`,
      value: Number((run.ms / 1000).toFixed(2)),
      unit: 's',
      baseline: `${rate} reports/s; file ${(run.size / MB).toFixed(1)} MB (108 columns a row)`,
      target: '≤ 30 s',
    },
    {
      name: `Peak RSS of the process during the Excel summary of ${reports} reports (${label})`,
      value: Math.round(run.peak / MB),
      unit: 'MB',
      baseline: `${Math.round(run.rssBefore / MB)} MB before the request: the job added ${Math.round((run.peak - run.rssBefore) / MB)} MB`,
      target: '≤ 400 MB',
    },
  ];
}

/** The Excel summary benchmarks. */
export async function runExcelBenchmarks(): Promise<BenchResult[]> {
  const kinds: Array<[TestDatabaseKind, string]> = [];
  if (await postgresServerAvailable()) kinds.push(['postgres', 'PostgreSQL 15 server']);
  kinds.push(['pglite', 'embedded PGlite']);
  const results: BenchResult[] = [];
  for (const [kind, label] of kinds) {
    for (const count of [1_000, 20_000]) results.push(...resultsOf(runSummary(kind, count), label));
  }
  return results;
}
