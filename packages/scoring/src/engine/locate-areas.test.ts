import { describe, expect, it } from 'vitest';
import type { ScoringLocation } from '@riskatlas/domain';
import { buildScoringModel } from '../model/build-model';
import { areaRecord, scoringTables } from '../model/testing-fixtures';
import { locateAreas, type LocationAreas } from './locate-areas';

/** Areas of every country (no rates: locating needs none), with overlapping Ontario CMAs. */
const MODEL = buildScoringModel(
  scoringTables({
    areas: [
      areaRecord('US', 1, 'N'),
      areaRecord('US-IL', 1, 'S', 'US'),
      areaRecord('US-17031', 1, 'C', 'US-IL'),
      areaRecord('PR', 6, 'N'),
      areaRecord('PR-72127', 6, 'C', 'PR'),
      areaRecord('CA', 2, 'N'),
      areaRecord('CA-ON', 2, 'S', 'CA'),
      areaRecord('CA-QC', 2, 'S', 'CA'),
      areaRecord('CA-CMA-wide', 2, 'C', 'CA-ON', { latitude: 43.65, longitude: -79.38, radiusKm: 80 }),
      areaRecord('CA-CMA-snug', 2, 'C', 'CA-ON', { latitude: 43.25, longitude: -79.85, radiusKm: 30 }),
      areaRecord('CA-CMA-quebec', 2, 'C', 'CA-QC', { latitude: 45.3, longitude: -76.5, radiusKm: 200 }),
      areaRecord('MX', 5, 'N'),
      areaRecord('MX-09', 5, 'S', 'MX'),
      areaRecord('GB', 3, 'N'),
      areaRecord('GB-R-east', 3, 'S', 'GB'),
      areaRecord('GB-PFA-essex', 3, 'C', 'GB-R-east'),
    ],
    localAuthorities: [{ laCode: 'E07000070', name: 'Chelmsford', pfaKey: 'GB-PFA-essex', population: 180_000 }],
    outcodes: [{ outcode: 'CM1', pfaKey: 'GB-PFA-essex' }],
  }),
);

/** The keys of the located areas, for compact comparison. */
function keysAt(location: ScoringLocation): Record<Exclude<keyof LocationAreas, 'covered'>, string | undefined> | undefined {
  const areas = locateAreas(MODEL, location);
  if (!areas) return undefined;
  return { national: areas.national.key, state: areas.state?.key, county: areas.county?.key, base: areas.base.key };
}

