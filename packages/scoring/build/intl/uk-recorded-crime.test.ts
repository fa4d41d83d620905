import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import type { PackRow } from '../types';
import { buildUkRates, offenceCounts, readForceCounts, windowForYear } from './uk-recorded-crime';
import { readLocalAuthorities } from './uk-local-authorities';

const month = (year: number, monthNumber: number) => year * 12 + monthNumber - 1;

describe('windowForYear', () => {
  const windows = [month(2003, 3), month(2004, 3), month(2007, 3), month(2007, 6), month(2007, 9), month(2007, 12)];

  it('takes December when there is one', () => {
    expect(windowForYear(windows, 2007)).toEqual({ month: month(2007, 12), december: true });
  });

  it('else the nearest window: the year ending the following March', () => {
    expect(windowForYear(windows, 2003)).toEqual({ month: month(2004, 3), december: false });
  });
});

describe('offenceCounts', () => {
  it('sums both burglary classifications without requiring the new one', () => {
    const before = offenceCounts(new Map([['Domestic burglary', 10], ['Non-domestic burglary', 5]]));
    expect(before.burglary).toBe(15);
    const during = offenceCounts(new Map([['Domestic burglary', 4], ['Non-domestic burglary', 2], ['Residential burglary', 6], ['Non-residential burglary', 3]]));
    expect(during.burglary).toBe(15);
    expect(during.homicide).toBeUndefined();
  });
});

describeWithRawData('the real force data', () => {
  let regions: ReturnType<typeof readForceCounts>['regions'];
  let counts: ReturnType<typeof readForceCounts>['counts'];
  let authorities: ReturnType<typeof readLocalAuthorities>;
  let areas: PackRow[];
  let areaRates: PackRow[];
  beforeAll(() => {
    ({ regions, counts } = readForceCounts(rawDataDir));
    authorities = readLocalAuthorities(rawDataDir);
    ({ areas, areaRates } = buildUkRates(rawDataDir, authorities, () => {}));
  }, 60_000);
  const rate = (key: string, year: number) => areaRates.find((row) => row[0] === key && row[1] === year)!;

  it('keeps the 43 territorial forces only', () => {
    expect(regions.size).toBe(43);
    expect(regions.has('British Transport Police')).toBe(false);
    expect(regions.has('Action Fraud')).toBe(false);
  });

  it('reads the Met homicides: 157 to March 2018 (SOURCES.md), 129 in the December 2017 window', () => {
    const met = counts.get('Metropolitan Police')!;
    expect(met.get(month(2018, 3))!.get('Homicide')).toBe(157);
    expect(offenceCounts(met.get(month(2017, 12))!).homicide).toBe(129);
  });

  it('writes the Met 2017 homicide rate from the December window over the 2019 population', () => {
    const population = authorities.filter((authority) => authority.force === 'Metropolitan Police').reduce((sum, authority) => sum + authority.population, 0);
    expect(rate('GB-PFA-metropolitan-police', 2017)![2]).toBe(((129 / population) * 100_000).toFixed(3));
  });

  it('has England and Wales, 10 regions and 43 forces for 2003–2018', () => {
    expect(areas).toHaveLength(54);
    expect(areas.filter((row) => row[2] === 'S').map((row) => row[0])).toContain('GB-R-wales');
    expect(areaRates).toHaveLength(54 * 16);
  });

  it('marks 2003–2006 (no December window) imputed, later years by definition', () => {
    expect(rate('GB', 2005)![12]).toBe('iiiiiiiiii');
    // Proxy definitions (sexual offences, vehicle offences) are imputed offences inside reported totals.
    expect(rate('GB', 2010)![12]).toBe('rirrrrirrr');
  });

  it('runs burglary on smoothly through the 2017 reclassification (no double count)', () => {
    const burglary = (year: number) => Number(rate('GB', year)![6]);
    expect(burglary(2017) / burglary(2016)).toBeGreaterThan(0.9);
    expect(burglary(2017) / burglary(2016)).toBeLessThan(1.15);
    expect(burglary(2018) / burglary(2017)).toBeGreaterThan(0.9);
    expect(burglary(2018) / burglary(2017)).toBeLessThan(1.15);
  });

  it('adds the forces up to their region and to England and Wales', () => {
    const count = (key: string) => (Number(rate(key, 2012)![5]) * Number(areas.find((row) => row[0] === key)![8])) / 100_000;
    expect(count('GB-R-london')).toBeCloseTo(count('GB-PFA-metropolitan-police') + count('GB-PFA-city-of-london'), 0);
    const forces = areas.filter((row) => row[2] === 'C').map((row) => count(row[0] as string));
    expect(count('GB')).toBeCloseTo(forces.reduce((sum, value) => sum + value, 0), -1);
  });
});
