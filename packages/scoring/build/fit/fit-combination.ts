import { buildScoringModel } from '../../src/model/build-model';
import { OWN_POINT_SHARE, type Combination, type GroupCombination } from '../../src/model/combination';
import type { ScoringTables } from '../../src/pack/read-tables';
import { bandScales, evidenceBandScales, populationBandScales, type EvidenceBandCase, type PopulationBandCase } from './band-calibration';
import { outOfFoldCases, type OutOfFoldCase } from './out-of-fold';
import { ownPointCases, type OwnPointCase } from './own-point';
import { compositeOfCase, fitGroups } from './stacking';
import { temporalSpread } from './temporal-spread';

/** The raw band cases of methodologies 1, 2 (under given groups) and 4 for a set of cases, with the population of each point's place. */
export function bandCasesOf(cases: readonly OutOfFoldCase[], composite: (item: OutOfFoldCase) => { log: number; sd: number }): Record<1 | 2 | 4, PopulationBandCase[]> {
  return {
    1: cases.map((item) => ({ rateIndex: item.rateIndex, errorLog: item.m1Log - item.targetLog, sd: item.m1Sd, population: item.population })),
    2: cases.map((item) => {
      const m2 = composite(item);
      return { rateIndex: item.rateIndex, errorLog: m2.log - item.targetLog, sd: m2.sd, population: item.population };
    }),
    4: cases.map((item) => ({ rateIndex: item.rateIndex, errorLog: item.m4Log - item.targetLog, sd: item.m4Sd, population: item.population })),
  };
}

/** The raw band cases of methodologies 1 and 2 at points their covering agencies hold (share ≥ OWN_POINT_SHARE). */
export function ownPointBandCasesOf(cases: readonly OwnPointCase[]): Record<1 | 2, Array<EvidenceBandCase & { source: OwnPointCase }>> {
  return {
    1: cases
      .filter((item) => item.m1Share >= OWN_POINT_SHARE)
      .map((item) => ({ rateIndex: item.rateIndex, errorLog: item.m1Log - item.targetLog, sd: item.m1Sd, evidence: item.m1Evidence, source: item })),
    2: cases
      .filter((item) => item.m2Share >= OWN_POINT_SHARE)
      .map((item) => ({ rateIndex: item.rateIndex, errorLog: item.m2Log - item.targetLog, sd: item.m2Sd, evidence: item.m2Evidence, source: item })),
  };
}

/**
 * Methodology 2's out-of-fold estimates, nested: each fold's cases are estimated with groups fitted
 * on the other four folds' cases only. Returns the groups per fold too.
 */
export function nestedComposite(cases: readonly OutOfFoldCase[], folds: number, temporal: Float64Array): { estimate: (item: OutOfFoldCase) => { log: number; sd: number } } {
  const groupsByFold: GroupCombination[][] = [];
  for (let fold = 0; fold < folds; fold++) groupsByFold.push(fitGroups(cases.filter((item) => item.fold !== fold), temporal));
  return { estimate: (item) => compositeOfCase(groupsByFold[item.fold]!, item) };
}

/**
 * The combination the pack stores: stacking fitted on every fold's out-of-fold cases; band scales
 * fitted on the calibration counties' cases (methodology 2's from its nested estimates, so that
 * the scale matches what the validation evaluates), and at reporting agencies' own points on the
 * calibration counties' held-out year.
 */
export function fitCombination(tables: ScoringTables, folds: number): { combination: Combination; cases: OutOfFoldCase[]; ownCases: OwnPointCase[]; temporal: Float64Array } {
  const full = buildScoringModel(tables);
  const cases = outOfFoldCases(tables, full);
  const temporal = temporalSpread(full, tables.agencyYears);
  const groups = fitGroups(cases, temporal);
  const nested = nestedComposite(cases, folds, temporal);
  const band = bandCasesOf(
    cases.filter((item) => item.calibration),
    nested.estimate,
  );
  // At a reporting agency's own point: the held-out year of the calibration counties' agencies.
  const ownCases = ownPointCases(tables, groups);
  const own = ownPointBandCasesOf(ownCases.filter((item) => item.calibration));
  // Where no reporting agency covers the point: methodology 1 one scale per group, methodologies 2 and 4 moving with the size of the point's place.
  const m2 = populationBandScales(band[2]);
  const m4 = populationBandScales(band[4]);
  return {
    combination: {
      groups,
      bandScale: { 1: bandScales(band[1]), 2: m2.base, 4: m4.base },
      bandByPopulation: { 2: m2.byPopulation, 4: m4.byPopulation },
      ownPointBandScale: { 1: evidenceBandScales(own[1]), 2: evidenceBandScales(own[2]) },
    },
    cases,
    ownCases,
    temporal,
  };
}
