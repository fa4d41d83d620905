import type { ScoringLocation } from '@riskatlas/domain';
import { MILES_PER_DEGREE, NearestAgencies, agencyRelativeAt, type AgencyModel } from '../model/agencies';
import type { ScoringModel } from '../model/build-model';
import { measuredSpread } from '../model/area-spreads';
import { ALL_INCIDENTS, neighbourhood, type IncidentSetModel } from '../model/incidents';
import { OWN_POINT_SHARE, combinationGroupOf, combinedSd, ownPointScale, ownWeight, populationScale, stackedLog } from '../model/combination';
import { featuresOf, predictLog, type PredictorModel } from '../model/predictors';
import { logValuesOf, rateAt, reportedAt, type AreaSeries } from '../model/series';
import { RATE_COUNT, seriesIndex } from '../model/years';
import { NEAREST_AGENCIES, ownInputsOf, stackingInputsAt, type OwnInputs } from './combination-inputs';
import type { LocationAreas } from './locate-areas';
import type { ScoringScratch } from './scoring-scratch';

/**
 * A methodology's estimate of a location's rates for the three period years: log rate per 100,000
 * (or log index in Canada), its log-scale standard error, and whether it rests on reported data.
 * Slot = rate key × 3 + period.
 */
export interface LocalEstimate {
  logRate: Float64Array;
  se: Float64Array;
  reported: Uint8Array;
  radius1: number;
  radius2: number;
}

/** Slots of an estimate. */
export const ESTIMATE_SLOTS = RATE_COUNT * 3;

/**
 * An agency's or county's estimate counts as reported only for the years its own data cover (the
 * span from its first to its last reported year; no tolerance: beyond it the position is carried,
 * not measured — docs/methodology.md §1).
 */
const REPORTED_TOLERANCE_YEARS = 0;
/** Radius in miles of the incident-density neighbourhood. */
export const INCIDENT_RADIUS_MILES = 0.5;
/** Prior weight (in incidents) pulling a neighbourhood's density ratio towards its all-crime ratio. */
export const INCIDENT_PRIOR = 3;
/** Share of the within-county spread that remains inside an agency's jurisdiction. */
const WITHIN_JURISDICTION_SHARE = 0.5;
/** Share of that spread an incident neighbourhood still leaves. */
const WITHIN_NEIGHBOURHOOD_SHARE = 0.25;
/** Where no predictors exist, methodology 4's band is this much wider than the area's own. */
const NO_PREDICTORS_SPREAD = 1.25;


/** An estimate of zeros, its radii 0. */
export function emptyEstimate(): LocalEstimate {
  return { logRate: new Float64Array(ESTIMATE_SLOTS), se: new Float64Array(ESTIMATE_SLOTS), reported: new Uint8Array(ESTIMATE_SLOTS), radius1: 0, radius2: 0 };
}

/** `reused` cleared to what emptyEstimate() gives (the engine's scratch), or a new empty estimate. */
function clearedEstimate(reused: LocalEstimate | undefined): LocalEstimate {
  if (!reused) return emptyEstimate();
  reused.logRate.fill(0);
  reused.se.fill(0);
  reused.reported.fill(0);
  reused.radius1 = 0;
  reused.radius2 = 0;
  return reused;
}

/**
 * The area's own rate as the estimate: no local information (every country but the USA in M1). The
 * band is the spread of small areas around such an area where finer data measured it (London's
 * LSOAs, Mexican municipalities, Canadian CMAs), else the US agencies' spread for its size.
 */
export function areaEstimate(model: ScoringModel, areas: LocationAreas, years: readonly number[]): LocalEstimate {
  const estimate = emptyEstimate();
  const coarse = areas.base.level !== 'C';
  const baseLogs = logValuesOf(areas.base);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const spread = measuredSpread(model.areaSpreads, areas.base.countryId, areas.base.level, rateIndex) ?? (coarse ? model.stateSpread : model.localSpread)[rateIndex]!;
    for (let period = 0; period < 3; period++) {
      const slot = rateIndex * 3 + period;
      estimate.logRate[slot] = baseLogs[seriesIndex(rateIndex, years[period]!)]!;
      estimate.se[slot] = Math.sqrt(spread * spread + (areas.base.samplingVariance?.[rateIndex] ?? 0));
      estimate.reported[slot] = reportedAt(areas.base, rateIndex, years[period]!) ? 1 : 0;
    }
  }
  return estimate;
}

