import { PERSONS, TOTAL } from './years';

/*
 * Methodology 2's combination, learned rather than hand-set (docs/methodology.md §5). For a point,
 * a prior log relative (to the state) is stacked from the components that exist everywhere — the
 * county remainder, the county's own rate, the nearest five agencies of the state, the predictors —
 * with weights that grow or shrink with each component's evidence (log expected count): few
 * parameters per crime-type group, fitted by least squares on out-of-fold predictions of the
 * county-grouped cross-validation. Where agencies' jurisdictions cover the point, their own
 * (recency-weighted) relative is then weighed against that prior by the two variances: the
 * prior's out-of-fold residual variance and the agency's Poisson plus year-to-year variance.
 */

/** Crime-type groups that share combination parameters: persons offences, property offences, total. */
export const COMBINATION_GROUP_NAMES = ['persons', 'property', 'total'] as const;
export const COMBINATION_GROUP_COUNT = COMBINATION_GROUP_NAMES.length;

/** The combination group of a rate key. */
export function combinationGroupOf(rateIndex: number): number {
  if (rateIndex === TOTAL) return 2;
  return rateIndex === PERSONS || rateIndex < 4 ? 0 : 1;
}

/** Names of the stacking coefficients, in the order of stackingFeatures(). */
export const STACKING_TERMS = ['intercept', 'remainder', 'remainderByEvidence', 'county', 'countyByEvidence', 'knn', 'knnByEvidence', 'predictors'] as const;
export const STACKING_TERM_COUNT = STACKING_TERMS.length;

/** log(1 + expected count) is centred here (about 55 incidents) so that the plain and evidence terms are not collinear. */
export const EVIDENCE_CENTRE = 4;

/** The prior's components at a point for one rate key: log relatives to the state (0 where missing) and their evidence. */
export interface StackingInputs {
  remainderLog: number;
  remainderEvidence: number;
  countyLog: number;
  countyEvidence: number;
  knnLog: number;
  knnEvidence: number;
  predictorsLog: number;
}

/** One group's parameters. */
export interface GroupCombination {
  /** STACKING_TERMS coefficients. */
  coefficients: Float64Array;
  /** Out-of-fold residual SD of the stacked prior (log scale). */
  priorSd: number;
  /** Year-to-year SD of an agency's relative beyond Poisson noise (log scale). */
  temporalSd: number;
}

/** Band width scale per methodology (1, 2, 4) and group, fitted on the calibration counties. */
type BandScales = Readonly<Record<1 | 2 | 4, Float64Array>>;

/**
 * Band width scale per methodology (1, 2) and group at a point a reporting agency covers (its
 * covered share at least OWN_POINT_SHARE), fitted on the calibration counties' agencies' held-out
 * year (2019 against a model of their 2014–2017 reports): there the estimate is the agency's own
 * record, whose error is of another kind than a point no agency covers, and shrinks with the
 * incidents behind it faster than the raw SD says. scale = base + byEvidence × (log(1 + evidence)
 * − EVIDENCE_CENTRE), at least base ÷ 4 (ownPointScale).
 */
export type OwnPointBandScales = Readonly<Record<1 | 2, { base: Float64Array; byEvidence: Float64Array }>>;

/**
 * Per methodology (2, 4) and group: how the band scale of a point no reporting agency covers moves
 * with the size of the place the point belongs to (model/settlements.ts), per unit of log(population)
 * − POPULATION_CENTRE — a small town's rate strays further from everything around it than a city's,
 * and nothing else the engine knows there tells them apart. Fitted on the calibration counties
 * (build/fit/band-calibration.ts). scale = bandScale + byPopulation × (log(population) −
 * POPULATION_CENTRE), at least bandScale ÷ 4 (populationScale).
 */
type PopulationBandSlopes = Readonly<Record<2 | 4, Float64Array>>;

