import type { ScoringLocation } from '@riskatlas/domain';
import { ownInputsOf, stackingInputsAt } from '../../src/engine/combination-inputs';
import { interpolationEstimate, memberships, predictorsEstimate } from '../../src/engine/estimates';
import { locateAreas } from '../../src/engine/locate-areas';
import type { AgencyModel } from '../../src/model/agencies';
import { buildScoringModel, type ScoringModel } from '../../src/model/build-model';
import { defaultCombination, type StackingInputs } from '../../src/model/combination';
import { rateAt } from '../../src/model/series';
import { RATE_COUNT } from '../../src/model/years';
import type { ScoringTables } from '../../src/pack/read-tables';
import { foldOf } from './folds';

/*
 * The county-grouped, leak-free cross-validation every fitted part of methodology 2 rests on. The
 * counties are split into five folds by a hash of their key; for each fold, every agency in its
 * counties is removed from the model (its reports, its weight in the predictors fit, its share of
 * the remainder) and its crimes and population are taken out of every county year it is part of,
 * so that nothing of it remains. The model then estimates each held-out agency's rates at its point.
 */

/** Folds of the cross-validation. */
export const FOLDS = 5;
/** Cases compared: agencies expected to record at least this many incidents of the key (the report is a fair truth). */
export const MIN_EXPECTED = 10;
/** The year the estimates are made for (the middle of the agencies' 2014–2019 reports). */
const MID_YEAR = 2016;

/** One held-out agency and rate key, with every estimate made without it. */
export interface OutOfFoldCase {
  agencyKey: string;
  countyKey: string;
  fold: number;
  /** Counties are also split in two by another hash: calibration (bands fitted) or evaluation (coverage reported). */
  calibration: boolean;
  /** The agency's population ÷ its county's: how much of the county's data was its own (the leak the old validation had). */
  countyShare: number;
  rateIndex: number;
  /** log of what the agency reported relative to its state (2014–2019 pooled) and the count expected behind it. */
  targetLog: number;
  expected: number;
  inputs: StackingInputs;
  /** Agencies of other counties whose discs cover the point (rarely): share, their log relative, evidence. */
  ownShare: number;
  ownLog: number;
  ownExpected: number;
  /** The population of the place the point belongs to (model/settlements.ts): the bands of methodologies 2 and 4 move with it. */
  population: number;
  /** Methodology 1 and 4 (log relative to the state, raw log-scale SD before band calibration). */
  m1Log: number;
  m1Sd: number;
  m4Log: number;
  m4Sd: number;
  /** Baselines: the county's newest observed year, its pooled years, the nearest five agencies' plain average (log; NaN when missing). */
  countyNewestLog: number;
  countyPooledLog: number;
  knnLog: number;
}

/** The fold of a county, and whether it is a calibration county. */
export function countyFold(countyKey: string): { fold: number; calibration: boolean } {
  return { fold: foldOf(countyKey, FOLDS), calibration: foldOf(`calibration:${countyKey}`, 2) === 0 };
}

/** The scoring location at an agency's point, as the API would resolve it. */
export function locationOfAgency(agency: AgencyModel): ScoringLocation {
  const location: ScoringLocation = {
    latitude: agency.latitude,
    longitude: agency.longitude,
    countryId: 1,
    admin1Code: agency.stateKey.slice(3),
    countyCode: agency.countyKey.slice(3),
  };
  if (agency.density !== undefined) location.populationDensity = agency.density;
  return location;
}

const logOrNaN = (value: number | undefined) => (value !== undefined && value > 0 ? Math.log(value) : Number.NaN);

/** The cases of one held-out agency under a model built without its county. */
function casesOf(model: ScoringModel, agency: AgencyModel, countyPopulation: number): OutOfFoldCase[] {
  const location = locationOfAgency(agency);
  const areas = locateAreas(model, location);
  if (!areas?.state) return [];
  const years = [MID_YEAR, MID_YEAR, MID_YEAR];
  const members = memberships(model, location, areas.state.key);
  const m1 = interpolationEstimate(model, location, areas, years, members);
  const m4 = predictorsEstimate(model, location, areas, years);
  const predictorsLog = new Float64Array(RATE_COUNT);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) predictorsLog[rateIndex] = m4.logRate[rateIndex * 3 + 1]! - Math.log(rateAt(areas.state, rateIndex, MID_YEAR));
  const inputs = stackingInputsAt(model, location, areas, model.usPredictorModel ? predictorsLog : undefined);
  const own = ownInputsOf(members);
  const remainder = areas.county ? model.countyRemainders.get(areas.county.key) : undefined;
  const { fold, calibration } = countyFold(agency.countyKey);
  const population = model.settlements.populationAt(location.latitude, location.longitude);
  const cases: OutOfFoldCase[] = [];
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const reported = agency.relative[rateIndex]!;
    if (!Number.isFinite(reported) || agency.expected[rateIndex]! < MIN_EXPECTED) continue;
    const stateLog = Math.log(rateAt(areas.state, rateIndex, MID_YEAR));
    const slot = rateIndex * 3 + 1;
    cases.push({
      agencyKey: agency.key,
      countyKey: agency.countyKey,
      fold,
      calibration,
      countyShare: countyPopulation > 0 ? agency.population / countyPopulation : 1,
      rateIndex,
      targetLog: Math.log(reported),
      expected: agency.expected[rateIndex]!,
      inputs: inputs[rateIndex]!,
      ownShare: own.coveredShare[rateIndex]!,
      ownLog: own.ownLog[rateIndex]!,
      ownExpected: own.ownExpected[rateIndex]!,
      population,
      m1Log: m1.logRate[slot]! - stateLog,
      m1Sd: m1.se[slot]!,
      m4Log: m4.logRate[slot]! - stateLog,
      m4Sd: m4.se[slot]!,
      countyNewestLog: logOrNaN(remainder?.newestRelative[rateIndex]),
      countyPooledLog: logOrNaN(remainder?.countyRelative[rateIndex]),
      knnLog: inputs[rateIndex]!.knnEvidence > 0 ? inputs[rateIndex]!.knnLog : Number.NaN,
    });
  }
  return cases;
}

/**
 * Every out-of-fold case, fold by fold. `full` is the model of all data (its agencies are the ones
 * held out). Deterministic: folds by hash, agencies in the pack's order.
 */
export function outOfFoldCases(tables: ScoringTables, full: ScoringModel): OutOfFoldCase[] {
  const cases: OutOfFoldCase[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const heldOut = full.agencies.filter((agency) => countyFold(agency.countyKey).fold === fold);
    const model = buildScoringModel(tables, { excludeAgencies: new Set(heldOut.map((agency) => agency.key)), subtractExcludedFromCounties: true, combination: defaultCombination() });
    for (const agency of heldOut) cases.push(...casesOf(model, agency, full.areas.get(agency.countyKey)?.population ?? 0));
  }
  return cases;
}
