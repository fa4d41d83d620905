import { describe, expect, it } from 'vitest';
import { incidentDistanceMeters } from '@riskatlas/domain';
import { loadIncidentData } from './incident-data';
import { PointGrid } from './point-grid';

describe('incident pack loader', () => {
  it('finds exactly the points within a radius through the grid', () => {
    const points = Array.from({ length: 2000 }, (_, index) => ({ latitude: 51.5 + ((index * 37) % 200) / 2000, longitude: -0.1 + ((index * 53) % 300) / 2000 }));
    const grid = new PointGrid(points.length, (index) => points[index]!);
    const centre = { latitude: 51.55, longitude: -0.03 };
    const expected = points.flatMap((point, index) => (incidentDistanceMeters(centre.latitude, centre.longitude, point.latitude, point.longitude) <= 1500 ? [index] : []));
    expect(expected.length).toBeGreaterThan(10);
    expect(grid.near(centre.latitude, centre.longitude, 1500).map((found) => found.index)).toEqual(expected);
  });

  it('reads the committed pack: departments, their incidents and coverage, UK forces and months', () => {
    const data = loadIncidentData();
    expect(data.departments.map((department) => department.pd)).toEqual(['chicago-2025-05', 'sf-2017-07']);
    expect(data.departmentsAt(37.7754, -122.4034).map((department) => department.pd)).toEqual(['sf-2017-07']);
    expect(data.departmentsAt(38.52, -99.31)).toEqual([]);
    const near = data.incidentsNear(37.7754, -122.4034, 100);
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((found) => found.meters <= 100 && found.incident.pd === 'sf-2017-07')).toBe(true);
    expect(data.latestUkMonth).toBe('2020-12');
    expect(data.ukForcesAt(51.5155, -0.0922).map((force) => force.force)).toEqual(['city-of-london-2020']);
    expect(data.ukForcesAt(53.4808, -2.2426)).toEqual([]);
    const street = data.ukStreetNear(51.5155, -0.0922, 200);
    expect(street.length).toBeGreaterThan(0);
    expect(street.every((record) => /^2020-\d{2}$/.test(record.month) && record.lsoaCode.startsWith('E01'))).toBe(true);
  });
});