/** log(population) is centred here (a place of 10,000 people), where the slope does not move the scale. */
export const POPULATION_CENTRE = Math.log(10_000);

/** A point is a reporting agency's own when the agencies' discs cover at least this share of it. */
export const OWN_POINT_SHARE = 0.5;

/** Everything data/scoring/combination.tsv holds. */
export interface Combination {
  groups: GroupCombination[];
  bandScale: BandScales;
  bandByPopulation: PopulationBandSlopes;
  ownPointBandScale: OwnPointBandScales;
}

/** The band scale at a reporting agency's own point for a group, given the incidents behind the estimate. */
export function ownPointScale(scales: { base: Float64Array; byEvidence: Float64Array }, groupIndex: number, evidence: number): number {
  return slopedScale(scales.base[groupIndex]!, scales.byEvidence[groupIndex]!, centred(evidence));
}

/** The band scale of methodology 2 or 4 for a group at a point no reporting agency covers, given its place's population. */
export function populationScale(combination: Combination, methodology: 2 | 4, groupIndex: number, population: number): number {
  return slopedScale(combination.bandScale[methodology][groupIndex]!, combination.bandByPopulation[methodology][groupIndex]!, Math.log(population) - POPULATION_CENTRE);
}

/** base + slope × x, never below a quarter of the base (a band never collapses). */
function slopedScale(base: number, slope: number, x: number): number {
  return slope === 0 ? base : Math.max(base / 4, base + slope * x);
}

/** log(1 + evidence), centred. */
function centred(evidence: number): number {
  return Math.log1p(evidence) - EVIDENCE_CENTRE;
}

/** The stacking features of inputs, in STACKING_TERMS order (written into `out`). */
export function stackingFeatures(inputs: StackingInputs, out: Float64Array = new Float64Array(STACKING_TERM_COUNT)): Float64Array {
  out[0] = 1;
  out[1] = inputs.remainderLog;
  out[2] = inputs.remainderLog * centred(inputs.remainderEvidence);
  out[3] = inputs.countyLog;
  out[4] = inputs.countyLog * centred(inputs.countyEvidence);
  out[5] = inputs.knnLog;
  out[6] = inputs.knnLog * centred(inputs.knnEvidence);
  out[7] = inputs.predictorsLog;
  return out;
}

/** The stacked prior log relative of inputs under a group's coefficients. */
export function stackedLog(group: GroupCombination, inputs: StackingInputs): number {
  const c = group.coefficients;
  return (
    c[0]! +
    inputs.remainderLog * (c[1]! + c[2]! * centred(inputs.remainderEvidence)) +
    inputs.countyLog * (c[3]! + c[4]! * centred(inputs.countyEvidence)) +
    inputs.knnLog * (c[5]! + c[6]! * centred(inputs.knnEvidence)) +
    inputs.predictorsLog * c[7]!
  );
}

/**
 * The weight of covering agencies' own relative against the prior: coverage share × prior variance
 * ÷ (prior variance + the agency's Poisson variance 1/(expected + 1) + its year-to-year variance).
 */
export function ownWeight(group: GroupCombination, coveredShare: number, ownExpected: number): number {
  if (!(coveredShare > 0)) return 0;
  const prior = group.priorSd ** 2;
  return Math.min(1, coveredShare) * (prior / (prior + 1 / (ownExpected + 1) + group.temporalSd ** 2));
}

/** The log-scale SD of the combined estimate (before band calibration): prior and own precisions added. */
export function combinedSd(group: GroupCombination, coveredShare: number, ownExpected: number): number {
  const precision = 1 / group.priorSd ** 2 + (coveredShare > 0 ? Math.min(1, coveredShare) / (1 / (ownExpected + 1) + group.temporalSd ** 2) : 0);
  return Math.sqrt(1 / precision);
}

/**
 * The combination used when the pack has none (unit-test worlds): the remainder alone as the prior
 * (methodology 1's choice), a prior SD of 0.7 and a year-to-year SD of 0.15, bands unscaled.
 */
