import type { BandCase, EvidenceBandCase } from '../build/fit/band-calibration';
import type { OutOfFoldCase } from '../build/fit/out-of-fold';
import type { OwnPointCase } from '../build/fit/own-point';
import type { Combination } from '../src/model/combination';
import { combinationGroupOf, ownPointScale, populationScale } from '../src/model/combination';
import { LEAK_GROUPS, bandCoverage } from './metrics';

/** Evidence buckets: the count the held-out agency's report expects (how sharp the truth is). */
const EVIDENCE_BUCKETS: ReadonlyArray<{ name: string; from: number; to: number }> = [
  { name: '10–50 expected', from: 10, to: 50 },
  { name: '50–500', from: 50, to: 500 },
  { name: '≥ 500', from: 500, to: Number.POSITIVE_INFINITY },
];

/** A case with its calibrated band and what the reporting subgroups need. */
interface ScaledCase {
  errorLog: number;
  sd: number;
  expected: number;
  countyShare: number;
  calibration: boolean;
}

/** A subgroup coverage range (subgroups of at least 30 cases). */
interface Range {
  low: number;
  high: number;
}

/** One row per evidence bucket: coverage on the evaluation counties by leak subgroup and overall; widens `range`. */
function coverageRows(label: string, scaled: readonly ScaledCase[], range: Range): string[] {
  const evaluation = scaled.filter((item) => !item.calibration);
  return EVIDENCE_BUCKETS.map((bucket) => {
    const inBucket = evaluation.filter((item) => item.expected >= bucket.from && item.expected < bucket.to);
    const cells = [...LEAK_GROUPS.map((group) => inBucket.filter((item) => item.countyShare >= group.from && item.countyShare < group.to)), inBucket].map((chosen) => ({
      coverage: bandCoverage(chosen),
      n: chosen.length,
    }));
    for (const { coverage, n } of cells) {
      if (n >= 30) {
        range.low = Math.min(range.low, coverage);
        range.high = Math.max(range.high, coverage);
      }
    }
    return `| ${label} · ${bucket.name} | ${cells.map(({ coverage, n }) => (n ? `${Math.round(coverage * 100)} % (n ${n})` : '–')).join(' | ')} |`;
  });
}

/**
 * Coverage of the calibrated 90 % bands on the evaluation counties (never used to fit the scales),
 * by methodology × evidence bucket (rows) and leak subgroup (columns); every crime type pooled. The
 * cross-validation's held-out points first (no reporting agency covers them), then methodologies 1
 * and 2 at reporting agencies' own points in the held-out year (`own`, with the own-point scales).
 * Returns the lines and the lowest and highest subgroup coverage.
 */
export function bandCoverageTable(
  cases: readonly OutOfFoldCase[],
  raw: Record<1 | 2 | 4, BandCase[]>,
  combination: Combination,
  own: Record<1 | 2, Array<EvidenceBandCase & { source: OwnPointCase }>>,
): { lines: string[]; low: number; high: number } {
  const lines = [`| Methodology · evidence | ${LEAK_GROUPS.map((group) => group.name).join(' | ')} | all |`, `|---|${LEAK_GROUPS.map(() => '---|').join('')}---|`];
  const range: Range = { low: 1, high: 0 };
  for (const methodology of [1, 2, 4] as const) {
    const scaled = raw[methodology].map((item, index) => ({
      errorLog: item.errorLog,
      // Methodology 1 has one scale per group; 2 and 4 move with the size of the point's place.
      sd: item.sd * (methodology === 1 ? combination.bandScale[1][combinationGroupOf(item.rateIndex)]! : populationScale(combination, methodology, combinationGroupOf(item.rateIndex), cases[index]!.population)),
      expected: cases[index]!.expected,
      countyShare: cases[index]!.countyShare,
      calibration: cases[index]!.calibration,
    }));
    lines.push(...coverageRows(`M${methodology}`, scaled, range));
  }
  for (const methodology of [1, 2] as const) {
    const scaled = own[methodology].map((item) => ({
      errorLog: item.errorLog,
      sd: item.sd * ownPointScale(combination.ownPointBandScale[methodology], combinationGroupOf(item.rateIndex), item.evidence),
      expected: item.source.expected,
      countyShare: item.source.countyShare,
      calibration: item.source.calibration,
    }));
    lines.push(...coverageRows(`M${methodology} at a reporting agency's own point (held-out year)`, scaled, range));
  }
  return { lines, low: range.low, high: range.high };
}
