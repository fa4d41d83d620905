import type { AgencyRecord, AgencyYearRecord } from '../pack/read-tables';
import { rateAt, type AreaSeries } from './series';
import { RATE_COUNT, withAggregates } from './years';

/**
 * A law-enforcement agency as the model uses it: its rates relative to its state's, pooled over
 * the years it reported (so that a town's one bad year does not define it), a damped trend of that
 * relative position, and the extent of its jurisdiction approximated by a disc.
 */
export interface AgencyModel {
  key: string;
  name: string;
  stateKey: string;
  countyKey: string;
  latitude: number;
  longitude: number;
  /** Persons per sq mi at the agency's point (the pack's ZCTA density), when known. */
  density: number | undefined;
  /** Latest reported population. */
  population: number;
  /** Radius in miles of a disc of the agency's population at its density. */
  radiusMiles: number;
  firstYear: number;
  lastYear: number;
  midYear: number;
  /** Per rate key: pooled count ÷ count expected at the state's rates (NaN when never reported). */
  relative: Float64Array;
  /** Per rate key: the pooled count (the evidence behind `relative`). */
  count: Float64Array;
  /** Per rate key: the count expected at the state's rates over the same years. */
  expected: Float64Array;
  /** Per rate key: shrunken yearly log-trend of `relative`. */
  trend: Float64Array;
  /**
   * Per rate key: the relative with recent years weighted more (each year back counts a quarter as much,
   * RECENCY_HALF_LIFE_YEARS): a place's position drifts, and its last years tell its present best.
   */
  recentRelative: Float64Array;
  /** Per rate key: the expected count behind `recentRelative` (its evidence, recency-weighted). */
  recentExpected: Float64Array;
}

/** Years over which an agency year's weight in `recentRelative` halves. */
const RECENCY_HALF_LIFE_YEARS = 0.5;

/** Persons per square mile assumed where the gazetteer knows no density at an agency's point. */
export const FALLBACK_AGENCY_DENSITY = 2000;
/** Jurisdiction discs are kept between half a mile and 20 miles. */
export const MIN_AGENCY_RADIUS_MILES = 0.5;
export const MAX_AGENCY_RADIUS_MILES = 20;
/** A trend of the relative position counts fully only with many incidents behind it. */
export const TREND_EVIDENCE = 500;
export const MAX_RELATIVE_TREND = 0.05;

/** The disc radius (miles) of a population at a density (persons per sq mi). */
export function jurisdictionRadius(population: number, density: number | undefined): number {
  const perSqMi = density && density > 0 ? density : FALLBACK_AGENCY_DENSITY;
  const radius = Math.sqrt(population / (Math.PI * perSqMi));
  return Math.min(MAX_AGENCY_RADIUS_MILES, Math.max(MIN_AGENCY_RADIUS_MILES, radius));
}

/**
 * Builds the agency models: for each rate key, relative = (Σ counts + ½) ÷ (Σ population × state
 * rate ÷ 100,000 + ½) over the years the agency reported that key, and a weighted log-linear trend
 * of the yearly relatives shrunk by evidence / (evidence + 500).
 */
