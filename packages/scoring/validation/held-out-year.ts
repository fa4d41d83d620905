import { CRIME_TYPE_KEYS, CRIME_TYPE_NAMES } from '@riskatlas/domain';
import type { OwnPointCase } from '../build/fit/own-point';
import { combinationGroupOf, OWN_POINT_SHARE, ownPointScale, type OwnPointBandScales } from '../src/model/combination';
import { RATE_COUNT } from '../src/model/years';
import { bandCoverage, formatMetric, metricOf } from './metrics';

/** "91 % (n 1234)", or "–" with no cases. */
function coverageCell(cases: ReadonlyArray<{ errorLog: number; sd: number }>): string {
  return cases.length ? `${Math.round(bandCoverage(cases) * 100)} % (n ${cases.length})` : '–';
}

/**
 * Held-out year at each reporting agency's own point (build/fit/own-point.ts): methodology 2, the
 * last reported year alone and methodology 1 against the held-out report; then the coverage of
 * methodologies 2 and 1's 90 % bands (the own-point scales) on the evaluation counties' agencies.
 * Returns the table lines.
 */
export function heldOutYearTable(cases: readonly OwnPointCase[], scales: OwnPointBandScales): string[] {
  const columns = ['M2 Composite', 'Last reported year', 'M1 Interpolation'];
  const lines = [`| Crime type | n | ${columns.join(' | ')} | M2 90 % band, evaluation counties | M1 90 % band, evaluation counties |`, `|---|---|${columns.map(() => '---|').join('')}---|---|`];
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const chosen = cases.filter((item) => item.rateIndex === rateIndex);
    const reports = chosen.map((item) => item.targetLog);
    const cells = [chosen.map((item) => item.m2Log), chosen.map((item) => item.lastLog), chosen.map((item) => item.m1Log)].map((values) => formatMetric(metricOf(values, reports)));
    const scale = (methodology: 1 | 2, evidence: number) => ownPointScale(scales[methodology], combinationGroupOf(rateIndex), evidence);
    const evaluation = chosen.filter((item) => !item.calibration);
    const m2 = evaluation.filter((item) => item.m2Share >= OWN_POINT_SHARE).map((item) => ({ errorLog: item.m2Log - item.targetLog, sd: item.m2Sd * scale(2, item.m2Evidence) }));
    const m1 = evaluation.filter((item) => item.m1Share >= OWN_POINT_SHARE).map((item) => ({ errorLog: item.m1Log - item.targetLog, sd: item.m1Sd * scale(1, item.m1Evidence) }));
    lines.push(`| ${CRIME_TYPE_NAMES[CRIME_TYPE_KEYS[rateIndex]!]} | ${reports.length} | ${cells.join(' | ')} | ${coverageCell(m2)} | ${coverageCell(m1)} |`);
  }
  return lines;
}
