import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import { COUNTY_CRIME_FILE, parseCountyCrime } from './county-crime';

describeWithRawData('county crime 2012', () => {
  let counties: ReturnType<typeof parseCountyCrime>;
  beforeAll(() => {
    counties = parseCountyCrime(readFileSync(join(rawDataDir, COUNTY_CRIME_FILE), 'utf8'));
  }, 60_000);
  const get = (fips: string) => counties.find((county) => county.fips === fips);

  it('zero-pads FIPS and gives the published Cook County, Philadelphia and Orleans murders', () => {
    expect(get('17031')!.counts.homicide).toBe(566);
    expect(get('42101')!.counts.homicide).toBe(332);
    expect(get('22071')!.counts.homicide).toBe(193);
    expect(get('01001')).toBeDefined();
  });

  it('moves renamed counties to their current FIPS and merges Bedford city into Bedford County', () => {
    expect(counties).toHaveLength(3135);
    expect(get('46113')).toBeUndefined();
    expect(get('46102')!.sourceName).toBe('Shannon, SD');
    expect(get('02158')).toBeDefined();
    expect(get('51515')).toBeUndefined();
    expect(get('51019')!.sourceName).toMatch(/\+/);
  });

  it('keeps coverage as a percentage, population from the population column', () => {
    const cook = get('17031')!;
    expect(cook.coverage).toBeCloseTo(99.8313, 4);
    expect(cook.population).toBe(5_240_700);
    expect(counties.every((county) => county.coverage >= 0 && county.coverage <= 100 && county.population > 0)).toBe(true);
  });
});