export function buildAgencies(
  agencies: readonly AgencyRecord[],
  years: readonly AgencyYearRecord[],
  areas: ReadonlyMap<string, AreaSeries>,
  options: { exclude?: ReadonlySet<string>; maxYear?: number } = {},
): AgencyModel[] {
  const yearsByAgency = new Map<string, AgencyYearRecord[]>();
  for (const row of years) {
    if (options.maxYear !== undefined && row.year > options.maxYear) continue;
    const list = yearsByAgency.get(row.agencyKey) ?? [];
    list.push(row);
    yearsByAgency.set(row.agencyKey, list);
  }
  const models: AgencyModel[] = [];
  for (const agency of agencies) {
    if (options.exclude?.has(agency.agencyKey)) continue;
    const state = areas.get(agency.stateKey);
    const rows = (yearsByAgency.get(agency.agencyKey) ?? []).filter((row) => row.population > 0).sort((a, b) => a.year - b.year);
    if (!state || rows.length === 0) continue;
    const relative = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const count = new Float64Array(RATE_COUNT);
    const expectedCounts = new Float64Array(RATE_COUNT);
    const trend = new Float64Array(RATE_COUNT);
    const recentRelative = new Float64Array(RATE_COUNT).fill(Number.NaN);
    const recentExpected = new Float64Array(RATE_COUNT);
    const lastRowYear = rows[rows.length - 1]!.year;
    const yearly = rows.map((row) => ({ year: row.year, population: row.population, counts: withAggregates(row.counts) }));
    const midYear = (rows[0]!.year + rows[rows.length - 1]!.year) / 2;
    for (let rateIndex = 0; rateIndex < RATE_COUNT; rateIndex++) {
      let observed = 0;
      let expected = 0;
      let recentObserved = 0;
      let recentExpectedSum = 0;
      const points: Array<{ x: number; y: number; w: number }> = [];
      for (const row of yearly) {
        const value = row.counts[rateIndex]!;
        const stateRate = rateAt(state, rateIndex, row.year);
        if (!Number.isFinite(value) || !Number.isFinite(stateRate)) continue;
        const expectedYear = (row.population * stateRate) / 100_000;
        observed += value;
        expected += expectedYear;
        const recency = 0.5 ** ((lastRowYear - row.year) / RECENCY_HALF_LIFE_YEARS);
        recentObserved += recency * value;
        recentExpectedSum += recency * expectedYear;
        points.push({ x: row.year - midYear, y: Math.log((value + 0.5) / (expectedYear + 0.5)), w: expectedYear });
      }
      if (points.length === 0) continue;
      relative[rateIndex] = (observed + 0.5) / (expected + 0.5);
      count[rateIndex] = observed;
      expectedCounts[rateIndex] = expected;
      trend[rateIndex] = shrunkTrend(points, observed);
      recentRelative[rateIndex] = (recentObserved + 0.5) / (recentExpectedSum + 0.5);
      recentExpected[rateIndex] = recentExpectedSum;
    }
    const population = rows[rows.length - 1]!.population;
    models.push({
      key: agency.agencyKey,
      name: agency.name,
      stateKey: agency.stateKey,
      countyKey: agency.countyKey,
      latitude: agency.latitude,
      longitude: agency.longitude,
      density: agency.density,
      population,
      radiusMiles: jurisdictionRadius(population, agency.density),
      firstYear: rows[0]!.year,
      lastYear: rows[rows.length - 1]!.year,
      midYear,
      relative,
      count,
      expected: expectedCounts,
      trend,
      recentRelative,
      recentExpected,
    });
  }
  return models;
}

function shrunkTrend(points: ReadonlyArray<{ x: number; y: number; w: number }>, evidence: number): number {
  if (points.length < 3) return 0;
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (const point of points) {
    sw += point.w;
    sx += point.w * point.x;
    sy += point.w * point.y;
  }
  if (sw <= 0) return 0;
  const mx = sx / sw;
  const my = sy / sw;
  let sxx = 0;
  let sxy = 0;
  for (const point of points) {
    sxx += point.w * (point.x - mx) ** 2;
    sxy += point.w * (point.x - mx) * (point.y - my);
  }
  if (sxx <= 0) return 0;
  const slope = (sxy / sxx) * (evidence / (evidence + TREND_EVIDENCE));
  return Math.max(-MAX_RELATIVE_TREND, Math.min(MAX_RELATIVE_TREND, slope));
}

/** An agency's relative for a key in a year: the pooled relative moved along its trend (at most 8 years). */
export function agencyRelativeAt(agency: AgencyModel, rateIndex: number, year: number): number {
  const offset = Math.max(-8, Math.min(8, year - agency.midYear));
  return agency.relative[rateIndex]! * Math.exp(agency.trend[rateIndex]! * offset);
}

