import type { CountryId } from '@riskatlas/domain';
import type { LocalAuthorityRecord, PredictorRecord, ScoringTables } from '../pack/read-tables';
import { AgencyGrid, buildAgencies, type AgencyModel } from './agencies';
import { areaSpreadsOf, type AreaSpreads } from './area-spreads';
import { COUNT_PRIOR, PR_QUARTER_SHARE, applyCountPrior } from './count-prior';
import { buildIncidentSets, type IncidentSetModel } from './incidents';
import { evidenceWeight, featuresOf, fitPredictorModel, type PredictorModel, type TrainingUnit } from './predictors';
import { projectionChoicesOf, type CountryProjection } from './projection';
import { defaultCombination, parseCombination, type Combination } from './combination';
import { subtractionsOf } from './county-observations';
import { countyRemainders, type CountyRemainder } from './county-remainders';
import { SettlementGrid } from './settlements';
import { buildAreaSeries, rateAt, type AreaSeries } from './series';
import { RATE_COUNT, TOTAL, YEAR_MAX, YEAR_MIN, seriesIndex } from './years';

/** The whole model in memory: pure data, built once from the scoring pack. */
export interface ScoringModel {
  areas: ReadonlyMap<string, AreaSeries>;
  /** The national area of each country. */
  national: ReadonlyMap<CountryId, AreaSeries>;
  /** The latest year each country's national data holds: the "current" period of its newest releases. */
  lastDataYear: ReadonlyMap<CountryId, number>;
  agencies: readonly AgencyModel[];
  agencyByKey: ReadonlyMap<string, AgencyModel>;
  agencyGrid: AgencyGrid;
  countyRemainders: ReadonlyMap<string, CountyRemainder>;
  /** Per rate key: the spread (log SD) of local rates around their county's, from well-measured agencies. */
  localSpread: Float64Array;
  /** Per rate key: the spread of local rates around their state's (for estimates that start from a state-sized area). */
  stateSpread: Float64Array;
  predictors: ReadonlyMap<string, PredictorRecord>;
  /** Predictors-only models: US (agencies relative to their state) and Puerto Rico (municipios relative to the island). */
  usPredictorModel: PredictorModel | undefined;
  prPredictorModel: PredictorModel | undefined;
  localAuthorities: ReadonlyMap<string, LocalAuthorityRecord>;
  /** English and Welsh postcode district → police force area key. */
  forceOfOutcode: ReadonlyMap<string, string>;
  /** Canadian census metropolitan areas with a centre and radius. */
  metropolitanAreas: readonly AreaSeries[];
  incidentSets: readonly IncidentSetModel[];
  /** Per country: how series are carried beyond the data and the time uncertainty (projection.tsv). */
  projections: ReadonlyMap<CountryId, CountryProjection>;
  /** Spreads of small areas around non-US base areas, measured on finer data (local-spreads.tsv). */
  areaSpreads: AreaSpreads;
  /** US populated places, for the size of the place a point belongs to (bands where no reporting agency covers it). */
  settlements: SettlementGrid;
  /** Methodology 2's fitted combination and the bands' calibration (the default where the pack has none). */
  combination: Combination;
}

/** Options of buildScoringModel, used by the validation to hold data out. */
export interface ModelOptions {
  /** Agencies left out entirely (leave-one-agency-out validation). */
  excludeAgencies?: ReadonlySet<string>;
  /** Agency years after this are ignored (held-out-year validation). */
  agencyMaxYear?: number;
  /**
   * Also take the excluded agencies' crimes and population out of every county total they are part
   * of (all county years), so that nothing of them remains (leak-free validation).
   */
  subtractExcludedFromCounties?: boolean;
  /** A combination to use instead of the pack's (the validation's nested fits). */
  combination?: Combination;
}

export { COUNT_PRIOR } from './count-prior';

/** Spread assumed for a rate key when too few agencies measure it. */
const DEFAULT_LOCAL_SPREAD = 0.5;

function nationalOf(areas: ReadonlyMap<string, AreaSeries>): Map<CountryId, AreaSeries> {
  const national = new Map<CountryId, AreaSeries>();
  for (const area of areas.values()) if (area.level === 'N') national.set(area.countryId, area);
  return national;
}

function lastDataYearOf(series: AreaSeries): number {
  const last = series.lastObserved[TOTAL]!;
  if (last > 0) return last;
  let latest = 0;
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) latest = Math.max(latest, series.lastObserved[rateIndex]!);
  return latest || YEAR_MAX;
}

function localSpreadOf(agencies: readonly AgencyModel[], reference: (agency: AgencyModel, rateIndex: number) => number | undefined): Float64Array {
  const spread = new Float64Array(RATE_COUNT).fill(DEFAULT_LOCAL_SPREAD);
  for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
    let sw = 0;
    let ss = 0;
    for (const agency of agencies) {
      const qCounty = reference(agency, rateIndex);
      const q = agency.relative[rateIndex]!;
      if (!Number.isFinite(q) || !(qCounty !== undefined && qCounty > 0) || agency.expected[rateIndex]! < 20) continue;
      const deviation = Math.log(q / qCounty);
      sw += 1;
      ss += deviation * deviation;
    }
    if (sw >= 30) spread[rateIndex] = Math.sqrt(ss / sw);
  }
  return spread;
}