/** A logistic argument past which a membership weight is certainly under 1 % (ln 99 ≈ 4.595, with margin). */
const BEYOND_MEMBERSHIP_LOGIT = 4.7;

/** A placed agency and the location's membership of its jurisdiction. */
interface Membership {
  agency: AgencyModel;
  weight: number;
  distance: number;
}

/** Agencies of the location's state whose jurisdiction disc (every same-state agency measured is offered to `nearest`, when given) the location belongs to (logistic edge). */
export function memberships(model: ScoringModel, location: ScoringLocation, stateKey: string, nearest?: NearestAgencies): Membership[] {
  const found: Membership[] = [];
  const cosLat = Math.cos((location.latitude * Math.PI) / 180);
  model.agencyGrid.nearInState(location.latitude, location.longitude, stateKey, (agency) => {
    const dy = (agency.latitude - location.latitude) * MILES_PER_DEGREE;
    const dx = (agency.longitude - location.longitude) * MILES_PER_DEGREE * cosLat;
    const distance = Math.sqrt(dx * dx + dy * dy);
    nearest?.offer(agency, distance);
    const edge = 0.15 * agency.radiusMiles + 0.3;
    const logit = (distance - agency.radiusMiles) / edge;
    // Beyond ln 99 (4.595) the weight is below 1 %: such agencies, most of those scanned, need no exp.
    if (logit > BEYOND_MEMBERSHIP_LOGIT) return;
    const weight = 1 / (1 + Math.exp(logit));
    if (weight >= 0.01) found.push({ agency, weight, distance });
  });
  return found;
}

/** The location's agency memberships where agencies exist (USA), else none. */
function usMemberships(model: ScoringModel, location: ScoringLocation, areas: LocationAreas, nearest?: NearestAgencies): Membership[] {
  return location.countryId === 1 && areas.state ? memberships(model, location, areas.state.key, nearest) : [];
}

/**
 * Methodology 1 in the USA: the location's rate relative to its state is the membership-weighted
 * mix of the reported relatives of the agencies whose jurisdiction it lies in, and of the county
 * remainder (the county's rate net of its placed agencies) for the share no agency covers.
 */
export function interpolationEstimate(
  model: ScoringModel,
  location: ScoringLocation,
  areas: LocationAreas,
  years: readonly number[],
  members: readonly Membership[] = usMemberships(model, location, areas),
): LocalEstimate {
  if (location.countryId !== 1 || !areas.state) return areaEstimate(model, areas, years);
  return usInterpolation(model, areas, areas.state, years, members, true);
}

/**
 * Methodology 1's US estimate; with `withRates` false only its radius and reported flags (what
 * methodology 2 keeps of it: it writes its own rates and errors, so computing these is wasted).
 * Written into `reused` when given (the engine's scratch).
 */