export function defaultCombination(): Combination {
  const group = (): GroupCombination => ({ coefficients: Float64Array.from([0, 1, 0, 0, 0, 0, 0, 0]), priorSd: 0.7, temporalSd: 0.15 });
  const ones = () => new Float64Array(COMBINATION_GROUP_COUNT).fill(1);
  const zeros = () => new Float64Array(COMBINATION_GROUP_COUNT);
  return { groups: [group(), group(), group()], bandScale: { 1: ones(), 2: ones(), 4: ones() }, bandByPopulation: { 2: zeros(), 4: zeros() }, ownPointBandScale: { 1: { base: ones(), byEvidence: zeros() }, 2: { base: ones(), byEvidence: zeros() } } };
}

/** Columns of combination.tsv: one row per parameter. */
export const COMBINATION_COLUMNS = ['parameter', 'value'] as const;

/** The parameter rows of a combination (name, value with 6 decimals), in a fixed order. */
export function combinationRows(combination: Combination): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  combination.groups.forEach((group, index) => {
    const name = COMBINATION_GROUP_NAMES[index]!;
    STACKING_TERMS.forEach((term, termIndex) => rows.push([`${name}.${term}`, group.coefficients[termIndex]!.toFixed(6)]));
    rows.push([`${name}.priorSd`, group.priorSd.toFixed(6)], [`${name}.temporalSd`, group.temporalSd.toFixed(6)]);
  });
  for (const methodology of [1, 2, 4] as const) {
    COMBINATION_GROUP_NAMES.forEach((name, index) => rows.push([`band.m${methodology}.${name}`, combination.bandScale[methodology][index]!.toFixed(6)]));
  }
  for (const methodology of [2, 4] as const) {
    COMBINATION_GROUP_NAMES.forEach((name, index) => rows.push([`band.m${methodology}.byPopulation.${name}`, combination.bandByPopulation[methodology][index]!.toFixed(6)]));
  }
  for (const methodology of [1, 2] as const) {
    const own = combination.ownPointBandScale[methodology];
    COMBINATION_GROUP_NAMES.forEach((name, index) => rows.push([`band.m${methodology}.own.${name}`, own.base[index]!.toFixed(6)]));
    COMBINATION_GROUP_NAMES.forEach((name, index) => rows.push([`band.m${methodology}.ownByEvidence.${name}`, own.byEvidence[index]!.toFixed(6)]));
  }
  return rows;
}

/** Reads combination rows back (every parameter required). */
export function parseCombination(rows: ReadonlyArray<readonly [string, number]>): Combination {
  const values = new Map(rows.map(([name, value]) => [name, value]));
  const get = (name: string) => {
    const value = values.get(name);
    if (value === undefined || !Number.isFinite(value)) throw new Error(`combination.tsv: no value for ${name}`);
    return value;
  };
  const groups = COMBINATION_GROUP_NAMES.map((name) => ({
    coefficients: Float64Array.from(STACKING_TERMS, (term) => get(`${name}.${term}`)),
    priorSd: get(`${name}.priorSd`),
    temporalSd: get(`${name}.temporalSd`),
  }));
  const scales = (methodology: 1 | 2 | 4, kind = '') => Float64Array.from(COMBINATION_GROUP_NAMES, (name) => get(`band.m${methodology}.${kind}${name}`));
  return {
    groups,
    bandScale: { 1: scales(1), 2: scales(2), 4: scales(4) },
    bandByPopulation: { 2: scales(2, 'byPopulation.'), 4: scales(4, 'byPopulation.') },
    ownPointBandScale: {
      1: { base: scales(1, 'own.'), byEvidence: scales(1, 'ownByEvidence.') },
      2: { base: scales(2, 'own.'), byEvidence: scales(2, 'ownByEvidence.') },
    },
  };
}
