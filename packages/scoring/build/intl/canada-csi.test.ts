import { loadGazetteer } from '@riskatlas/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import { buildCanadaPart, csiGeography, readCanadaCsi } from './canada-csi';
import type { ScoringBuildPart } from '../types';
import { CMA_RADIUS_MAX_KM, CMA_RADIUS_MIN_KM, cmaRadiusKm } from './canada-cma-extent';

const SGC = new Map([['ON', '35'], ['QC', '24']]);

describe('csiGeography', () => {
  it('keys the nation, provinces and CMAs as format.ts says', () => {
    expect(csiGeography('Canada', SGC)).toMatchObject({ areaKey: 'CA', level: 'N' });
    expect(csiGeography('Ontario [35]', SGC)).toMatchObject({ areaKey: 'CA-ON', level: 'S', provinceCode: 'ON' });
    expect(csiGeography('Québec, Quebec [24421]', SGC)).toMatchObject({ areaKey: 'CA-CMA-24421', level: 'C', name: 'Québec', provinceCode: 'QC' });
  });

  it('keeps the whole Ottawa–Gatineau CMA under Ontario and drops its two parts', () => {
    expect(csiGeography('Ottawa-Gatineau, Ontario/Quebec [24505/35505]', SGC)).toMatchObject({ areaKey: 'CA-CMA-35505', name: 'Ottawa-Gatineau', provinceCode: 'ON' });
    expect(csiGeography('Ottawa-Gatineau, Ontario part [35505]', SGC)).toBeUndefined();
    expect(csiGeography('Ottawa-Gatineau, Quebec part [24505]', SGC)).toBeUndefined();
  });
});

describe('cmaRadiusKm', () => {
  it('is the 90th-percentile distance + 5 km, clamped', () => {
    expect(cmaRadiusKm([])).toBe(CMA_RADIUS_MIN_KM);
    expect(cmaRadiusKm([1, 2])).toBe(CMA_RADIUS_MIN_KM);
    expect(cmaRadiusKm([1, 2, 3, 4, 5, 6, 7, 8, 9, 20])).toBe(14);
    expect(cmaRadiusKm([80])).toBe(CMA_RADIUS_MAX_KM);
  });
});

describeWithRawData('the real CSI table', () => {
  let table: ReturnType<typeof readCanadaCsi>;
  beforeAll(() => {
    table = readCanadaCsi(rawDataDir);
  }, 60_000);

  it('has Canada, 13 provinces and territories and 40 CMAs', () => {
    expect(table.geographies).toHaveLength(54);
    expect(table.geographies.filter((geography) => geography.level === 'C')).toHaveLength(40);
  });

  it('matches StatCan: Canada 2019 CSI 79.72, Toronto 2024 59.35, Canada 2024 violent 99.87', () => {
    expect(table.values.get('CA')!.get(2019)!.overall).toBe(79.72);
    expect(table.values.get('CA-CMA-35535')!.get(2024)!.overall).toBe(59.35);
    expect(table.values.get('CA')!.get(2024)).toEqual({ overall: 77.89, violent: 99.87, nonViolent: 69.76 });
  });

  it('treats the ".." years as no value', () => {
    expect(table.values.get('CA-CMA-13320')!.get(2019)).toEqual({});
  });
});

describeWithRawData('buildCanadaPart', () => {
  let part: ScoringBuildPart;
  beforeAll(() => {
    part = buildCanadaPart({ sharedDir: rawDataDir, gazetteer: loadGazetteer(), log: () => {} });
  }, 60_000);
  const area = (key: string) => part.areas.find((row) => row[0] === key)!;
  const rate = (key: string, year: number) => part.areaRates.find((row) => row[0] === key && row[1] === year)!;

  it('writes the CSI as the rate: violent in the persons offences, non-violent in the property ones', () => {
    expect(rate('CA', 2019)).toEqual(['CA', 2019, '90.240', '90.240', '90.240', '90.240', '75.750', '75.750', '75.750', '90.240', '75.750', '79.720', 'iiiiiiirrr']);
    expect(rate('CA-CMA-35535', 2024)![11]).toBe('59.350');
  });

  it('gives every CMA a centre in its province and a radius of 10–45 km', () => {
    const cmas = part.areas.filter((row) => row[2] === 'C');
    expect(cmas).toHaveLength(40);
    const provinces = new Set(part.areas.filter((row) => row[2] === 'S').map((row) => row[0]));
    for (const cma of cmas) {
      expect(provinces.has(cma[4] as string)).toBe(true);
      expect(Number(cma[7])).toBeGreaterThanOrEqual(CMA_RADIUS_MIN_KM);
      expect(Number(cma[7])).toBeLessThanOrEqual(CMA_RADIUS_MAX_KM);
    }
    // Toronto's centre is in Toronto; its metro reaches Mississauga and Markham (~25 km), Guelph's stays small.
    expect(Math.abs(Number(area('CA-CMA-35535')[5]) / 1e5 - 43.7)).toBeLessThan(0.1);
    expect(Number(area('CA-CMA-35535')[7])).toBeGreaterThan(25);
    expect(Number(area('CA-CMA-35550')[7])).toBeLessThan(Number(area('CA-CMA-35535')[7]));
    expect(area('CA-CMA-35505')[4]).toBe('CA-ON');
  });

  it('writes no row for years without any index', () => {
    expect(rate('CA-CMA-13320', 2019)).toBeUndefined();
    expect(rate('CA-CMA-13320', 2021)).toBeDefined();
  });
});
