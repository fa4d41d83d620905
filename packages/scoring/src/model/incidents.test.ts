import { describe, expect, it } from 'vitest';
import { INCIDENT_CELL_DEGREES } from '../pack/format';
import { ALL_INCIDENTS, NEIGHBOURHOOD_RADIUS_MILES, buildIncidentSets, neighbourhood } from './incidents';
import { incidentCellRecord, incidentSetRecord } from './testing-fixtures';
import { PERSONS, PROPERTY, TOTAL } from './years';

/** Grid position near 40° N, 89° W; a cell is about 0.17 miles tall and 0.13 wide there. */
const ROW = 16_000;
const COL = -35_600;
const centre = (row: number, col: number) => ({ latitude: (row + 0.5) * INCIDENT_CELL_DEGREES, longitude: (col + 0.5) * INCIDENT_CELL_DEGREES });

describe('incident sets', () => {
  it('adds up cells into totals per rate key plus every incident, and tracks the grid extent', () => {
    const [set] = buildIncidentSets(
      [incidentSetRecord('town-2020', 1, 'US-IL-town')],
      [incidentCellRecord('town-2020', ROW, COL, [1, 0, 2, 3, 4, 5, 6], 7), incidentCellRecord('town-2020', ROW + 2, COL - 3, 1, 0)],
    );
    expect(set!.activeCells).toBe(2);
    expect(set!.totals[0]).toBe(2);
    expect(set!.totals[PERSONS]).toBe(6 + 4);
    expect(set!.totals[PROPERTY]).toBe(15 + 3);
    expect(set!.totals[TOTAL]).toBe(28);
    // Every incident: the seven offences and the others.
    expect(set!.totals[ALL_INCIDENTS]).toBe(21 + 7 + 7);
    expect([set!.minRow, set!.maxRow, set!.minCol, set!.maxCol]).toEqual([ROW, ROW + 2, COL - 3, COL]);
  });

  it('drops sets without cells and cells of unknown sets', () => {
    const sets = buildIncidentSets(
      [incidentSetRecord('empty', 1, 'US-IL-a'), incidentSetRecord('full', 1, 'US-IL-b')],
      [incidentCellRecord('full', ROW, COL, 1), incidentCellRecord('stray', ROW, COL, 1)],
    );
    expect(sets.map((set) => set.key)).toEqual(['full']);
    expect(sets[0]!.totals[ALL_INCIDENTS]).toBe(7);
  });

  it('takes the typical neighbourhood count as seen from the average incident, not the average cell', () => {
    // Two clusters far apart: a single cell of 10 incidents and a single cell of 2.
    const [set] = buildIncidentSets(
      [incidentSetRecord('s', 1, 'US-IL-town')],
      [incidentCellRecord('s', ROW, COL, [10, 0, 0, 0, 0, 0, 0]), incidentCellRecord('s', ROW + 100, COL, [2, 0, 0, 0, 0, 0, 0])],
    );
    // Ten incidents see ten around them, two see two: (10·10 + 2·2) / 12, well above the per-cell mean of 6.
    expect(set!.typicalCount[0]).toBeCloseTo(104 / 12, 12);
    expect(set!.typicalCount[1]).toBe(0);
  });
});

describe('incident neighbourhoods', () => {
  const [SET] = buildIncidentSets(
    [incidentSetRecord('s', 1, 'US-IL-town')],
    [
      incidentCellRecord('s', ROW, COL, 1, 2),
      incidentCellRecord('s', ROW + 1, COL, 1, 0),
      incidentCellRecord('s', ROW, COL + 1, 1, 0),
      // About 1.7 miles north: outside half a mile of the others.
      incidentCellRecord('s', ROW + 10, COL, 5, 0),
    ],
  );

  it('counts the incidents of cells whose centre lies within the radius, against the set\'s typical count', () => {
    const point = centre(ROW, COL);
    const around = neighbourhood(SET!, point.latitude, point.longitude, NEIGHBOURHOOD_RADIUS_MILES)!;
    expect(around.observed[0]).toBe(3);
    expect(around.observed[ALL_INCIDENTS]).toBe(3 * 7 + 2);
    expect(around.activeInRadius).toBe(3);
    expect(around.cellsInRadius).toBeGreaterThan(around.activeInRadius);
    expect(around.expected).toBe(SET!.typicalCount);
    const wider = neighbourhood(SET!, point.latitude, point.longitude, 2)!;
    expect(wider.observed[0]).toBe(8);
  });

  it('says nothing outside the set\'s extent or where no incident lies within the radius', () => {
    const outside = centre(ROW - 20, COL);
    expect(neighbourhood(SET!, outside.latitude, outside.longitude, NEIGHBOURHOOD_RADIUS_MILES)).toBeUndefined();
    // Inside the extent, between the clusters, with no incident within half a mile.
    const gap = centre(ROW + 5, COL);
    expect(neighbourhood(SET!, gap.latitude, gap.longitude, NEIGHBOURHOOD_RADIUS_MILES)).toBeUndefined();
  });
});
