import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import { FORCE_LOCAL_AUTHORITIES, COUNTY_FORCES, forceOfLocalAuthority } from './uk-force-map';
import { forceAreaKey, readLocalAuthorities } from './uk-local-authorities';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('forceOfLocalAuthority', () => {
  it('puts the London boroughs under the Met, except the City of London', () => {
    expect(forceOfLocalAuthority('E09000001', 'City of London')).toBe('City of London');
    expect(forceOfLocalAuthority('E09000033', 'Westminster')).toBe('Metropolitan Police');
  });

  it('follows the force boundaries inside counties', () => {
    expect(forceOfLocalAuthority('E06000001', 'Hartlepool')).toBe('Cleveland');
    expect(forceOfLocalAuthority('E06000005', 'Darlington')).toBe('Durham');
    expect(forceOfLocalAuthority('E06000012', 'North East Lincolnshire')).toBe('Humberside');
    expect(forceOfLocalAuthority('E06000025', 'South Gloucestershire')).toBe('Avon and Somerset');
    expect(forceOfLocalAuthority('E06000042', 'Milton Keynes')).toBe('Thames Valley');
    expect(forceOfLocalAuthority('W06000023', 'Powys')).toBe('Dyfed-Powys');
    expect(forceOfLocalAuthority('E07000999', 'Nowhere')).toBeUndefined();
  });

  it('slugs force keys as format.ts does', () => {
    expect(forceAreaKey('Devon and Cornwall')).toBe('GB-PFA-devon-and-cornwall');
    expect(forceAreaKey('Dyfed-Powys')).toBe('GB-PFA-dyfed-powys');
  });

  it('lists the 43 territorial forces', () => {
    expect(Object.keys(FORCE_LOCAL_AUTHORITIES)).toHaveLength(43);
  });
});

describeWithRawData('the real local authorities', () => {
  let authorities: ReturnType<typeof readLocalAuthorities>;
  beforeAll(() => {
    authorities = readLocalAuthorities(rawDataDir);
  }, 60_000);
  const forcePopulation = (force: string) => authorities.filter((authority) => authority.force === force).reduce((sum, authority) => sum + authority.population, 0);

  it('maps all 339 English and Welsh authorities, 59.4 M people', () => {
    expect(authorities).toHaveLength(339);
    expect(authorities.reduce((sum, authority) => sum + authority.population, 0)).toBe(59_439_840);
  });

  it('gives every one of the 43 forces a population; the Met has about 8.9 M', () => {
    for (const force of Object.keys(FORCE_LOCAL_AUTHORITIES)) expect(forcePopulation(force), force).toBeGreaterThan(0);
    expect(forcePopulation('Metropolitan Police')).toBeGreaterThan(8.85e6);
    expect(forcePopulation('Metropolitan Police')).toBeLessThan(9.0e6);
    expect(forcePopulation('City of London')).toBe(9_721);
    expect(forcePopulation('Essex')).toBeGreaterThan(1.8e6);
  });

  it('has a force for every English and Welsh county GB.txt names', () => {
    const counties = new Set<string>();
    for (const line of readFileSync(join(rawDataDir, 'postal/geonames_postal/GB.txt'), 'utf8').split('\n')) {
      const fields = line.split('\t');
      if ((fields[4] === 'ENG' || fields[4] === 'WLS') && fields[5]) counties.add(fields[5]);
    }
    // Border outcodes list a Scottish council or Guernsey: not English or Welsh forces.
    const foreign = new Set(['Scottish Borders', 'Dumfries and Galloway', 'Guernsey Channel Islands']);
    expect([...counties].filter((county) => !foreign.has(county) && !COUNTY_FORCES[county])).toEqual([]);
  });
});
