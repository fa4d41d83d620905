import { loadGazetteer } from '@riskatlas/geo';
import { describe, expect, it } from 'vitest';
import { readGeoCounties } from './geo-counties';
import { placeAgency, type PlacementContext } from './place-agency';

describe('placeAgency (on the committed geo pack)', () => {
  const gazetteer = loadGazetteer();
  const counties = readGeoCounties();
  const context: PlacementContext = {
    gazetteer,
    countyPopulationAt: (latitude, longitude) => {
      const county = gazetteer.countyAt(latitude, longitude);
      return county ? counties.get(county.id)?.population : undefined;
    },
  };
  const countyOf = (state: string, name: string, population: number) => {
    const placement = placeAgency(context, state, name, population);
    return placement && gazetteer.countyAt(placement.latitude, placement.longitude)?.id;
  };

  it('places big cities in their county', () => {
    expect(countyOf('IL', 'Chicago', 2_707_064)).toBe('17031');
    expect(countyOf('NY', 'New York', 8_379_043)).toMatch(/^36(005|047|061|081|085)$/);
    expect(countyOf('MO', 'St. Louis', 308_174)).toBe('29510');
    expect(countyOf('TN', 'Metropolitan Nashville Police Department', 687_361)).toBe('47037');
  });

  it('picks, of same-named places, one whose county can hold the agency', () => {
    // Shelby Township (80,806) is in Macomb County; the village of Shelby is in Oceana County.
    expect(countyOf('MI', 'Shelby Township', 80_806)).toBe('26099');
    expect(countyOf('CA', 'Brentwood', 65_483)).toBe('06013');
  });

  it('keeps to the county an FBI name gives', () => {
    const placement = placeAgency(context, 'PA', 'Abington Township, Montgomery County', 55_476);
    expect(placement && gazetteer.countyAt(placement.latitude, placement.longitude)?.id).toBe('42091');
    expect(placeAgency(context, 'PA', 'Abington Township, Allegheny County', 55_476)).toBeUndefined();
  });

  it('gives up on names no variant finds', () => {
    expect(placeAgency(context, 'PA', 'Northern York County Regional', 69_814)).toBeUndefined();
  });
});
