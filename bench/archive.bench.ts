// Report archive: POST /api/reports/bulkdownload of 1,000 Premium Plus reports as PDFs (every
// section, maps drawn on the server, demographics) to the task completing, in its own child process
// (bench/archive-run.ts) so that its RSS is the job's process alone. Besides the time: the zip's
// size, the peak RSS, and the RSS growth between 25 % and 100 % of the progress — flat when each
// document leaves memory once written (the zip waits for its output to drain). On the PostgreSQL
// server when one answers (the database then lives outside the process), else on embedded PGlite.
import { postgresServerAvailable, type TestDatabaseKind } from '../apps/api/test/databases';
import type { BenchResult } from './lib';
import { runMeasuredChild } from './document-runs';

interface Run {
  count: number;
  ms: number;
  msAt25: number;
  rssBefore: number;
  peak: number;
  rssAt25: number;
  rssAt100: number;
  heapAt25: number;
  heapAt100: number;
  size: number;
}

const MB = 2 ** 20;
const COUNT = 1_000;

/** The report archive benchmark. */
export async function runArchiveBenchmarks(): Promise<BenchResult[]> {
  const [kind, label]: [TestDatabaseKind, string] = (await postgresServerAvailable()) ? ['postgres', 'PostgreSQL 15 server'] : ['pglite', 'embedded PGlite'];
  const run = runMeasuredChild<Run>('archive-run.ts', [kind, String(COUNT)]);
  const reports = run.count.toLocaleString('en-US');
  return [
    {
      name: `Report archive of ${reports} Premium Plus PDFs, every section (${label}): POST to task complete`,
      value: Number((run.ms / 1000).toFixed(1)),
      unit: 's',
      baseline: `${Math.round(run.ms / run.count)} ms a report; 25 % reached at ${(run.msAt25 / 1000).toFixed(1)} s`,
      target: '≤ 60 s',
    },
    { name: `Report archive zip size (${reports} PDFs)`, value: Number((run.size / MB).toFixed(1)), unit: 'MB', baseline: `${Math.round(run.size / run.count / 1024)} KiB a report` },
    {
      name: `Peak RSS of the process during the archive (${label})`,
      value: Math.round(run.peak / MB),
      unit: 'MB',
      baseline: `${Math.round(run.rssBefore / MB)} MB before the request: the job added ${Math.round((run.peak - run.rssBefore) / MB)} MB`,
    },
    {
      name: 'RSS growth between 25 % and 100 % of the archive’s progress',
      value: Math.round((run.rssAt100 - run.rssAt25) / MB),
      unit: 'MB',
      baseline: `${Math.round(run.rssAt25 / MB)} MB at 25 %, ${Math.round(run.rssAt100 / MB)} MB at 100 %`,
      target: 'flat (about 0)',
    },
    {
      name: 'Live heap growth (after a full collection) between 25 % and 100 % of the progress',
      value: Math.round((run.heapAt100 - run.heapAt25) / MB),
      unit: 'MB',
      baseline: `${Math.round(run.heapAt25 / MB)} MB at 25 %, ${Math.round(run.heapAt100 / MB)} MB at 100 % (JS heap and buffers)`,
      target: 'flat (about 0)',
    },
  ];
}
