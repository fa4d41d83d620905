import { describe, expect, it } from 'vitest';
import { COUNTRY_IDS, countryCodeOf, countryIdOfCode, countryEntity, countryNameOf, initialMapView, isCountryId, parseCountryCode, usesMetric } from './countries';
import { ZCountry } from './schemas/countries';

describe('parseCountryCode', () => {
  it('reads ISO-3 and ISO-2 codes of every covered country, any case', () => {
    expect(['USA', 'CAN', 'GBR', 'MEX', 'PRI'].map(parseCountryCode)).toEqual([1, 2, 3, 5, 6]);
    expect(['US', 'CA', 'GB', 'MX', 'PR'].map(parseCountryCode)).toEqual([1, 2, 3, 5, 6]);
    expect(['usa', ' gb ', 'Pr', 'mEx'].map(parseCountryCode)).toEqual([1, 3, 6, 5]);
  });

  it('reads the names and spellings customer files use', () => {
    expect(parseCountryCode('United States')).toBe(1);
    expect(parseCountryCode('U.S.A.')).toBe(1);
    expect(parseCountryCode('México')).toBe(5);
    expect(parseCountryCode('united  kingdom')).toBe(3);
    expect(parseCountryCode('UK')).toBe(3);
    expect(parseCountryCode('Puerto Rico')).toBe(6);
    expect(parseCountryCode('484')).toBe(5);
    expect(parseCountryCode('Estados Unidos Mexicanos')).toBe(5);
  });

  it('refuses uncovered, blank and garbage codes', () => {
    for (const input of ['FRA', 'FR', 'DE', 'XYZ', '', '   ', '1', 'U', 'USAA', null, undefined]) {
      expect(parseCountryCode(input)).toBeUndefined();
    }
  });
});

describe('countries', () => {
  it('knows the five covered ids and their codes', () => {
    expect(COUNTRY_IDS).toEqual([1, 2, 3, 5, 6]);
    expect(COUNTRY_IDS.map(countryCodeOf)).toEqual(['USA', 'CAN', 'GBR', 'MEX', 'PRI']);
    expect(countryNameOf(2)).toBe('Canada');
    expect(isCountryId(4)).toBe(false);
    expect(isCountryId(6)).toBe(true);
    expect(isCountryId('1')).toBe(false);
  });

  it('shows metric units only for country 2', () => {
    expect(COUNTRY_IDS.filter(usesMetric)).toEqual([2]);
  });

  it('builds the Country entity for every country, valid against the contract', () => {
    for (const id of COUNTRY_IDS) {
      const country = countryEntity(id);
      expect(ZCountry.parse(country)).toEqual(country);
      const [west, south, east, north] = country.boundingBox;
      expect(west).toBeLessThan(east);
      expect(south).toBeLessThan(north);
      expect(country.countryReleases.firstRelease).toBeLessThan(country.countryReleases.lastRelease);
      expect(country.currentRelease).toBe(country.countryReleases.lastRelease);
    }
    expect(countryEntity(1).countryReleases.scoreRange.scoreBreak5).toBe('800-2000');
    expect(countryEntity(3).countryReleases.scoreRange.scoreBreak5).toBe('400-1000');
  });

  it('centres the initial view inside the country, nudged by centerAdjust', () => {
    const canada = initialMapView(2);
    expect(canada.latitude).toBeGreaterThan(45);
    expect(canada.latitude).toBeLessThan(55);
    const uk = initialMapView(3);
    expect(uk).toMatchObject({ zoom: 5 });
    expect(uk.latitude).toBeCloseTo(53.76, 1);
    const pr = initialMapView(6);
    expect(pr.longitude).toBeGreaterThan(-66.6);
    expect(pr.longitude).toBeLessThan(-66.3);
  });
});

describe('countryIdOfCode', () => {
  it("reads a site's stored code, any case, and answers undefined for a code not covered", () => {
    expect(countryIdOfCode('USA')).toBe(1);
    expect(countryIdOfCode('gbr')).toBe(parseCountryCode('GBR'));
    expect(countryIdOfCode('FRA')).toBeUndefined();
    // Asked again, the remembered answer is the same.
    expect(countryIdOfCode('FRA')).toBeUndefined();
    expect(countryIdOfCode('USA')).toBe(1);
  });
});
