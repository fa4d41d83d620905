import { loadGazetteer } from '@riskatlas/geo';
import { beforeAll, expect, it } from 'vitest';
import { AGENCIES_COLUMNS, AGENCY_YEARS_COLUMNS, AREA_RATES_COLUMNS, AREAS_COLUMNS, PREDICTORS_COLUMNS, tsvLine, type OffenceKey } from '../../src/pack/format';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import type { PackRow, ScoringBuildPart } from '../types';
import { buildUsPart } from './build-us';

describeWithRawData('buildUsPart (on the committed geo pack)', () => {
  let part: ScoringBuildPart;
  const log: string[] = [];
  beforeAll(() => {
    part = buildUsPart({ sharedDir: rawDataDir, gazetteer: loadGazetteer(), log: (line) => log.push(line) });
  }, 120_000);

  const byKey = (rows: readonly PackRow[] | undefined) => new Map((rows ?? []).map((row) => [`${row[0]}|${row[1]}`, row]));
  const column = (columns: readonly string[], name: string) => columns.indexOf(name);

  it('places more than 90 % of the Table 8 agencies', () => {
    const { agenciesMatched, agenciesUnmatched } = part.notes;
    expect(agenciesMatched! / (agenciesMatched! + agenciesUnmatched!)).toBeGreaterThan(0.9);
    expect(part.agencies).toHaveLength(agenciesMatched!);
    expect(part.agencyYears).toHaveLength(part.notes.agencyYears!);
  });

  it('places Chicago in Cook County with its 2014–2019 murders', () => {
    const chicago = part.agencies!.find((row) => row[0] === 'US-IL-chicago')!;
    expect(chicago.slice(0, 5)).toEqual(['US-IL-chicago', 1, 'Chicago', 'US-IL', 'US-17031']);
    expect(Number(chicago[5]) / 1e5).toBeCloseTo(41.85, 1);
    expect(Number(chicago[7])).toBeGreaterThan(5_000);
    const years = part.agencyYears!.filter((row) => row[0] === 'US-IL-chicago');
    const homicide = column(AGENCY_YEARS_COLUMNS, 'homicide' satisfies OffenceKey);
    expect(years.map((row) => [row[1], row[homicide]])).toEqual([[2014, 411], [2015, 478], [2016, 765], [2017, 653], [2018, 563], [2019, 492]]);
  });

  it('writes rows of the tables\' widths, unique keys, and agency years only of placed agencies', () => {
    const tables: Array<[readonly string[], readonly PackRow[]]> = [
      [AREAS_COLUMNS, part.areas],
      [AREA_RATES_COLUMNS, part.areaRates],
      [AGENCIES_COLUMNS, part.agencies!],
      [AGENCY_YEARS_COLUMNS, part.agencyYears!],
      [PREDICTORS_COLUMNS, part.predictors!],
    ];
    for (const [columns, rows] of tables) {
      for (const row of rows) expect(row.length, tsvLine(row)).toBe(columns.length);
    }
    expect(new Set(part.areas.map((row) => row[0])).size).toBe(part.areas.length);
    expect(byKey(part.areaRates).size).toBe(part.areaRates.length);
    expect(byKey(part.agencyYears).size).toBe(part.agencyYears!.length);
    const agencies = new Set(part.agencies!.map((row) => row[0]));
    expect(agencies.size).toBe(part.agencies!.length);
    expect(part.agencyYears!.every((row) => agencies.has(row[0] as string) && Number(row[2]) > 0)).toBe(true);
  });

  it('has the nation, 51 states and every county with 2012, 2015 or 2017 data as areas, counties named as the Census does', () => {
    const areas = new Map(part.areas.map((row) => [row[0], row]));
    expect(areas.get('US')!.slice(0, 5)).toEqual(['US', 1, 'N', 'United States', '']);
    expect(part.areas.filter((row) => row[2] === 'S')).toHaveLength(51);
    expect(areas.get('US-IL')!.slice(0, 5)).toEqual(['US-IL', 1, 'S', 'Illinois', 'US']);
    expect(areas.get('US-ND')![3]).toBe('North Dakota');
    expect(areas.get('US-17031')!.slice(0, 5)).toEqual(['US-17031', 1, 'C', 'Cook County', 'US-IL']);
    expect(part.areas.filter((row) => row[2] === 'C')).toHaveLength(3140);
    expect(part.areas.every((row) => row[5] === '' && row[6] === '' && row[7] === '')).toBe(true);
  });

  it('rates the nation and states every year 1979–2023, and counties in 2012, 2015 and 2017 with coverage', () => {
    const rates = byKey(part.areaRates);
    for (let year = 1979; year <= 2023; year++) expect(rates.has(`US|${year}`), String(year)).toBe(true);
    const homicide = column(AREA_RATES_COLUMNS, 'homicide');
    const total = column(AREA_RATES_COLUMNS, 'total');
    const il = rates.get('US-IL|2019')!;
    expect(Number(il[homicide])).toBeGreaterThan(6);
    expect(Number(il[homicide])).toBeLessThan(7);
    const us2019 = rates.get('US|2019')!;
    expect(Number(us2019[homicide])).toBeGreaterThan(4.5);
    expect(Number(us2019[homicide])).toBeLessThan(5.5);
    const cook = rates.get('US-17031|2012')!;
    expect(Number(cook[homicide])).toBeCloseTo((566 / 5_240_700) * 1e5, 3);
    expect(cook[cook.length - 1]).toBe('rrrrrrrrrr');
    expect(part.areaRates.filter((row) => row[1] === 2012 && String(row[0]).length === 8).some((row) => row[row.length - 1] === 'iiiiiiiiii')).toBe(true);
    // Every rate has three decimals, except the counties with no reporting agency at all (no data: '-').
    const noData = part.areaRates.filter((row) => row[row.length - 1] === '----------');
    expect(noData.length).toBe(85);
    expect(noData.every((row) => row[1] === 2012 && row[total] === '')).toBe(true);
    expect(part.areaRates.filter((row) => !noData.includes(row)).every((row) => row[total] === '' || /^\d+\.\d{3}$/.test(String(row[total])))).toBe(true);
  });

  it('takes Cook County 2015 and 2017 from the violent and property rates (property less arson, offences in the 2012 mix)', () => {
    const rates = byKey(part.areaRates);
    const persons = column(AREA_RATES_COLUMNS, 'persons');
    const property = column(AREA_RATES_COLUMNS, 'property');
    const homicide = column(AREA_RATES_COLUMNS, 'homicide');
    const cook2015 = rates.get('US-17031|2015')!;
    expect(Number(cook2015[persons])).toBeCloseTo(560.114, 2);
    // 2,423.9 with arson; the 2012 arson share takes about 0.5 % off.
    expect(Number(cook2015[property])).toBeLessThan(2423.9);
    expect(Number(cook2015[property])).toBeGreaterThan(2400);
    const cook2012 = rates.get('US-17031|2012')!;
    const share2012 = Number(cook2012[homicide]) / Number(cook2012[persons]);
    expect(Number(cook2015[homicide]) / Number(cook2015[persons])).toBeCloseTo(share2012, 3);
    expect(rates.get('US-17031|2017')![rates.get('US-17031|2017')!.length - 1]).toBe('rrrrrrrrrr');
    // The Alaska counties without data in either year get no row; zero rates count as not reported.
    expect(rates.has('US-02068|2015')).toBe(false);
    expect(part.inputs).toContain('ucr/county_2015_2017/crimerate_county_2015_2017.csv');
  });

  it('gives predictors for every US county and the 78 Puerto Rico municipios', () => {
    const predictors = part.predictors!;
    expect(predictors).toHaveLength(3220);
    expect(predictors.filter((row) => String(row[0]).startsWith('PR-72'))).toHaveLength(78);
    const cook = predictors.find((row) => row[0] === 'US-17031')!;
    expect(cook[column(PREDICTORS_COLUMNS, 'income')]).toBe('59426');
    expect(Number(cook[column(PREDICTORS_COLUMNS, 'density')])).toBeCloseTo(Number(cook[1]) / Number(cook[2]), 0);
  });

  it('lists its inputs relative to the shared data directory', () => {
    expect(part.inputs).toContain('ucr/state/estimated_crimes_1979_2023.csv');
    expect(part.inputs.filter((path) => path.startsWith('ucr/table8_city_by_year/'))).toHaveLength(6);
  });
});