/** Miles per degree of latitude. */
export const MILES_PER_DEGREE = 69.09;

/**
 * The furthest a jurisdiction disc gives a point a membership of at least 1 %: the widest disc
 * (20 miles) plus its logistic edge (0.15 × 20 + 0.3 miles) × ln 99.
 */
export const AGENCY_REACH_MILES = MAX_AGENCY_RADIUS_MILES + (0.15 * MAX_AGENCY_RADIUS_MILES + 0.3) * Math.log(99);

/**
 * The k nearest agencies offered to it, nearest first (ties by key), in preallocated arrays: the
 * membership scan offers every same-state agency it measures, so methodology 2 finds its
 * neighbours without a second search wherever the k-th lies within the scan's reach.
 */
export class NearestAgencies {
  readonly agencies: AgencyModel[] = [];
  readonly distances: number[] = [];

  constructor(readonly k: number) {}

  /** Empties it for another point, so that one instance serves scoring after scoring. */
  reset(): this {
    this.agencies.length = 0;
    this.distances.length = 0;
    return this;
  }

  /** Offers an agency at a distance (miles). */
  offer(agency: AgencyModel, distance: number): void {
    const { agencies, distances, k } = this;
    if (agencies.length === k && !closer(distance, agency.key, distances[k - 1]!, agencies[k - 1]!.key)) return;
    let at = agencies.length === k ? k - 1 : agencies.length;
    while (at > 0 && closer(distance, agency.key, distances[at - 1]!, agencies[at - 1]!.key)) {
      agencies[at] = agencies[at - 1]!;
      distances[at] = distances[at - 1]!;
      at--;
    }
    agencies[at] = agency;
    distances[at] = distance;
  }

  /** Whether the k found are certainly the k nearest: k found, the k-th within the distance every agency was offered to. */
  completeWithin(reach: number): boolean {
    return this.agencies.length === this.k && this.distances[this.k - 1]! <= reach;
  }
}

/** Miles from a point to an agency (flat approximation at the point's latitude, as the memberships use). */
function milesBetween(latitude: number, longitude: number, agency: AgencyModel): number {
  const dy = (agency.latitude - latitude) * MILES_PER_DEGREE;
  const dx = (agency.longitude - longitude) * MILES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180);
  return Math.sqrt(dx * dx + dy * dy);
}

/** Whether a candidate at `distance` with `key` ranks before an entry (nearer, or as near with a smaller key). */
function closer(distance: number, key: string, entryDistance: number, entryKey: string): boolean {
  return distance < entryDistance || (distance === entryDistance && key < entryKey);
}

/** How far (degrees) the nearest-agency search looks at most. */
const MAX_NEAREST_DEGREES = 15;


/** A coarse grid over agencies (half-degree cells) for finding those near a point. */
export class AgencyGrid {
  private readonly cells = new Map<number, AgencyModel[]>();
  /** Each state's agencies on a grid of their own, for the nearest-agency search. */
  private readonly states = new Map<string, { grid: AgencyGrid; agencies: AgencyModel[] }>();

  /** @param cellDegrees Cell size: half a degree suits the jurisdiction reach (35 miles). */
  constructor(
    private readonly all: readonly AgencyModel[],
    private readonly cellDegrees = 0.5,
  ) {
    const agencies = all;
    for (const agency of agencies) {
      const key = AgencyGrid.cellKey(Math.floor(agency.latitude / cellDegrees), Math.floor(agency.longitude / cellDegrees));
      const list = this.cells.get(key) ?? [];
      list.push(agency);
      this.cells.set(key, list);
    }
  }

  private static cellKey(row: number, col: number): number {
    return (row + 20_000) * 100_000 + (col + 40_000);
  }