describe('locating the comparison areas', () => {
  it('USA: state and county from the location\'s codes; the state is what the methodologies refine', () => {
    expect(keysAt({ latitude: 41.9, longitude: -87.6, countryId: 1, admin1Code: 'IL', countyCode: '17031' })).toEqual({ national: 'US', state: 'US-IL', county: 'US-17031', base: 'US-IL' });
    expect(keysAt({ latitude: 41.9, longitude: -87.6, countryId: 1, admin1Code: 'IL', countyCode: '99999' })).toEqual({ national: 'US', state: 'US-IL', county: undefined, base: 'US-IL' });
    expect(keysAt({ latitude: 41.9, longitude: -87.6, countryId: 1 })).toEqual({ national: 'US', state: undefined, county: undefined, base: 'US' });
  });

  it('Puerto Rico: no state level; the municipio when known, else the island', () => {
    expect(keysAt({ latitude: 18.46, longitude: -66.1, countryId: 6, admin1Code: 'PR', countyCode: '72127' })).toEqual({ national: 'PR', state: undefined, county: 'PR-72127', base: 'PR-72127' });
    expect(keysAt({ latitude: 18.2, longitude: -66.5, countryId: 6, admin1Code: 'PR' })).toEqual({ national: 'PR', state: undefined, county: undefined, base: 'PR' });
  });

  it('Canada: the metropolitan area of the province whose radius holds the point, the tightest fit first', () => {
    // Downtown Toronto lies only in the wide CMA.
    expect(keysAt({ latitude: 43.65, longitude: -79.4, countryId: 2, admin1Code: 'ON' })).toEqual({ national: 'CA', state: 'CA-ON', county: 'CA-CMA-wide', base: 'CA-CMA-wide' });
    // Near the snug CMA's centre, both hold the point; it is a smaller share of the snug one's radius.
    expect(keysAt({ latitude: 43.26, longitude: -79.86, countryId: 2, admin1Code: 'ON' })!.county).toBe('CA-CMA-snug');
    // Far from every Ontario CMA: the province itself.
    expect(keysAt({ latitude: 48.4, longitude: -89.2, countryId: 2, admin1Code: 'ON' })).toEqual({ national: 'CA', state: 'CA-ON', county: undefined, base: 'CA-ON' });
  });

  it('Canada: a metropolitan area of another province is passed over, unless the province is unknown', () => {
    // Inside the Quebec CMA's radius, but placed in Ontario.
    const nearBorder: ScoringLocation = { latitude: 45.3, longitude: -76.6, countryId: 2, admin1Code: 'ON' };
    expect(keysAt(nearBorder)!.county).toBeUndefined();
    expect(keysAt({ ...nearBorder, admin1Code: 'QC' })!.county).toBe('CA-CMA-quebec');
    expect(keysAt({ ...nearBorder, admin1Code: undefined })).toEqual({ national: 'CA', state: undefined, county: 'CA-CMA-quebec', base: 'CA-CMA-quebec' });
  });

  it('Mexico: the state only (the pack has no municipalities)', () => {
    expect(keysAt({ latitude: 19.43, longitude: -99.13, countryId: 5, admin1Code: '09', countyCode: '015' })).toEqual({ national: 'MX', state: 'MX-09', county: undefined, base: 'MX-09' });
  });

  it('UK: the police force area by local authority, else by postcode district, with its region as the state level', () => {
    const essex = { national: 'GB', state: 'GB-R-east', county: 'GB-PFA-essex', base: 'GB-PFA-essex' };
    expect(keysAt({ latitude: 51.73, longitude: 0.47, countryId: 3, admin1Code: 'ENG', countyCode: 'E07000070' })).toEqual(essex);
    expect(keysAt({ latitude: 51.73, longitude: 0.47, countryId: 3, admin1Code: 'ENG', postalCode: 'CM1' })).toEqual(essex);
    // Scotland: neither its council nor its postcode district has a force area in the pack.
    expect(keysAt({ latitude: 55.95, longitude: -3.19, countryId: 3, admin1Code: 'SCT', countyCode: 'S12000036', postalCode: 'EH1' })).toEqual({ national: 'GB', state: undefined, county: undefined, base: 'GB' });
  });

  it('UK: a point without a force area (Scotland, Northern Ireland) is not covered by the source; one with a force is', () => {
    expect(locateAreas(MODEL, { latitude: 55.95, longitude: -3.19, countryId: 3, admin1Code: 'SCT', postalCode: 'EH1' })!.covered).toBe(false);
    // Even an outward code that happened to resolve does not bring Northern Ireland into the source.
    expect(locateAreas(MODEL, { latitude: 51.73, longitude: 0.47, countryId: 3, admin1Code: 'NIR', countyCode: 'E07000070' })!.covered).toBe(false);
    expect(locateAreas(MODEL, { latitude: 51.73, longitude: 0.47, countryId: 3, admin1Code: 'ENG', countyCode: 'E07000070' })!.covered).toBe(true);
    expect(locateAreas(MODEL, { latitude: 19.43, longitude: -99.13, countryId: 5, admin1Code: '09' })!.covered).toBe(true);
  });

  it('gives nothing for a country without national data', () => {
    expect(locateAreas(MODEL, { latitude: 0, longitude: 0, countryId: 4 as never })).toBeUndefined();
    const usOnly = buildScoringModel(scoringTables({ areas: [areaRecord('US', 1, 'N')] }));
    expect(locateAreas(usOnly, { latitude: 51.73, longitude: 0.47, countryId: 3, postalCode: 'CM1' })).toBeUndefined();
  });
});
