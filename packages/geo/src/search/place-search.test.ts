import { describe, expect, it } from 'vitest';
import { loadGazetteer } from '../gazetteer/load-gazetteer';
import { haversineMeters } from '../spatial/distance';
import { postalQuery } from './place-search';

const gazetteer = loadGazetteer();
const descriptions = (query: string, options?: Parameters<typeof gazetteer.search>[1]) => gazetteer.search(query, options).map((m) => m.description);

describe('places search: names', () => {
  it('completes a prefix with the biggest places first', () => {
    expect(descriptions('chic')[0]).toBe('Chicago, IL, USA');
    expect(descriptions('Lond').slice(0, 2)).toEqual(['London, England, United Kingdom', 'London, ON, Canada']);
    expect(descriptions('toronto')[0]).toBe('Toronto, ON, Canada');
    expect(descriptions('san juan')[0]).toBe('San Juan, Puerto Rico');
    expect(descriptions('Guadalajara')).toEqual(['Guadalajara, Jalisco, Mexico']);
  });

  it('puts exact names first, then places near the reference point, nearest first', () => {
    const nearSpringfieldIl = { near: { latitude: 39.8, longitude: -89.65 }, radiusMeters: 200_000 };
    const springfield = gazetteer.search('Springfield', nearSpringfieldIl);
    expect(springfield[0]!.description).toBe('Springfield, IL, USA');
    expect(springfield.every((m) => m.description.startsWith('Springfield,'))).toBe(true);

    const paris = gazetteer.search('Paris', { near: { latitude: 36.3, longitude: -88.3 } });
    expect(paris[0]!.description).toBe('Paris, TN, USA');
    expect(paris[0]!.distanceMeters).toBeLessThan(5_000);
    expect(descriptions('Paris')[0]).toBe('Paris, TX, USA');

    // Among prefix matches, nearby ones outrank bigger ones far away; an exact name still leads.
    const spring = gazetteer.search('Spring', nearSpringfieldIl);
    expect(spring[0]!.description).toBe('Spring, TX, USA');
    const nearby = spring.slice(1).filter((m) => m.distanceMeters! <= 200_000);
    expect(spring.slice(1, 1 + nearby.length)).toEqual(nearby);
    expect(nearby.map((m) => m.distanceMeters)).toEqual([...nearby.map((m) => m.distanceMeters!)].sort((a, b) => a - b));
  });

  it('understands a region after the name, with or without a comma', () => {
    expect(descriptions('Springfield, IL')).toEqual(['Springfield, IL, USA']);
    expect(descriptions('Springfield IL')).toEqual(['Springfield, IL, USA']);
    expect(descriptions('Portland ME')[0]).toBe('Portland, ME, USA');
    expect(descriptions('London, England')[0]).toBe('London, England, United Kingdom');
    expect(descriptions('London, UK')[0]).toBe('London, England, United Kingdom');
  });

  it('folds abbreviations, accents and punctuation', () => {
    expect(descriptions('St. Louis, MO')[0]).toBe('St. Louis, MO, USA');
    expect(descriptions('saint louis mo')[0]).toBe('St. Louis, MO, USA');
    expect(descriptions('Ft Lauder')).toEqual(['Fort Lauderdale, FL, USA']);
    expect(descriptions('Montreal')[0]).toBe('Montréal, QC, Canada');
    expect(descriptions('Ste')).toContain('Sterling Heights, MI, USA');
    expect(descriptions('Ste')).toContain('Sainte-Foy, QC, Canada');
  });

  it('completes whole words after a space', () => {
    const san = descriptions('San ', { limit: 50 });
    expect(san.length).toBeGreaterThan(10);
    expect(san.every((d) => d.startsWith('San '))).toBe(true);
    expect(descriptions('San', { limit: 50 }).some((d) => /^San[a-z]/.test(d))).toBe(true);
  });

  it('tells same-named places of one region apart by county', () => {
    const georgetowns = descriptions('Georgetown, PA');
    expect(georgetowns.length).toBe(3);
    expect(new Set(georgetowns).size).toBe(3);
    expect(georgetowns.every((d) => /^Georgetown, .+ County, PA, USA$/.test(d))).toBe(true);
    // A name that is unique in its region keeps the short form.
    expect(descriptions('Springfield, OH')).toEqual(['Springfield, OH, USA']);
  });

  it('limits results and countries', () => {
    expect(gazetteer.search('a', { limit: 3 })).toHaveLength(3);
    expect(descriptions('san juan', { countryIds: [6] })).toEqual(['San Juan, Puerto Rico']);
    expect(gazetteer.search('London', { countryIds: [2] }).every((m) => m.description.endsWith('Canada'))).toBe(true);
  });

  it('returns ids that placeById resolves to the same point', () => {
    for (const match of gazetteer.search('Chicago', { limit: 5 })) {
      const place = gazetteer.placeById(match.id)!;
      expect(place).toBeDefined();
      expect(place.latitude).toBe(match.latitude);
      expect(place.longitude).toBe(match.longitude);
    }
  });

  it('returns nothing for empty or unknown text', () => {
    expect(gazetteer.search('')).toEqual([]);
    expect(gazetteer.search('   ')).toEqual([]);
    expect(gazetteer.search('zzzzqqq')).toEqual([]);
    expect(gazetteer.search('!!!')).toEqual([]);
  });

  it('gives the same answer every time', () => {
    const first = gazetteer.search('San', { near: { latitude: 32.7, longitude: -117.1 } });
    expect(gazetteer.search('San', { near: { latitude: 32.7, longitude: -117.1 } })).toEqual(first);
  });
});