function usInterpolation(
  model: ScoringModel,
  areas: LocationAreas,
  state: AreaSeries,
  years: readonly number[],
  members: readonly Membership[],
  withRates: boolean,
  reused?: LocalEstimate,
): LocalEstimate {
  const estimate = clearedEstimate(reused);
  const remainder = areas.county ? model.countyRemainders.get(areas.county.key) : undefined;
  let reach = 0;
  for (const member of members) reach = Math.max(reach, member.distance);
  // At a reporting agency's own point the band follows the evidence of the agency that speaks for it (as methodology 2's does).
  let own: OwnInputs | undefined;
  estimate.radius2 = Math.round(reach * 10) / 10;
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const spread = model.localSpread[rateIndex]!;
    const remainderRelative = remainder && Number.isFinite(remainder.relative[rateIndex]!) ? remainder.relative[rateIndex]! : Number.NaN;
    let coveredWeight = 0;
    let evidence = 0;
    let firstYear = Number.POSITIVE_INFINITY;
    let lastYear = Number.NEGATIVE_INFINITY;
    for (const member of members) {
      if (!Number.isFinite(member.agency.relative[rateIndex]!)) continue;
      coveredWeight += member.weight;
      evidence += member.weight * member.agency.count[rateIndex]!;
      firstYear = Math.min(firstYear, member.agency.firstYear);
      lastYear = Math.max(lastYear, member.agency.lastYear);
    }
    const scale = coveredWeight > 1 ? 1 / coveredWeight : 1;
    const remainderWeight = Math.max(0, 1 - coveredWeight);
    const hasRemainder = Number.isFinite(remainderRelative);
    if (hasRemainder) evidence += remainderWeight * remainder!.count[rateIndex]!;
    const agencyShare = Math.min(1, coveredWeight);
    for (let period = 0; period < 3; period++) {
      const year = years[period]!;
      const slot = rateIndex * 3 + period;
      if (withRates) {
        let relative = 0;
        for (const member of members) {
          const agencyRelative = member.agency.relative[rateIndex]!;
          if (!Number.isFinite(agencyRelative)) continue;
          const trend = member.agency.trend[rateIndex]!;
          relative += member.weight * scale * (trend === 0 ? agencyRelative : agencyRelativeAt(member.agency, rateIndex, year));
        }
        relative += remainderWeight * (hasRemainder ? remainderRelative : 1);
        estimate.logRate[slot] = Math.log(Math.max(relative, 1e-6) * rateAt(state, rateIndex, year));
        const withinSpread = spread * (agencyShare * WITHIN_JURISDICTION_SHARE + (1 - agencyShare));
        const missing = hasRemainder || agencyShare >= 0.5 ? 0 : spread;
        // The band scale is calibrated apart for a reporting agency's own point (with its evidence) and for the rest.
        const groupIndex = combinationGroupOf(rateIndex);
        const bandScale = agencyShare >= OWN_POINT_SHARE ? ownPointScale(model.combination.ownPointBandScale[1], groupIndex, (own ??= ownInputsOf(members)).ownExpected[rateIndex]!) : model.combination.bandScale[1][groupIndex]!;
        estimate.se[slot] = bandScale * Math.sqrt(1 / (evidence + 1) + withinSpread * withinSpread + missing * missing);
      }
      const agencyBacked = agencyShare >= 0.5 && year >= firstYear - REPORTED_TOLERANCE_YEARS && year <= lastYear + REPORTED_TOLERANCE_YEARS;
      const countyBacked =
        agencyShare < 0.5 && hasRemainder && !!areas.county && reportedAt(areas.county, rateIndex, remainder!.year) && Math.abs(year - remainder!.year) <= REPORTED_TOLERANCE_YEARS;
      estimate.reported[slot] = reportedAt(state, rateIndex, year) && (agencyBacked || countyBacked) ? 1 : 0;
    }
  }
  return estimate;
}

/** The predictors model and reference area that apply to a location, when any does. */
function predictorContext(model: ScoringModel, location: ScoringLocation, areas: LocationAreas): { fit: PredictorModel; features: Float64Array; reference: AreaSeries } | undefined {
  if (location.countryId === 1 && model.usPredictorModel && areas.state && location.countyCode) {
    const county = model.predictors.get(`US-${location.countyCode}`);
    if (!county) return undefined;
    const density = location.populationDensity ?? county.density;
    return { fit: model.usPredictorModel, features: featuresOf(density, county, model.usPredictorModel.densityRange), reference: areas.state };
  }
  if (location.countryId === 6 && model.prPredictorModel && location.countyCode) {
    const county = model.predictors.get(`PR-${location.countyCode}`);
    if (!county) return undefined;
    const density = location.populationDensity ?? county.density;
    return { fit: model.prPredictorModel, features: featuresOf(density, county, model.prPredictorModel.densityRange), reference: areas.national };
  }
  return undefined;
}

/**
 * Methodology 4: the rate predicted from density and the county's socio-economic predictors
 * alone, relative to the state (USA) or the island (Puerto Rico). Never 'reported'. Elsewhere no
 * predictors exist: the area's own rate with a widened band, imputed.
 */
export function predictorsEstimate(model: ScoringModel, location: ScoringLocation, areas: LocationAreas, years: readonly number[]): LocalEstimate {
  const context = predictorContext(model, location, areas);
  if (!context) {
    const fallback = areaEstimate(model, areas, years);
    fallback.reported.fill(0);
    for (let slot = 0; slot < ESTIMATE_SLOTS; slot++) fallback.se[slot] = fallback.se[slot]! * NO_PREDICTORS_SPREAD;
    return fallback;
  }
  const estimate = predictedEstimate(context, years);
  // The US bands are calibrated on held-out counties (combination.tsv), with the size of the point's place; Puerto Rico's have no held-out data.
  if (location.countryId === 1) {
    const population = model.settlements.populationAt(location.latitude, location.longitude);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const scale = populationScale(model.combination, 4, combinationGroupOf(rateIndex), population);
      for (let slot = rateIndex * 3; slot < rateIndex * 3 + 3; slot++) estimate.se[slot] = estimate.se[slot]! * scale;
    }
  }
  return estimate;
}

