// Scoring engine throughput: single-methodology location scorings per second on one core
// (this process's main thread), over one location per postal area of the data pack (all five
// countries), the geography resolved beforehand as the API does once per site.
import type { MethodologyTypeId, ScoringLocation } from '../packages/domain/src/index';
import { loadGazetteer } from '../packages/geo/src/gazetteer/load-gazetteer';
import { scoringLocationAt } from '../packages/geo/src/gazetteer/scoring-location';
import { locatePackDir } from '../packages/geo/src/pack/locate';
import { readPostal } from '../packages/geo/src/pack/read-pack';
import { loadScoringEngine, loadScoringModel } from '../packages/scoring/src/index';
import type { BenchResult } from './lib';

function locations(): ScoringLocation[] {
  const gazetteer = loadGazetteer();
  const out: ScoringLocation[] = [];
  for (const [, , lat, lng] of readPostal(locatePackDir())) {
    const location = scoringLocationAt(gazetteer, Number(lat) / 1e5, Number(lng) / 1e5);
    if (location) out.push(location);
  }
  return out;
}

function throughput(all: readonly ScoringLocation[], methodology: MethodologyTypeId): number {
  const engine = loadScoringEngine();
  for (let i = 0; i < Math.min(all.length, 5000); i++) engine.score(all[i]!, methodology, 2026);
  let scored = 0;
  const started = performance.now();
  let elapsed: number;
  do {
    for (const location of all) {
      engine.score(location, methodology, 2026);
      scored++;
    }
    elapsed = performance.now() - started;
  } while (elapsed < 3000);
  return Math.round((scored / elapsed) * 1000);
}

/** Runs the scoring benchmarks. */
export async function runScoringBenchmarks(): Promise<BenchResult[]> {
  const startedLoad = performance.now();
  loadScoringModel();
  const loadMs = Math.round(performance.now() - startedLoad);
  const all = locations();
  const results: BenchResult[] = [{ name: 'Scoring model load and fit (data/scoring)', value: loadMs, unit: 'ms', baseline: 'once per process' }];
  // Points of every country, and US points alone: Mexican points are cheap (state series only), so
  // a mix that holds many of them flatters the engine; US points carry agencies and counties.
  const us = all.filter((location) => location.countryId === 1);
  for (const [label, points] of [['every country', all], ['United States only', us]] as const) {
    for (const methodology of [2, 1, 3, 4] as const) {
      results.push({
        name: `Engine, methodology ${methodology}: single-methodology scorings (90 scores each) over ${points.length.toLocaleString('en-US')} postal-area points (${label})`,
        value: throughput(points, methodology),
        unit: 'scorings/s on one core',
        target: '≥ 50,000 scorings/s/core',
      });
    }
  }
  return results;
}
