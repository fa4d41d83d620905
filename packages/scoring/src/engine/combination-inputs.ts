import type { ScoringLocation } from '@riskatlas/domain';
import { AGENCY_REACH_MILES, type NearestAgencies } from '../model/agencies';
import type { ScoringModel } from '../model/build-model';
import type { StackingInputs } from '../model/combination';
import type { CountyRemainder } from '../model/county-remainders';
import { logsOf } from '../model/log-values';
import { RATE_COUNT } from '../model/years';
import type { LocationAreas } from './locate-areas';

/** How many nearest agencies of the state the neighbours' component averages. */
export const NEAREST_AGENCIES = 5;

/**
 * Components' log relatives are clamped to ±2 (×7.4 either way) before stacking: beyond that a
 * county's rest is an artefact (what is left after its agencies' counts are taken out of a county
 * file that counted them differently), and one such value would steer a least-squares fit.
 */
const MAX_INPUT_LOG = 2;

/** A point's covering agencies, pooled per rate key: share of the point covered, their recency-weighted relative and evidence. */
export interface OwnInputs {
  coveredShare: Float64Array;
  ownLog: Float64Array;
  ownExpected: Float64Array;
}

/** The own inputs of a point no agency covers (shared, never written). */
const NO_OWN_INPUTS: OwnInputs = { coveredShare: new Float64Array(RATE_COUNT), ownLog: new Float64Array(RATE_COUNT), ownExpected: new Float64Array(RATE_COUNT) };

/** A jurisdiction membership, as the estimators compute it. */
interface MemberLike {
  agency: { recentRelative: Float64Array; recentExpected: Float64Array; radiusMiles: number };
  weight: number;
  distance: number;
}

/**
 * Where discs overlap, the agency whose centre the point is nearest (relative to its disc) speaks
 * for it: a city's own point lies at its centre and inside its suburbs' discs' edges, and the
 * city's record, not a mix with the suburbs', is what is known there.
 */
function centrality(member: MemberLike): number {
  const reach = member.distance / Math.max(member.agency.radiusMiles, 0.1);
  return 1 / (CENTRE_SOFTNESS + reach * reach);
}

/** Softness of the centrality weight (0.05: a point at a centre counts 20 times one at a disc's edge). */
const CENTRE_SOFTNESS = 0.05;

/** The nearest agencies' average relative per rate key (NaN where none reported it) and the mean count expected behind it. */
export interface NearestRelative {
  relative: Float64Array;
  expected: Float64Array;
}

/**
 * The plain average of the relatives of the k nearest agencies of the state (per rate key, NaN
 * where none of them reported it), and the mean count expected behind each. The agency at the
 * point itself is among them when it is in the model — in the validation it never is. Written
 * into `out` when given (the engine's scratch), else into new arrays.
 */
export function nearestAgenciesRelative(
  model: ScoringModel,
  location: ScoringLocation,
  stateKey: string,
  scanned?: NearestAgencies,
  k = NEAREST_AGENCIES,
  out?: NearestRelative,
): NearestRelative {
  const nearest = scanned?.k === k && scanned.completeWithin(AGENCY_REACH_MILES) ? scanned.agencies : model.agencyGrid.nearest(location.latitude, location.longitude, k, stateKey);
  const relative = out ? out.relative.fill(Number.NaN) : new Float64Array(RATE_COUNT).fill(Number.NaN);
  const expected = out ? out.expected.fill(0) : new Float64Array(RATE_COUNT);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    let sum = 0;
    let evidence = 0;
    let n = 0;
    for (const agency of nearest) {
      const q = agency.relative[rateIndex]!;
      if (!Number.isFinite(q)) continue;
      sum += q;
      evidence += agency.expected[rateIndex]!;
      n++;
    }
    if (n > 0) {
      relative[rateIndex] = sum / n;
      expected[rateIndex] = evidence / n;
    }
  }
  return { relative, expected };
}

/** A component's log relative as stacked: clamped to ±MAX_INPUT_LOG, 0 where missing or not positive. */
function inputLog(value: number | undefined): number {
  return value !== undefined && value > 0 && Number.isFinite(value) ? Math.max(-MAX_INPUT_LOG, Math.min(MAX_INPUT_LOG, Math.log(value))) : 0;
}