/** The predictors model's estimate for a resolved context (shared by methodologies 2 and 4). */
function predictedEstimate(context: { fit: PredictorModel; features: Float64Array; reference: AreaSeries }, years: readonly number[]): LocalEstimate {
  const estimate = emptyEstimate();
  const referenceLogs = logValuesOf(context.reference);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const logRelative = predictLog(context.fit.coefficients[rateIndex]!, context.features);
    for (let period = 0; period < 3; period++) {
      const slot = rateIndex * 3 + period;
      estimate.logRate[slot] = logRelative + referenceLogs[seriesIndex(rateIndex, years[period]!)]!;
      estimate.se[slot] = context.fit.residualSd[rateIndex]!;
    }
  }
  return estimate;
}

/** The predictors model's log relative (to its reference area) per rate key at a context (into `out` when given). */
function predictedLogRelatives(context: { fit: PredictorModel; features: Float64Array }, out: Float64Array = new Float64Array(RATE_COUNT)): Float64Array {
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) out[rateIndex] = predictLog(context.fit.coefficients[rateIndex]!, context.features);
  return out;
}

/**
 * Methodology 2 in the USA: the learned combination (model/combination.ts). A prior relative to the
 * state is stacked from the county remainder, the county's rate, the nearest five agencies and the
 * predictors, with weights fitted on out-of-fold predictions; agencies whose jurisdiction covers
 * the point then pull it towards their own recency-weighted relative as far as their evidence
 * outweighs the prior's measured error — a city's own record dominates at its own point. Reported
 * when methodology 1 is and the covering agencies carry at least half the weight (or none cover it
 * and the county's data stands in). Outside the USA it is methodology 1, or 4 blended as before
 * where only Puerto Rico's predictors exist. With the engine's `scratch` the US estimate is written
 * into its buffers: read it before the next scoring.
 */
export function compositeEstimate(model: ScoringModel, location: ScoringLocation, areas: LocationAreas, years: readonly number[], scratch?: ScoringScratch): LocalEstimate {
  const context = predictorContext(model, location, areas);
  if (location.countryId !== 1 || !areas.state) {
    const reported = interpolationEstimate(model, location, areas, years, []);
    return context ? precisionBlend(reported, predictedEstimate(context, years)) : reported;
  }
  const nearest = scratch ? scratch.nearest.reset() : new NearestAgencies(NEAREST_AGENCIES);
  const members = memberships(model, location, areas.state.key, nearest);
  const reported = usInterpolation(model, areas, areas.state, years, members, false, scratch?.estimate);
  const stateLogs = logValuesOf(areas.state);
  const predictorsLog = context ? predictedLogRelatives(context, scratch?.predictorsLog) : undefined;
  const inputs = stackingInputsAt(model, location, areas, predictorsLog, nearest, scratch);
  const own = ownInputsOf(members, scratch?.own);
  // The size of the point's place, for the bands where no reporting agency covers it (looked up once, when needed).
  let population = Number.NaN;
  // Methodology 1's flags are overwritten slot by slot (each slot's reported flag is read first): one allocation fewer per scoring.
  const estimate = reported;
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const groupIndex = combinationGroupOf(rateIndex);
    const group = model.combination.groups[groupIndex]!;
    const share = own.coveredShare[rateIndex]!;
    const weight = ownWeight(group, share, own.ownExpected[rateIndex]!);
    const logRelative = weight * own.ownLog[rateIndex]! + (1 - weight) * stackedLog(group, inputs[rateIndex]!);
    if (share < OWN_POINT_SHARE && Number.isNaN(population)) population = model.settlements.populationAt(location.latitude, location.longitude);
    const scale = share >= OWN_POINT_SHARE ? ownPointScale(model.combination.ownPointBandScale[2], groupIndex, own.ownExpected[rateIndex]!) : populationScale(model.combination, 2, groupIndex, population);
    const sd = scale * combinedSd(group, share, own.ownExpected[rateIndex]!);
    for (let period = 0; period < 3; period++) {
      const slot = rateIndex * 3 + period;
      estimate.logRate[slot] = logRelative + stateLogs[seriesIndex(rateIndex, years[period]!)]!;
      estimate.se[slot] = sd;
      estimate.reported[slot] = estimate.reported[slot] === 1 && (weight >= 0.5 || share < 0.5) ? 1 : 0;
    }
  }
  return estimate;
}