describe('places search: postal codes', () => {
  it('completes US ZIPs, nearest first around the reference point', () => {
    const matches = gazetteer.search('6060', { near: { latitude: 41.88, longitude: -87.63 } });
    expect(matches[0]!.description).toMatch(/^6060\d Chicago, IL, USA$/);
    expect(matches.slice(0, 9).every((m) => m.kind === 'postal' && /^6060\d Chicago/.test(m.description))).toBe(true);
    expect(descriptions('6060')[0]).toBe('60601 Chicago, IL, USA');
    expect(gazetteer.search('60601')[0]).toMatchObject({ id: 'postal:1:60601', kind: 'postal', description: '60601 Chicago, IL, USA' });
  });

  it('understands Canadian, UK, Mexican and Puerto Rican codes', () => {
    expect(descriptions('M5V')).toEqual(['M5V Toronto, ON, Canada']);
    expect(descriptions('m5v 3l9')).toEqual(['M5V Toronto, ON, Canada']);
    expect(descriptions('SW1A')).toEqual(['SW1A London, England, United Kingdom']);
    expect(descriptions('SW1A 1AA')).toEqual(['SW1A London, England, United Kingdom']);
    expect(descriptions('06700')).toEqual(['06700 Benito Juarez, Ciudad de México, Mexico']);
    expect(descriptions('00901')).toEqual(['00901 San Juan, Puerto Rico']);
    // 'M5' is both a UK outcode (exact) and the start of Toronto FSAs.
    const m5 = descriptions('M5');
    expect(m5[0]).toBe('M5 Salford, England, United Kingdom');
    expect(m5.slice(1).every((d) => /^M5[A-Z] .*Canada$/.test(d))).toBe(true);
  });

  it('resolves a postal match to its area', () => {
    const [match] = gazetteer.search('M5V');
    expect(gazetteer.placeById(match!.id)).toMatchObject({ countryId: 2, postalCode: 'M5V', name: 'Toronto', admin1Code: 'ON' });
  });

  it('reads what looks like a postal code', () => {
    expect(postalQuery('6060')).toEqual([
      { countryId: 1, prefix: '6060' },
      { countryId: 6, prefix: '6060' },
      { countryId: 5, prefix: '6060' },
    ]);
    expect(postalQuery('60601-1234')?.[0]).toEqual({ countryId: 1, prefix: '60601' });
    expect(postalQuery('M5V 3L9')).toEqual([{ countryId: 2, prefix: 'M5V' }]);
    expect(postalQuery('SW1A 1AA')).toEqual([{ countryId: 3, prefix: 'SW1A' }]);
    expect(postalQuery('EC1A1BB')).toEqual([{ countryId: 3, prefix: 'EC1A' }]);
    expect(postalQuery('Chicago')).toBeUndefined();
    expect(postalQuery('Route 66')).toBeUndefined();
  });
});

describe('places search: coordinates', () => {
  it('answers coordinate text with one coordinates match', () => {
    for (const text of ['41.88, -87.62', '41.88 -87.62', '41.88,-87.62', ' 41.88 ,  -87.62 ']) {
      expect(gazetteer.search(text)).toEqual([{ id: 'coord:41.88,-87.62', description: '41.88, -87.62', latitude: 41.88, longitude: -87.62, kind: 'coordinates' }]);
    }
    const near = gazetteer.search('41.88 -87.62', { near: { latitude: 41.88, longitude: -87.63 } })[0]!;
    expect(near.distanceMeters).toBe(Math.round(haversineMeters(41.88, -87.63, 41.88, -87.62)));
  });

  it('rejects coordinates out of range', () => {
    expect(gazetteer.search('91, 10')).toEqual([]);
    expect(gazetteer.search('45, 181')).toEqual([]);
  });
});
