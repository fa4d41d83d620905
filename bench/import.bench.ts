// Bulk import processing: POST sites/import/file/process of 100,000 rows (the real store directory
// tiled, every country) against 100,000 existing sites, to the task completing — the rows file
// read, every row normalised, validated, geocoded with the embedded geocoder, matched by name or
// address (exact and fuzzy) and written to the queue —, on embedded PGlite and on the PostgreSQL
// server when one answers. Each run in its own child process (bench/import-run.ts) so that its RSS
// is the job's process alone. The same run imports the real directory as it is and reports what
// became of its rows and how far our geocodes fall from the directory's own coordinates.
import { postgresServerAvailable, type TestDatabaseKind } from '../apps/api/test/databases';
import type { BenchResult } from './lib';
import { runMeasuredChild } from './document-runs';

interface Run {
  count: number;
  queued: number;
  ms: number;
  rssBefore: number;
  peak: number;
  real: { rows: number; queued: number; covered: number; countryNotAvailable: number; placed: number; medianMeters: number | null; p90Meters: number | null; ms: number };
}

const MB = 2 ** 20;
const COUNT = 100_000;

function resultsOf(run: Run, label: string): BenchResult[] {
  const rows = run.count.toLocaleString('en-US');
  const real = run.real;
  return [
    {
      name: `Import processing of ${rows} rows against ${rows} sites (${label}): POST to task complete`,
      value: Math.round(run.count / (run.ms / 1000)),
      unit: 'rows/s',
      baseline: `${(run.ms / 1000).toFixed(1)} s; ${run.queued.toLocaleString('en-US')} rows queued`,
      target: '≥ 5,000 rows/s',
    },
    {
      name: `Peak RSS of the process during the import processing (${label})`,
      value: Math.round(run.peak / MB),
      unit: 'MB',
      baseline: `${Math.round(run.rssBefore / MB)} MB before the request (app, gazetteer${label.includes('PGlite') ? ', the embedded database' : ''}): the job added ${Math.round((run.peak - run.rssBefore) / MB)} MB`,
      target: '≤ 600 MB',
    },
    {
      name: `Real store directory (${real.rows.toLocaleString('en-US')} rows, ${label}): rows queued / in covered countries / CountryNotAvailable`,
      value: real.queued,
      unit: 'rows',
      baseline: `${real.covered.toLocaleString('en-US')} covered, ${real.countryNotAvailable.toLocaleString('en-US')} CountryNotAvailable, ${real.placed.toLocaleString('en-US')} geocoded, in ${(real.ms / 1000).toFixed(1)} s`,
    },
    {
      name: 'Median distance from our geocode to the directory’s own coordinates (rounded to 2 decimals there)',
      value: Math.round(real.medianMeters ?? 0),
      unit: 'm',
      baseline: `90th percentile ${Math.round(real.p90Meters ?? 0).toLocaleString('en-US')} m; the embedded geocoder places at postcode or city level`,
    },
  ];
}

/** The import processing benchmark. */
export async function runImportBenchmarks(): Promise<BenchResult[]> {
  const kinds: Array<[TestDatabaseKind, string]> = [['pglite', 'embedded PGlite']];
  if (await postgresServerAvailable()) kinds.push(['postgres', 'PostgreSQL 15 server']);
  return kinds.flatMap(([kind, label]) => resultsOf(runMeasuredChild<Run>('import-run.ts', [kind, String(COUNT)]), label));
}
