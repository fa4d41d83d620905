// The data pack and gazetteer: pack load time and resident memory in a fresh process,
// autocomplete latency over realistic queries, nearest-postal and point-in-polygon throughput.
// Run with `npm run bench -- geo-pack`; run this file directly with --child to load once and
// print {"loadMs", "rssMb"} (what the parent measures in fresh processes).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, type BenchResult } from './lib';
import { loadGazetteer } from '../packages/geo/src/gazetteer/load-gazetteer';
import type { PlaceSearchOptions } from '../packages/geo/src/gazetteer/types';
import { seededRandom as random } from '../packages/geo/src/testing/seeded-random';

const FRESH_PROCESSES = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Child mode: import first (module compile is not pack loading), then load and report. */
function child(): void {
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  loadGazetteer();
  const loadMs = performance.now() - t0;
  const rssMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
  process.stdout.write(JSON.stringify({ loadMs, rssMb }) + '\n');
}

/** Loads the pack in fresh Node processes; median load time and resident-memory growth. */
function freshLoads(): BenchResult[] {
  const runs: Array<{ loadMs: number; rssMb: number }> = [];
  for (let i = 0; i < FRESH_PROCESSES; i++) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/geo-pack.bench.ts'), '--child'], { cwd: repoRoot, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pack load child failed: ${result.stderr}`);
    runs.push(JSON.parse(result.stdout.trim().split('\n').pop()!) as { loadMs: number; rssMb: number });
  }
  return [
    {
      name: `Pack load in a fresh process (median of ${FRESH_PROCESSES})`,
      value: Math.round(median(runs.map((r) => r.loadMs))),
      unit: 'ms',
      baseline: `slowest ${Math.round(Math.max(...runs.map((r) => r.loadMs)))} ms`,
      target: 'load ≤ 1 s',
    },
    {
      name: 'Resident memory added by the loaded pack (RSS delta)',
      value: Math.round(median(runs.map((r) => r.rssMb))),
      unit: 'MB',
      target: 'RSS ≤ 300 MB',
    },
  ];
}


/**
 * At least 500 realistic autocomplete queries from the pack itself: prefixes (2–8 letters) of
 * real place names, names with a region, ZIP/FSA/outcode/CP prefixes, and coordinate text; half
 * are asked with a reference point and the autocomplete's 200 km radius.
 */
export function autocompleteQueries(): Array<{ text: string; options: PlaceSearchOptions }> {
  const packDir = join(repoRoot, 'data/pack');
  const places = readFileSync(join(packDir, 'places.tsv'), 'utf8').trimEnd().split('\n').slice(1).map((line) => line.split('\t'));
  const postal = readFileSync(join(packDir, 'postal.tsv'), 'utf8').trimEnd().split('\n').slice(1).map((line) => line.split('\t'));
  const next = random(2024);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const queries: Array<{ text: string; options: PlaceSearchOptions }> = [];
  const near = (): PlaceSearchOptions => {
    if (next() < 0.5) return {};
    const [, , , , lat, lng] = pick(places);
    return { near: { latitude: Number(lat) / 1e5, longitude: Number(lng) / 1e5 }, radiusMeters: 200_000 };
  };
  for (let i = 0; i < 320; i++) {
    const name = pick(places)[2]!;
    queries.push({ text: name.slice(0, 2 + Math.floor(next() * 7)), options: near() });
  }
  for (let i = 0; i < 60; i++) {
    const [, , name, , , , admin1] = pick(places);
    queries.push({ text: `${name}, ${admin1}`, options: near() });
  }
  for (let i = 0; i < 100; i++) {
    const code = pick(postal)[1]!;
    queries.push({ text: code.slice(0, Math.max(2, code.length - Math.floor(next() * 3))), options: near() });
  }
  for (let i = 0; i < 40; i++) {
    const lat = (25 + next() * 24).toFixed(4);
    const lng = (-124 + next() * 57).toFixed(4);
    queries.push({ text: next() < 0.5 ? `${lat}, ${lng}` : `${lat} ${lng}`, options: near() });
  }
  return queries;
}

function autocompleteLatency(): BenchResult[] {
  const gazetteer = loadGazetteer();
  const queries = autocompleteQueries();
  for (const q of queries) gazetteer.search(q.text, q.options); // warm-up pass: JIT, lazy indexes
  const times: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    gazetteer.search(q.text, q.options);
    times.push(performance.now() - t0);
  }
  return [
    { name: `Autocomplete latency p50 (${queries.length} queries: name prefixes, name + region, postal prefixes, coordinates)`, value: Number(percentile(times, 50).toFixed(3)), unit: 'ms' },
    { name: 'Autocomplete latency p95', value: Number(percentile(times, 95).toFixed(3)), unit: 'ms', target: 'p95 ≤ 20 ms' },
    { name: 'Autocomplete latency max', value: Number(Math.max(...times).toFixed(3)), unit: 'ms' },
  ];
}

/** Points spread over the covered countries' boxes (some at sea, which is part of the job). */
function probePoints(count: number): Float64Array {
  const boxes: Array<[number, number, number, number]> = [
    [-124.8, 24.5, -66.9, 49.4],
    [-141, 41.7, -52.6, 60],
    [-8.6, 49.9, 1.8, 58.7],
    [-117.1, 14.5, -86.7, 32.7],
    [-67.3, 17.9, -65.2, 18.5],
  ];
  const next = random(7);
  const out = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    const [w, s, e, n] = boxes[i % boxes.length]!;
    out[i * 2] = s + next() * (n - s);
    out[i * 2 + 1] = w + next() * (e - w);
  }
  return out;
}

function throughput(): BenchResult[] {
  const gazetteer = loadGazetteer();
  const points = probePoints(200_000);
  const rate = (label: string, count: number, fn: (lat: number, lng: number) => unknown, target?: string): BenchResult => {
    for (let i = 0; i < Math.min(count, 20_000); i++) fn(points[i * 2]!, points[i * 2 + 1]!);
    const t0 = performance.now();
    for (let i = 0; i < count; i++) fn(points[i * 2]!, points[i * 2 + 1]!);
    const perSecond = count / ((performance.now() - t0) / 1000);
    return { name: label, value: Math.round(perSecond), unit: 'lookups/s', ...(target ? { target } : {}) };
  };
  return [
    rate('Nearest postal area (any country), one core', 200_000, (lat, lng) => gazetteer.nearestPostalArea(lat, lng), '≥ 100,000 lookups/s'),
    rate('Nearest place, one core', 200_000, (lat, lng) => gazetteer.nearestPlace(lat, lng)),
    rate('countyAt (US/PR counties, Mexican states), one core', 100_000, (lat, lng) => gazetteer.countyAt(lat, lng)),
    rate('countryAt (scorability), one core', 50_000, (lat, lng) => gazetteer.countryAt(lat, lng)),
    rate('populationDensity, one core', 100_000, (lat, lng) => gazetteer.populationDensity(lat, lng)),
  ];
}

/** Every figure of this section, in the order docs/PERFORMANCE.md lists them. */
export async function runGeoPackBenchmarks(): Promise<BenchResult[]> {
  const packBytes = (JSON.parse(readFileSync(join(repoRoot, 'data/pack/manifest.json'), 'utf8')) as { files: Array<{ bytes: number }> }).files.reduce(
    (sum, f) => sum + f.bytes,
    0,
  );
  return [
    { name: 'Committed pack size (data/pack)', value: Number((packBytes / 2 ** 20).toFixed(1)), unit: 'MB', target: '≤ 40 MB' },
    ...freshLoads(),
    ...autocompleteLatency(),
    ...throughput(),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes('--child')) child();
