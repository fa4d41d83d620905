import { incidentDistanceMeters } from '@riskatlas/domain';

/** Grid cell size in degrees: about 1.1 km north–south, so a radius query visits few cells. */
const CELL_DEGREES = 0.01;
const METERS_PER_DEGREE_LAT = 111_320;

/**
 * A grid index over points for radius queries: each point is filed under its 0.01° cell, and a
 * query visits the cells the circle's bounding box touches, measuring each candidate exactly.
 */
export class PointGrid {
  private readonly cells = new Map<string, number[]>();

  /** Indexes `count` points whose coordinates (degrees) `at(index)` gives. */
  constructor(
    count: number,
    private readonly at: (index: number) => { latitude: number; longitude: number },
  ) {
    for (let index = 0; index < count; index++) {
      const { latitude, longitude } = at(index);
      const key = `${Math.floor(latitude / CELL_DEGREES)}|${Math.floor(longitude / CELL_DEGREES)}`;
      const cell = this.cells.get(key);
      if (cell) cell.push(index);
      else this.cells.set(key, [index]);
    }
  }

  /** The points within `meters` of a centre, with their distance in metres, in index order. */
  near(latitude: number, longitude: number, meters: number): Array<{ index: number; meters: number }> {
    const latSpan = meters / METERS_PER_DEGREE_LAT;
    const lngSpan = meters / (METERS_PER_DEGREE_LAT * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01));
    const found: Array<{ index: number; meters: number }> = [];
    for (let row = Math.floor((latitude - latSpan) / CELL_DEGREES); row <= Math.floor((latitude + latSpan) / CELL_DEGREES); row++) {
      for (let col = Math.floor((longitude - lngSpan) / CELL_DEGREES); col <= Math.floor((longitude + lngSpan) / CELL_DEGREES); col++) {
        for (const index of this.cells.get(`${row}|${col}`) ?? []) {
          const point = this.at(index);
          const distance = incidentDistanceMeters(latitude, longitude, point.latitude, point.longitude);
          if (distance <= meters) found.push({ index, meters: distance });
        }
      }
    }
    return found.sort((a, b) => a.index - b.index);
  }
}