/** A county's stacked log relatives per rate key (remainder, county's own): the same at every point of the county. */
interface CountyInputLogs {
  remainderLog: Float64Array;
  countyLog: Float64Array;
}

const countyInputLogs = new WeakMap<CountyRemainder, CountyInputLogs>();

function countyInputLogsOf(remainder: CountyRemainder): CountyInputLogs {
  let logs = countyInputLogs.get(remainder);
  if (!logs) {
    logs = { remainderLog: remainder.relative.map(inputLog), countyLog: remainder.countyRelative.map(inputLog) };
    countyInputLogs.set(remainder, logs);
  }
  return logs;
}

/** One rate key's components, all 0 (filled in by stackingInputsAt). */
export function emptyStackingInputs(): StackingInputs {
  return { remainderLog: 0, remainderEvidence: 0, countyLog: 0, countyEvidence: 0, knnLog: 0, knnEvidence: 0, predictorsLog: 0 };
}

/** Where stackingInputsAt may write: the nearest agencies' averages and one input object per rate key. */
export interface StackingScratch {
  knn: NearestRelative;
  inputs: StackingInputs[];
}

/**
 * The prior's components for every rate key at a point (predictors' log relatives given, 0 where
 * none); written into `scratch` when given (the engine's), else into new objects.
 */
export function stackingInputsAt(
  model: ScoringModel,
  location: ScoringLocation,
  areas: LocationAreas,
  predictorsLog: Float64Array | undefined,
  scanned?: NearestAgencies,
  scratch?: StackingScratch,
): StackingInputs[] {
  const remainder = areas.county ? model.countyRemainders.get(areas.county.key) : undefined;
  const knn = areas.state ? nearestAgenciesRelative(model, location, areas.state.key, scanned, NEAREST_AGENCIES, scratch?.knn) : undefined;
  const countyLogs = remainder ? countyInputLogsOf(remainder) : undefined;
  const inputs: StackingInputs[] = scratch ? scratch.inputs : [];
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const hasRemainder = remainder !== undefined && Number.isFinite(remainder.relative[rateIndex]!);
    const input = scratch ? scratch.inputs[rateIndex]! : emptyStackingInputs();
    input.remainderLog = countyLogs ? countyLogs.remainderLog[rateIndex]! : 0;
    input.remainderEvidence = hasRemainder ? remainder.count[rateIndex]! : 0;
    input.countyLog = countyLogs ? countyLogs.countyLog[rateIndex]! : 0;
    input.countyEvidence = remainder ? remainder.countyExpected[rateIndex]! : 0;
    input.knnLog = inputLog(knn?.relative[rateIndex]);
    input.knnEvidence = knn ? knn.expected[rateIndex]! : 0;
    input.predictorsLog = predictorsLog ? predictorsLog[rateIndex]! : 0;
    if (!scratch) inputs.push(input);
  }
  return inputs;
}

/** The covering agencies' pooled own inputs from the point's memberships (written into `out` when given: the engine's scratch). */
export function ownInputsOf(members: readonly MemberLike[], out?: OwnInputs): OwnInputs {
  if (members.length === 0) return NO_OWN_INPUTS;
  const coveredShare = out ? out.coveredShare.fill(0) : new Float64Array(RATE_COUNT);
  const ownLog = out ? out.ownLog.fill(0) : new Float64Array(RATE_COUNT);
  const ownExpected = out ? out.ownExpected.fill(0) : new Float64Array(RATE_COUNT);
  const mixes = members.map((member) => member.weight * centrality(member));
  const logRelatives = members.map((member) => logsOf(member.agency.recentRelative));
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    let weight = 0;
    let central = 0;
    let logSum = 0;
    let evidence = 0;
    for (let index = 0; index < members.length; index++) {
      const member = members[index]!;
      const q = member.agency.recentRelative[rateIndex]!;
      if (!Number.isFinite(q)) continue;
      const mix = mixes[index]!;
      weight += member.weight;
      central += mix;
      logSum += mix * logRelatives[index]![rateIndex]!;
      evidence += mix * member.agency.recentExpected[rateIndex]!;
    }
    if (weight <= 0) continue;
    coveredShare[rateIndex] = Math.min(1, weight);
    ownLog[rateIndex] = logSum / central;
    ownExpected[rateIndex] = evidence / central;
  }
  return { coveredShare, ownLog, ownExpected };
}