  /**
   * The k agencies of a state nearest a point, nearest first (ties by key), found ring by ring of
   * cells until no unvisited cell can hold a nearer one.
   */
  nearest(latitude: number, longitude: number, k: number, stateKey: string): AgencyModel[] {
    const state = this.stateGrid(stateKey);
    // A state with no more than k agencies (Hawaii's four): all of them, nearest first, with no search.
    if (state.agencies.length <= k) {
      const all = new NearestAgencies(state.agencies.length);
      for (const agency of state.agencies) all.offer(agency, milesBetween(latitude, longitude, agency));
      return all.agencies;
    }
    return state.grid.nearestInGrid(latitude, longitude, k);
  }

  /** The agencies of one state on a grid of their own (built on first use; same cells, same order within a cell). */
  private stateGrid(stateKey: string): { grid: AgencyGrid; agencies: AgencyModel[] } {
    let state = this.states.get(stateKey);
    if (!state) {
      const agencies = this.all.filter((agency) => agency.stateKey === stateKey);
      state = { grid: new AgencyGrid(agencies, this.cellDegrees), agencies };
      this.states.set(stateKey, state);
    }
    return state;
  }

  /**
   * near() over one state's agencies only: the same agencies of that state in the same order, without
   * visiting (and comparing the state key of) the neighbouring states' agencies near a border.
   */
  nearInState(latitude: number, longitude: number, stateKey: string, visit: (agency: AgencyModel) => void): void {
    this.stateGrid(stateKey).grid.near(latitude, longitude, visit);
  }

  private nearestInGrid(latitude: number, longitude: number, k: number): AgencyModel[] {
    const size = this.cellDegrees;
    const row = Math.floor(latitude / size);
    const col = Math.floor(longitude / size);
    const cosPoint = Math.cos((latitude * Math.PI) / 180);
    const cosLat = Math.cos((Math.min(89.9, Math.abs(latitude) + size) * Math.PI) / 180);
    const maxRings = Math.ceil(MAX_NEAREST_DEGREES / size);
    const found = new NearestAgencies(k);
    for (let ring = 0; ring <= maxRings; ring++) {
      for (let dr = -ring; dr <= ring; dr++) {
        const edge = dr === -ring || dr === ring;
        for (let dc = -ring; dc <= ring; dc += edge ? 1 : 2 * ring) {
          const list = this.cells.get(AgencyGrid.cellKey(row + dr, col + dc));
          if (list) {
            for (const agency of list) {
              const dy = (agency.latitude - latitude) * MILES_PER_DEGREE;
              const dx = (agency.longitude - longitude) * MILES_PER_DEGREE * cosPoint;
              found.offer(agency, Math.sqrt(dx * dx + dy * dy));
            }
          }
          if (ring === 0) break;
        }
      }
      // Any agency in a ring further out is at least `ring` cell widths away.
      if (found.completeWithin(ring * size * MILES_PER_DEGREE * cosLat)) break;
    }
    return found.agencies;
  }

  /**
   * Agencies in the half-degree cells that the box of AGENCY_REACH_MILES around a point touches. A
   * cell's width in miles shrinks with the cosine of the latitude, so the box spans more columns
   * towards the pole (Alaska's 20-mile discs at 65° N).
   */
  near(latitude: number, longitude: number, visit: (agency: AgencyModel) => void): void {
    const size = this.cellDegrees;
    const poleward = Math.min(89.9, Math.abs(latitude) + size);
    const reachLat = AGENCY_REACH_MILES / MILES_PER_DEGREE;
    const reachLng = AGENCY_REACH_MILES / (MILES_PER_DEGREE * Math.cos((poleward * Math.PI) / 180));
    const [rowFrom, rowTo] = [Math.floor((latitude - reachLat) / size), Math.floor((latitude + reachLat) / size)];
    const [colFrom, colTo] = [Math.floor((longitude - reachLng) / size), Math.floor((longitude + reachLng) / size)];
    for (let row = rowFrom; row <= rowTo; row++) {
      for (let col = colFrom; col <= colTo; col++) {
        const list = this.cells.get(AgencyGrid.cellKey(row, col));
        if (list) for (const agency of list) visit(agency);
      }
    }
  }
}