function usTrainingUnits(agencies: readonly AgencyModel[], predictors: ReadonlyMap<string, PredictorRecord>): TrainingUnit[] {
  const units: TrainingUnit[] = [];
  for (const agency of agencies) {
    const county = predictors.get(agency.countyKey);
    if (!county) continue;
    const density = Number.isFinite(county.density) ? county.density : 0;
    const target = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const weight = new Float64Array(RATE_COUNT);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const q = agency.relative[rateIndex]!;
      if (!Number.isFinite(q)) continue;
      target[rateIndex] = Math.log(q);
      weight[rateIndex] = evidenceWeight(agency.expected[rateIndex]!);
    }
    units.push({ features: featuresOf(agencyDensity(agency, density), county), target, weight });
  }
  return units;
}

/** The density an agency's relative is modelled at: its point's density as the pack recorded it, else its county's. */
function agencyDensity(agency: AgencyModel, countyDensity: number): number {
  return agency.density ?? countyDensity;
}

function prTrainingUnits(areas: ReadonlyMap<string, AreaSeries>, predictors: ReadonlyMap<string, PredictorRecord>): TrainingUnit[] {
  const units: TrainingUnit[] = [];
  for (const area of areas.values()) {
    if (area.countryId !== 6 || area.level !== 'C' || !area.parent) continue;
    const county = predictors.get(area.key);
    if (!county) continue;
    const target = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const weight = new Float64Array(RATE_COUNT);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const year = area.lastObserved[rateIndex]!;
      if (!year) continue;
      const own = area.values[seriesIndex(rateIndex, year)]!;
      const island = rateAt(area.parent, rateIndex, year);
      if (!(own >= 0) || !(island > 0)) continue;
      // The municipio counts are one quarter annualised: the evidence is a quarter of the annual expectation.
      const expected = (island * county.population * PR_QUARTER_SHARE) / 100_000;
      target[rateIndex] = Math.log(((own * county.population * PR_QUARTER_SHARE) / 100_000 + COUNT_PRIOR) / (expected + COUNT_PRIOR));
      weight[rateIndex] = evidenceWeight(expected);
    }
    units.push({ features: featuresOf(county.density, county), target, weight });
  }
  return units;
}

/** Builds the model from the scoring pack's tables. Deterministic: the same tables give the same model. */
export function buildScoringModel(tables: ScoringTables, options: ModelOptions = {}): ScoringModel {
  const projections = projectionChoicesOf(tables.projection);
  const areas = buildAreaSeries(tables.areas, tables.areaRates, projections);
  const national = nationalOf(areas);
  const lastDataYear = new Map<CountryId, number>();
  for (const [countryId, series] of national) lastDataYear.set(countryId, Math.max(YEAR_MIN, lastDataYearOf(series)));
  const agencies = buildAgencies(tables.agencies, tables.agencyYears, areas, { exclude: options.excludeAgencies, maxYear: options.agencyMaxYear });
  const subtract = options.subtractExcludedFromCounties && options.excludeAgencies ? subtractionsOf(tables.agencies, tables.agencyYears, options.excludeAgencies) : undefined;
  const remainders = countyRemainders(areas, tables.areaRates, agencies, subtract);
  const predictors = new Map(tables.predictors.map((row) => [row.countyKey, row]));
  const usUnits = usTrainingUnits(agencies, predictors);
  const prUnits = prTrainingUnits(areas, predictors);
  // After the PR predictors fit, which applies the same prior to the raw quarter counts itself.
  for (const area of areas.values()) if (area.countryId === 6 && area.level === 'C') applyCountPrior(area, PR_QUARTER_SHARE);
  return {
    areas,
    national,
    lastDataYear,
    agencies,
    agencyByKey: new Map(agencies.map((agency) => [agency.key, agency])),
    agencyGrid: new AgencyGrid(agencies),
    countyRemainders: remainders,
    localSpread: localSpreadOf(agencies, (agency, rateIndex) => remainders.get(agency.countyKey)?.countyRelative[rateIndex]),
    stateSpread: localSpreadOf(agencies, () => 1),
    predictors,
    usPredictorModel: usUnits.length >= 50 ? fitPredictorModel(usUnits) : undefined,
    prPredictorModel: prUnits.length >= 20 ? fitPredictorModel(prUnits) : undefined,
    localAuthorities: new Map(tables.localAuthorities.map((row) => [row.laCode, row])),
    forceOfOutcode: new Map(tables.outcodes.map((row) => [row.outcode, row.pfaKey])),
    metropolitanAreas: [...areas.values()].filter((area) => area.countryId === 2 && area.level === 'C' && area.latitude !== undefined && area.longitude !== undefined && area.radiusKm !== undefined),
    incidentSets: buildIncidentSets(tables.incidentSets, tables.incidentCells),
    projections,
    areaSpreads: areaSpreadsOf(tables.localSpreads),
    settlements: new SettlementGrid(tables.settlements),
    combination: options.combination ?? (tables.combination ? parseCombination(tables.combination) : defaultCombination()),
  };
}
