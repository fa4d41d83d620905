import type { CountryId } from '@riskatlas/domain';
import { INCIDENT_CELL_DEGREES } from '../pack/format';
import type { IncidentCellRecord, IncidentSetRecord } from '../pack/read-tables';
import { OFFENCE_COUNT, RATE_COUNT, withAggregates } from './years';

/**
 * An incident-level dataset on its grid: counts per cell and rate key, the totals, and how many
 * cells hold any incident (the "active" area the set's average density is taken over, so that
 * water, parks and fields do not dilute it).
 */
export interface IncidentSetModel {
  key: string;
  countryId: CountryId;
  name: string;
  refKey: string;
  firstDate: string;
  lastDate: string;
  /** cell key → counts of the ten rate keys, then every incident (including other). */
  cells: Map<number, Float64Array>;
  totals: Float64Array;
  activeCells: number;
  /**
   * Per slot: the count within the neighbourhood radius around the average incident — the density
   * the set's incidents are typically recorded at. A neighbourhood is compared with this rather than
   * with the set's average over its area, because the reference rate is per resident and residents,
   * like incidents, live where the density is: comparing with the area average would call every
   * town centre many times its force's rate and every field nearly nothing.
   */
  typicalCount: Float64Array;
  minRow: number;
  maxRow: number;
  minCol: number;
  maxCol: number;
}

/** Slots of a cell's counts: the ten rate keys, then all incidents. */
export const ALL_INCIDENTS = RATE_COUNT;

/** Miles per degree of latitude. */
const MILES_PER_DEGREE = 69.09;

const cellKey = (row: number, col: number) => (row + 40_000) * 200_000 + (col + 80_000);

/** Builds the incident sets from the pack's tables (optionally only cells of some months — not stored; whole sets only). */
export function buildIncidentSets(sets: readonly IncidentSetRecord[], cells: readonly IncidentCellRecord[]): IncidentSetModel[] {
  const models = new Map<string, IncidentSetModel>();
  for (const set of sets) {
    models.set(set.setKey, {
      key: set.setKey,
      countryId: set.countryId,
      name: set.name,
      refKey: set.refKey,
      firstDate: set.firstDate,
      lastDate: set.lastDate,
      cells: new Map(),
      totals: new Float64Array(RATE_COUNT + 1),
      activeCells: 0,
      typicalCount: new Float64Array(RATE_COUNT + 1),
      minRow: Number.POSITIVE_INFINITY,
      maxRow: Number.NEGATIVE_INFINITY,
      minCol: Number.POSITIVE_INFINITY,
      maxCol: Number.NEGATIVE_INFINITY,
    });
  }
  for (const cell of cells) {
    const model = models.get(cell.setKey);
    if (!model) continue;
    const rates = withAggregates(cell.counts);
    const counts = new Float64Array(RATE_COUNT + 1);
    counts.set(rates);
    let all = cell.other;
    for (let index = 0; index < OFFENCE_COUNT; index++) all += cell.counts[index]!;
    counts[ALL_INCIDENTS] = all;
    model.cells.set(cellKey(cell.row, cell.col), counts);
    for (let index = 0; index <= RATE_COUNT; index++) model.totals[index]! += counts[index]!;
    model.activeCells++;
    model.minRow = Math.min(model.minRow, cell.row);
    model.maxRow = Math.max(model.maxRow, cell.row);
    model.minCol = Math.min(model.minCol, cell.col);
    model.maxCol = Math.max(model.maxCol, cell.col);
  }
  const result = [...models.values()].filter((model) => model.activeCells > 0);
  for (const model of result) model.typicalCount = typicalNeighbourhoodCount(model, NEIGHBOURHOOD_RADIUS_MILES);
  return result;
}

/** Radius in miles of the incident neighbourhood methodology 3 counts in. */
export const NEIGHBOURHOOD_RADIUS_MILES = 0.5;

function typicalNeighbourhoodCount(set: IncidentSetModel, radiusMiles: number): Float64Array {
  const weighted = new Float64Array(RATE_COUNT + 1);
  for (const [key, counts] of set.cells) {
    const row = Math.floor(key / 200_000) - 40_000;
    const col = (key % 200_000) - 80_000;
    const around = countAround(set, (row + 0.5) * INCIDENT_CELL_DEGREES, (col + 0.5) * INCIDENT_CELL_DEGREES, radiusMiles).observed;
    for (let index = 0; index <= RATE_COUNT; index++) weighted[index]! += counts[index]! * around[index]!;
  }
  const typical = new Float64Array(RATE_COUNT + 1);
  for (let index = 0; index <= RATE_COUNT; index++) typical[index] = set.totals[index]! > 0 ? weighted[index]! / set.totals[index]! : 0;
  return typical;
}

/** What a set says around a point: incidents within the radius, and the set's typical count within such a radius. */
export interface IncidentNeighbourhood {
  observed: Float64Array;
  /** The set's own typical counts (shared, not a copy). */
  expected: Readonly<Float64Array>;
  /** Grid cells (active or not) whose centre lies within the radius. */
  cellsInRadius: number;
  /** Active cells within the radius. */
  activeInRadius: number;
}

function countAround(set: IncidentSetModel, latitude: number, longitude: number, radiusMiles: number): { observed: Float64Array; cellsInRadius: number; activeInRadius: number } {
  const row = Math.floor(latitude / INCIDENT_CELL_DEGREES);
  const col = Math.floor(longitude / INCIDENT_CELL_DEGREES);
  const cosLat = Math.cos((latitude * Math.PI) / 180);
  const rowReach = Math.ceil(radiusMiles / (MILES_PER_DEGREE * INCIDENT_CELL_DEGREES));
  const colReach = Math.ceil(radiusMiles / (MILES_PER_DEGREE * INCIDENT_CELL_DEGREES * Math.max(cosLat, 0.2)));
  const observed = new Float64Array(RATE_COUNT + 1);
  let cellsInRadius = 0;
  let activeInRadius = 0;
  for (let r = row - rowReach; r <= row + rowReach; r++) {
    const dy = ((r + 0.5) * INCIDENT_CELL_DEGREES - latitude) * MILES_PER_DEGREE;
    for (let c = col - colReach; c <= col + colReach; c++) {
      const dx = ((c + 0.5) * INCIDENT_CELL_DEGREES - longitude) * MILES_PER_DEGREE * cosLat;
      if (dx * dx + dy * dy > radiusMiles * radiusMiles) continue;
      cellsInRadius++;
      const counts = set.cells.get(cellKey(r, c));
      if (!counts) continue;
      activeInRadius++;
      for (let index = 0; index <= RATE_COUNT; index++) observed[index]! += counts[index]!;
    }
  }
  return { observed, cellsInRadius, activeInRadius };
}

/**
 * Counts a set's incidents in the cells whose centre lies within `radiusMiles` of the point, with
 * the set's typical neighbourhood count as the expectation. Undefined when the point is outside the
 * set's grid extent or no incident lies within the radius.
 */
export function neighbourhood(set: IncidentSetModel, latitude: number, longitude: number, radiusMiles: number): IncidentNeighbourhood | undefined {
  const row = Math.floor(latitude / INCIDENT_CELL_DEGREES);
  const col = Math.floor(longitude / INCIDENT_CELL_DEGREES);
  if (row < set.minRow - 1 || row > set.maxRow + 1 || col < set.minCol - 1 || col > set.maxCol + 1) return undefined;
  const { observed, cellsInRadius, activeInRadius } = countAround(set, latitude, longitude, radiusMiles);
  if (activeInRadius === 0) return undefined;
  return { observed, expected: set.typicalCount, cellsInRadius, activeInRadius };
}
