import type { SettlementRecord } from '../pack/read-tables';
import { MILES_PER_DEGREE } from './agencies';

/**
 * The size of the place a point belongs to: the population of the nearest US populated place of at
 * least 1,000 people (GeoNames cities1000, settlements.tsv) within SETTLEMENT_REACH_MILES, else
 * SMALLEST_SETTLEMENT (no listed place near: a hamlet or open country). The bands of points no
 * reporting agency covers depend on it (the bands section of docs/methodology.md): the rate of a small place
 * strays further from everything around it than a large one's.
 */

/** How far a point looks for its place. */
export const SETTLEMENT_REACH_MILES = 5;
/** The population of a point with no listed place within reach (the list's threshold). */
export const SMALLEST_SETTLEMENT = 1_000;
/** Grid cells of a tenth of a degree (about 7 miles north–south). */
const CELL_DEGREES = 0.1;

const cellKey = (row: number, col: number) => (row + 2_000) * 10_000 + (col + 4_000);

/** A grid over the settlements for the nearest-place search. */
export class SettlementGrid {
  private readonly cells = new Map<number, SettlementRecord[]>();

  constructor(settlements: readonly SettlementRecord[]) {
    for (const settlement of settlements) {
      const key = cellKey(Math.floor(settlement.latitude / CELL_DEGREES), Math.floor(settlement.longitude / CELL_DEGREES));
      const list = this.cells.get(key) ?? [];
      list.push(settlement);
      this.cells.set(key, list);
    }
  }

  /** The population of the nearest settlement within SETTLEMENT_REACH_MILES (ties: the larger), else SMALLEST_SETTLEMENT. */
  populationAt(latitude: number, longitude: number): number {
    const cosLat = Math.cos((latitude * Math.PI) / 180);
    const reachLat = SETTLEMENT_REACH_MILES / MILES_PER_DEGREE;
    const reachLng = SETTLEMENT_REACH_MILES / (MILES_PER_DEGREE * Math.max(cosLat, 0.01));
    const reachSquared = SETTLEMENT_REACH_MILES * SETTLEMENT_REACH_MILES;
    let best = Number.POSITIVE_INFINITY;
    let population = SMALLEST_SETTLEMENT;
    for (let row = Math.floor((latitude - reachLat) / CELL_DEGREES); row <= Math.floor((latitude + reachLat) / CELL_DEGREES); row++) {
      for (let col = Math.floor((longitude - reachLng) / CELL_DEGREES); col <= Math.floor((longitude + reachLng) / CELL_DEGREES); col++) {
        const list = this.cells.get(cellKey(row, col));
        if (!list) continue;
        for (const settlement of list) {
          const dy = (settlement.latitude - latitude) * MILES_PER_DEGREE;
          const dx = (settlement.longitude - longitude) * MILES_PER_DEGREE * cosLat;
          const squared = dx * dx + dy * dy;
          if (squared > reachSquared || squared > best || (squared === best && settlement.population <= population)) continue;
          best = squared;
          population = settlement.population;
        }
      }
    }
    return population;
  }
}
