import type { BandCase } from '../build/fit/band-calibration';
import type { OutOfFoldCase } from '../build/fit/out-of-fold';
import type { BandScales } from '../src/model/combination';
import { combinationGroupOf } from '../src/model/combination';
import { LEAK_GROUPS, bandCoverage } from './metrics';

/** Evidence buckets: the count the held-out agency's report expects (how sharp the truth is). */
const EVIDENCE_BUCKETS: ReadonlyArray<{ name: string; from: number; to: number }> = [
  { name: '10–50 expected', from: 10, to: 50 },
  { name: '50–500', from: 50, to: 500 },
  { name: '≥ 500', from: 500, to: Number.POSITIVE_INFINITY },
];

/**
 * Coverage of the calibrated 90 % bands on the evaluation counties (never used to fit the scales),
 * by methodology × evidence bucket (rows) and leak subgroup (columns); every crime type pooled.
 * Returns the lines and the lowest and highest subgroup coverage.
 */
export function bandCoverageTable(cases: readonly OutOfFoldCase[], raw: Record<1 | 2 | 4, BandCase[]>, scales: BandScales): { lines: string[]; low: number; high: number } {
  const lines = [`| Methodology · evidence | ${LEAK_GROUPS.map((group) => group.name).join(' | ')} | all |`, `|---|${LEAK_GROUPS.map(() => '---|').join('')}---|`];
  let low = 1;
  let high = 0;
  for (const methodology of [1, 2, 4] as const) {
    const scaled = raw[methodology].map((item) => ({ ...item, sd: item.sd * scales[methodology][combinationGroupOf(item.rateIndex)]! }));
    for (const bucket of EVIDENCE_BUCKETS) {
      const cell = (inGroup: (item: OutOfFoldCase) => boolean) => {
        const chosen = scaled.filter((_, index) => cases[index]!.calibration === false && cases[index]!.expected >= bucket.from && cases[index]!.expected < bucket.to && inGroup(cases[index]!));
        const coverage = bandCoverage(chosen);
        return { coverage, n: chosen.length };
      };
      const cells = [...LEAK_GROUPS.map((group) => cell((item) => item.countyShare >= group.from && item.countyShare < group.to)), cell(() => true)];
      for (const { coverage, n } of cells) {
        if (n >= 30) {
          low = Math.min(low, coverage);
          high = Math.max(high, coverage);
        }
      }
      lines.push(`| M${methodology} · ${bucket.name} | ${cells.map(({ coverage, n }) => (n ? `${Math.round(coverage * 100)} % (n ${n})` : '–')).join(' | ')} |`);
    }
  }
  return { lines, low, high };
}