/** The precision-weighted blend of two estimates (Puerto Rico: its municipio rate and its predictors). */
function precisionBlend(reported: LocalEstimate, predicted: LocalEstimate): LocalEstimate {
  const estimate = emptyEstimate();
  estimate.radius2 = reported.radius2;
  for (let slot = 0; slot < ESTIMATE_SLOTS; slot++) {
    const precisionReported = 1 / Math.max(reported.se[slot]! ** 2, 1e-6);
    const precisionPredicted = 1 / Math.max(predicted.se[slot]! ** 2, 1e-6);
    const share = precisionReported / (precisionReported + precisionPredicted);
    estimate.logRate[slot] = share * reported.logRate[slot]! + (1 - share) * predicted.logRate[slot]!;
    estimate.se[slot] = Math.sqrt(1 / (precisionReported + precisionPredicted));
    estimate.reported[slot] = reported.reported[slot] === 1 && share >= 0.5 ? 1 : 0;
  }
  return estimate;
}

/** The incident set that covers a location, if any: its reference agency's jurisdiction, force area or island. */
function incidentSetFor(model: ScoringModel, location: ScoringLocation, areas: LocationAreas, members: readonly Membership[]): IncidentSetModel | undefined {
  for (const set of model.incidentSets) {
    if (set.countryId !== location.countryId) continue;
    if (location.countryId === 1) {
      const inside = members.some((member) => member.agency.key === set.refKey && member.weight >= 0.5);
      if (!inside) continue;
    } else if (set.refKey !== areas.base.key && set.refKey !== areas.national.key) {
      continue;
    }
    return set;
  }
  return undefined;
}

/** The log rate of an incident set's reference (its agency, force area or island) for a key and year. */
function referenceLogRate(model: ScoringModel, set: IncidentSetModel, rateIndex: number, year: number): number {
  const area = model.areas.get(set.refKey);
  if (area) return logValuesOf(area)[seriesIndex(rateIndex, year)]!;
  const agency = model.agencyByKey.get(set.refKey);
  const state = agency ? model.areas.get(agency.stateKey) : undefined;
  if (!agency || !state) return Number.NaN;
  return Math.log(agencyRelativeAt(agency, rateIndex, year) * rateAt(state, rateIndex, year));
}

/**
 * Methodology 3: where incident-level data covers the location, the rate of the set's reference
 * (the agency, force area or island the incidents were recorded in) times the ratio of incidents
 * within half a mile to the set's typical count within half a mile of an incident
 * (each offence's ratio pulled towards the all-incident ratio when its counts are few). Elsewhere the
 * interpolation stands, flagged imputed.
 */
export function incidentDensityEstimate(model: ScoringModel, location: ScoringLocation, areas: LocationAreas, years: readonly number[]): LocalEstimate {
  const members = usMemberships(model, location, areas);
  const base = interpolationEstimate(model, location, areas, years, members);
  const set = incidentSetFor(model, location, areas, members);
  const around = set ? neighbourhood(set, location.latitude, location.longitude, INCIDENT_RADIUS_MILES) : undefined;
  if (!set || !around) {
    base.reported.fill(0);
    return base;
  }
  base.radius1 = 0;
  base.radius2 = INCIDENT_RADIUS_MILES;
  const overall = (around.observed[ALL_INCIDENTS]! + INCIDENT_PRIOR) / (around.expected[ALL_INCIDENTS]! + INCIDENT_PRIOR);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    const observed = around.observed[rateIndex]!;
    const ratio = (observed + INCIDENT_PRIOR * overall) / (around.expected[rateIndex]! + INCIDENT_PRIOR);
    // Outside the USA the spread around the force area or island is the measured one where it exists.
    const areaSpread = measuredSpread(model.areaSpreads, areas.base.countryId, areas.base.level, rateIndex) ?? model.localSpread[rateIndex]!;
    const spread = areaSpread * WITHIN_NEIGHBOURHOOD_SHARE;
    const logRatio = Math.log(ratio);
    const se = Math.sqrt(1 / (observed + INCIDENT_PRIOR) + spread * spread);
    for (let period = 0; period < 3; period++) {
      const slot = rateIndex * 3 + period;
      const reference = referenceLogRate(model, set, rateIndex, years[period]!);
      if (!Number.isFinite(reference)) continue;
      base.logRate[slot] = reference + logRatio;
      base.se[slot] = se;
    }
  }
  return base;
}
