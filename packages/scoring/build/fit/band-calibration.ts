import { BAND_Z } from '../../src/engine/create-engine';
import { COMBINATION_GROUP_COUNT, EVIDENCE_CENTRE, POPULATION_CENTRE, combinationGroupOf } from '../../src/model/combination';

/** A case's estimate and its raw (uncalibrated) log-scale SD, with the truth. */
export interface BandCase {
  rateIndex: number;
  errorLog: number;
  sd: number;
}

/** Share of cases a 90 % band should hold. */
const BAND_LEVEL = 0.9;

/**
 * The band scale per combination group (split conformal): the 90th percentile of |error| ÷ SD over
 * the calibration cases, divided by the z of a 90 % band — so that on new cases like these the
 * scaled band holds 90 %. 1 where a group has no cases.
 */
export function bandScales(cases: readonly BandCase[]): Float64Array {
  const scales = new Float64Array(COMBINATION_GROUP_COUNT).fill(1);
  for (let group = 0; group < COMBINATION_GROUP_COUNT; group++) {
    const ratios = cases
      .filter((item) => combinationGroupOf(item.rateIndex) === group && item.sd > 0)
      .map((item) => Math.abs(item.errorLog) / item.sd)
      .sort((a, b) => a - b);
    if (ratios.length === 0) continue;
    // The conformal quantile: the ⌈(n + 1) × level⌉-th smallest ratio.
    const rank = Math.min(ratios.length, Math.ceil((ratios.length + 1) * BAND_LEVEL));
    scales[group] = ratios[rank - 1]! / BAND_Z;
  }
  return scales;
}

/** A band case with the evidence the engine knows behind its estimate (expected incidents). */
export interface EvidenceBandCase extends BandCase {
  evidence: number;
}

/** A band case with the population of the place its point belongs to (model/settlements.ts). */
export interface PopulationBandCase extends BandCase {
  population: number;
}

/** Slopes tried (relative to the base scale, per unit of the centred covariate). */
const SLOPES = Array.from({ length: 61 }, (_, index) => (index - 30) / 100);

/**
 * Band scale as a function of the estimate's own evidence, per combination group: scale = base +
 * byEvidence × (log(1 + evidence) − EVIDENCE_CENTRE), never below base ÷ 4 (ownPointScale). Two
 * parameters per group (slopedBandScales).
 */
export function evidenceBandScales(cases: readonly EvidenceBandCase[]): { base: Float64Array; byEvidence: Float64Array } {
  const { base, slope } = slopedBandScales(cases.map((item) => ({ ...item, x: Math.log1p(item.evidence) - EVIDENCE_CENTRE })));
  return { base, byEvidence: slope };
}

/**
 * Band scale as a function of the size of the point's place, per combination group: scale = base +
 * byPopulation × (log(population) − POPULATION_CENTRE), never below base ÷ 4 (populationScale). Two
 * parameters per group (slopedBandScales).
 */
export function populationBandScales(cases: readonly PopulationBandCase[]): { base: Float64Array; byPopulation: Float64Array } {
  const { base, slope } = slopedBandScales(cases.map((item) => ({ ...item, x: Math.log(item.population) - POPULATION_CENTRE })));
  return { base, byPopulation: slope };
}

/**
 * Split conformal with one covariate x (centred), per combination group: for each slope tried, the
 * base is the conformal 90 % quantile of |error| ÷ (SD × max(1/4, 1 + slope × x)); the slope kept
 * is the one under which coverage no longer trends with x (the covariance of "inside the band"
 * with x nearest zero; the smallest slope among ties). Returns the base and the absolute slope
 * (base × relative slope) per group.
 */
function slopedBandScales(cases: ReadonlyArray<BandCase & { x: number }>): { base: Float64Array; slope: Float64Array } {
  const base = new Float64Array(COMBINATION_GROUP_COUNT).fill(1);
  const slopes = new Float64Array(COMBINATION_GROUP_COUNT);
  for (let group = 0; group < COMBINATION_GROUP_COUNT; group++) {
    const chosen = cases
      .filter((item) => combinationGroupOf(item.rateIndex) === group && item.sd > 0)
      .map((item) => ({ ratio: Math.abs(item.errorLog) / item.sd, x: item.x }))
      .sort((a, b) => a.x - b.x || a.ratio - b.ratio);
    if (chosen.length === 0) continue;
    const meanX = chosen.reduce((sum, item) => sum + item.x, 0) / chosen.length;
    let best = { deviation: Number.POSITIVE_INFINITY, slope: 0, scale: 1 };
    const bySize = [...SLOPES].sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
    for (const slope of bySize) {
      const factor = (x: number) => Math.max(0.25, 1 + slope * x);
      const ratios = chosen.map((item) => item.ratio / factor(item.x)).sort((a, b) => a - b);
      const rank = Math.min(ratios.length, Math.ceil((ratios.length + 1) * BAND_LEVEL));
      const scale = ratios[rank - 1]! / BAND_Z;
      // How much coverage still trends with x: the covariance of "inside" with the centred x.
      let trend = 0;
      for (const item of chosen) if (item.ratio <= BAND_Z * scale * factor(item.x)) trend += item.x - meanX;
      const deviation = Math.abs(trend / chosen.length);
      if (deviation < best.deviation - 1e-12) best = { deviation, slope, scale };
    }
    base[group] = best.scale;
    slopes[group] = best.scale * best.slope;
  }
  return { base, slope: slopes };
}
