import { describe, expect, it } from 'vitest';
import { loadGazetteer } from '@riskatlas/geo';
import { describeLocation } from './location-facts.service';

/** describeLocation over the real data pack (no database: it reads only the gazetteer). */
describe('describeLocation', () => {
  const gazetteer = loadGazetteer();

  it('describes downtown Chicago: USA, Illinois, Cook County, urban', () => {
    expect(describeLocation(gazetteer, 41.8781, -87.6298)).toEqual({
      countryId: 1,
      admin1Code: 'IL',
      county: { id: '17031', name: 'Cook County' },
      ct: 2,
      isScorable: true,
    });
  });

  it('tells suburban from rural by population density', () => {
    // St. Charles, a western suburb of Chicago; the Nebraska plains near Willow Island.
    expect(describeLocation(gazetteer, 41.9142, -88.3087)).toMatchObject({ countryId: 1, admin1Code: 'IL', county: { name: 'Kane County' }, ct: 1 });
    expect(describeLocation(gazetteer, 41.0, -100.0)).toMatchObject({ countryId: 1, admin1Code: 'NE', county: { id: '31047', name: 'Dawson County' }, ct: 0 });
  });

  it('describes a Puerto Rico municipio from its county density', () => {
    const sanJuan = describeLocation(gazetteer, 18.4655, -66.1057);
    expect(sanJuan).toMatchObject({ countryId: 6, admin1Code: 'PR', county: { id: '72127', name: 'San Juan Municipio' }, isScorable: true });
    expect(sanJuan.ct).toBe(2);
  });

  it('gives the province or nation without a county in Canada and the UK, with a community type from the settlement density', () => {
    expect(describeLocation(gazetteer, 43.6426, -79.3871)).toEqual({ countryId: 2, admin1Code: 'ON', county: null, ct: 2, isScorable: true });
    expect(describeLocation(gazetteer, 55.9533, -3.1883)).toEqual({ countryId: 3, admin1Code: 'SCT', county: null, ct: 2, isScorable: true });
    expect(describeLocation(gazetteer, 51.5138, -0.0927)).toMatchObject({ countryId: 3, admin1Code: 'ENG', ct: 2 }); // Cheapside, City of London
    expect(describeLocation(gazetteer, 51.2, -106.6).ct).toBe(0); // farmland in Saskatchewan
    expect(describeLocation(gazetteer, 57.3, -4.9).ct).toBe(0); // the Scottish Highlands
  });

  it('gives the Mexican state as the county-level area', () => {
    expect(describeLocation(gazetteer, 20.6597, -103.3496)).toMatchObject({ countryId: 5, admin1Code: '14', county: { id: 'MX-14' }, ct: 2 }); // Guadalajara
    expect(describeLocation(gazetteer, 19.4326, -99.1332)).toMatchObject({ countryId: 5, admin1Code: '09', ct: 2 }); // Mexico City
  });

  it('describes a point outside every covered country as not scorable', () => {
    for (const [latitude, longitude] of [[43.5, -87.0], [48.8566, 2.3522], [0, 0]] as const) {
      expect(describeLocation(gazetteer, latitude, longitude)).toEqual({ countryId: null, admin1Code: null, county: null, ct: 3, isScorable: false });
    }
  });
});
