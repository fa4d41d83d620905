import type { CountryId } from '@riskatlas/domain';
import type { LocalAuthorityRecord, PredictorRecord, ScoringTables } from '../pack/read-tables';
import { AgencyGrid, buildAgencies, type AgencyModel } from './agencies';
import { areaSpreadsOf, type AreaSpreads } from './area-spreads';
import { COUNT_PRIOR, PR_QUARTER_SHARE, applyCountPrior } from './count-prior';
import { buildIncidentSets, type IncidentSetModel } from './incidents';
import { evidenceWeight, featuresOf, fitPredictorModel, type PredictorModel, type TrainingUnit } from './predictors';
import { projectionChoicesOf, type CountryProjection } from './projection';
import { buildAreaSeries, rateAt, type AreaSeries } from './series';
import { RATE_COUNT, TOTAL, YEAR_MAX, YEAR_MIN, seriesIndex } from './years';

/** The part of a county's population no placed agency covers, and its rates relative to the state. */
interface CountyRemainder {
  /** Per rate key: the remainder's rate ÷ the state's (NaN when the county has no data). */
  relative: Float64Array;
  /** Per rate key: the county's own rate ÷ the state's. */
  countyRelative: Float64Array;
  /** Per rate key: incidents a year behind the remainder's estimate (its evidence). */
  count: Float64Array;
  /** Year of the county data. */
  year: number;
}

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
}

/** Options of buildScoringModel, used by the validation to hold data out. */
export interface ModelOptions {
  /** Agencies left out entirely (leave-one-agency-out validation). */
  excludeAgencies?: ReadonlySet<string>;
  /** Agency years after this are ignored (held-out-year validation). */
  agencyMaxYear?: number;
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

function countyRemainders(areas: ReadonlyMap<string, AreaSeries>, agencies: readonly AgencyModel[]): Map<string, CountyRemainder> {
  const byCounty = new Map<string, AgencyModel[]>();
  for (const agency of agencies) {
    const list = byCounty.get(agency.countyKey) ?? [];
    list.push(agency);
    byCounty.set(agency.countyKey, list);
  }
  const result = new Map<string, CountyRemainder>();
  for (const county of areas.values()) {
    if (county.countryId !== 1 || county.level !== 'C' || !county.parent) continue;
    const year = county.lastObserved[TOTAL]! || county.lastObserved[0]! || 2012;
    const population = county.population ?? 0;
    const inside = byCounty.get(county.key) ?? [];
    const covered = inside.reduce((sum, agency) => sum + agency.population, 0);
    const relative = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const countyRelative = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const count = new Float64Array(RATE_COUNT);
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      const countyRate = rateAt(county, rateIndex, year);
      const stateRate = rateAt(county.parent, rateIndex, year);
      if (!(countyRate >= 0) || !(stateRate > 0)) continue;
      // Small counties' one-year counts are noisy (a ranching county of 800 people may record no crime
      // at all): like the agencies', the county relative carries a prior of one incident at the state rate.
      const countyCount = (countyRate * population) / 100_000;
      const expectedCount = (stateRate * population) / 100_000;
      const qCounty = population > 0 ? (countyCount + COUNT_PRIOR) / (expectedCount + COUNT_PRIOR) : countyRate / stateRate;
      countyRelative[rateIndex] = qCounty;
      let remainder = qCounty;
      const remainderPopulation = population - covered;
      if (population > 0 && remainderPopulation > 0.05 * population) {
        // The county's rate is the population-weighted mix of its agencies' and the remainder's.
        let agencyPart = 0;
        for (const agency of inside) {
          const q = agency.relative[rateIndex]!;
          agencyPart += agency.population * (Number.isFinite(q) ? q : qCounty);
        }
        remainder = (qCounty * population - agencyPart) / remainderPopulation;
        remainder = Math.min(1.5 * qCounty, Math.max(0.1 * qCounty, remainder));
      }
      relative[rateIndex] = remainder;
      count[rateIndex] = (remainder * stateRate * Math.max(remainderPopulation, population * 0.05)) / 100_000;
    }
    result.set(county.key, { relative, countyRelative, count, year });
  }
  return result;
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
  const remainders = countyRemainders(areas, agencies);
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
  };
}
