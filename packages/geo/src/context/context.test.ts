import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../spatial/distance';
import { loadContextData } from './load-context';

const context = loadContextData();
/** Willis Tower, Chicago (Cook County). */
const CHICAGO = { latitude: 41.8789, longitude: -87.6359 };

describe('report context data from the pack', () => {
  it('finds the points of a layer near a place, nearest first, within the radius and the limit', () => {
    const stations = context.nearby(4, CHICAGO.latitude, CHICAGO.longitude, 1609.34, 10);
    expect(stations.length).toBeGreaterThan(3);
    expect(stations.length).toBeLessThanOrEqual(10);
    for (const [i, station] of stations.entries()) {
      expect(station.meters).toBeLessThanOrEqual(1609.34);
      expect(station.meters).toBeCloseTo(haversineMeters(CHICAGO.latitude, CHICAGO.longitude, station.latitude, station.longitude), -1);
      if (i > 0) expect(station.meters).toBeGreaterThanOrEqual(stations[i - 1]!.meters);
    }
    expect(stations[0]!.name).toMatch(/Quincy|Clinton|LaSalle|Washington|Jackson/);
    const police = context.nearby(2, CHICAGO.latitude, CHICAGO.longitude, 5000, 5);
    expect(police[0]).toMatchObject({ name: 'District 1 — Central', address: '1718 S State St, Chicago, IL 60616' });
  });

  it('answers no points far from every source and for an unknown layer', () => {
    expect(context.nearby(2, 38.52, -99.31, 4828, 25)).toEqual([]);
    expect(context.nearby(99, CHICAGO.latitude, CHICAGO.longitude, 4828, 25)).toEqual([]);
  });

  it("reads a county's demographics by FIPS with names, units and a section tree", () => {
    const cook = context.demographicsOf('17031')!;
    expect(cook.Income).toBe(59426);
    expect(cook.TotalPop).toBe(5238541);
    expect(context.demographicsOf('72001')!.Homeownership).toBeNull();
    expect(context.demographicsOf('99999')).toBeUndefined();
    const sectionIds = new Set(context.sections.map((s) => s.id));
    for (const variable of context.variables) expect(sectionIds.has(variable.sectionId)).toBe(true);
    for (const section of context.sections) if (section.parentId !== null) expect(sectionIds.has(section.parentId)).toBe(true);
    expect(context.variables.find((v) => v.dataName === 'Under5')).toMatchObject({ displayName: 'Persons under 5 years (2014)', unit: '%', visible: true });
    expect(context.variables.find((v) => v.dataName === 'IncomeErr')!.visible).toBe(false);
  });
});
