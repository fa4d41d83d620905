import { describe, expect, it } from 'vitest';
import { daysCovered, gridIncidentSet, incidentCell, type IncidentSetInfo } from './incident-grid';

const INFO: IncidentSetInfo = { setKey: 'test', countryId: 1, name: 'Test', refKey: 'US-IL-chicago', source: 'unit test' };

describe('incidentCell', () => {
  it('floors latitude and longitude by 0.0025 degree', () => {
    expect(incidentCell(41.8781, -87.6298)).toEqual({ row: 16751, col: -35052 });
  });
});

describe('daysCovered', () => {
  it('counts both ends', () => {
    expect(daysCovered('2025-05-22', '2025-05-24')).toBe(3);
    expect(daysCovered('2020-01-01', '2020-12-31')).toBe(366);
  });
});

describe('gridIncidentSet', () => {
  const gridded = gridIncidentSet(INFO, [
    { offence: 'robbery', latitude: 41.8781, longitude: -87.6298, firstDay: '2025-05-23', lastDay: '2025-05-23' },
    { offence: 'other', latitude: 41.8782, longitude: -87.6297, firstDay: '2025-05-22', lastDay: '2025-05-22' },
    { offence: 'larceny', latitude: 41.9, longitude: -87.6, firstDay: '2025-05-24', lastDay: '2025-05-24' },
    { offence: 'larceny', firstDay: '2025-05-25', lastDay: '2025-05-25' },
    { offence: 'larceny', latitude: 0, longitude: 0, firstDay: '2025-05-24', lastDay: '2025-05-24' },
  ]);

  it('counts offences and other per cell, skipping rows without coordinates', () => {
    expect(gridded.cellRows).toEqual([
      ['test', 16751, -35052, 0, 0, 1, 0, 0, 0, 0, 1],
      ['test', 16760, -35040, 0, 0, 0, 0, 0, 1, 0, 0],
    ]);
    expect(gridded.withoutCoordinates).toBe(2);
  });

  it('writes the set row with the period of every record', () => {
    expect(gridded.setRow).toEqual(['test', 1, 'Test', 'US-IL-chicago', '2025-05-22', '2025-05-25', 4, 2, 1, 'unit test']);
  });
});
