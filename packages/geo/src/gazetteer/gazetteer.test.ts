import { describe, expect, it } from 'vitest';
import { CommunityType, communityTypeFromDensity } from '@riskatlas/domain';
import { locatePackDir } from '../pack/locate';
import { readPostal } from '../pack/read-pack';
import { haversineMeters } from '../spatial/distance';
import { loadGazetteer } from './load-gazetteer';

/* The real committed pack (data/pack): these are facts about real places. */
const gazetteer = loadGazetteer();

describe('postal areas', () => {
  it('60601 is downtown Chicago, Illinois, in Cook County', () => {
    const area = gazetteer.postalArea(1, '60601')!;
    expect(area).toMatchObject({ countryId: 1, code: '60601', place: 'Chicago', admin1Code: 'IL', admin1Name: 'Illinois', admin2Code: '17031' });
    expect(haversineMeters(area.latitude, area.longitude, 41.886, -87.618)).toBeLessThan(300);
    expect(gazetteer.countyAt(area.latitude, area.longitude)).toMatchObject({ id: '17031', name: 'Cook County', admin1Code: 'IL', countryId: 1 });
  });

  it('reads ZIP+4 and restores leading zeros a spreadsheet stripped', () => {
    expect(gazetteer.postalArea(1, '60601-1234')?.code).toBe('60601');
    expect(gazetteer.postalArea(1, '2134')).toMatchObject({ code: '02134', admin1Code: 'MA' });
  });

  it('00901 is San Juan, Puerto Rico', () => {
    const area = gazetteer.postalArea(6, '00901')!;
    expect(area).toMatchObject({ countryId: 6, place: 'San Juan', admin1Code: 'PR', admin2Code: '72127' });
    expect(gazetteer.countyAt(area.latitude, area.longitude)).toMatchObject({ id: '72127', countryId: 6 });
    expect(gazetteer.countryAt(area.latitude, area.longitude)).toBe(6);
  });

  it('M5V is downtown Toronto, Ontario, found from a full postal code', () => {
    const area = gazetteer.postalArea(2, 'M5V 3L9')!;
    expect(area).toMatchObject({ countryId: 2, code: 'M5V', place: 'Toronto', admin1Code: 'ON', admin1Name: 'Ontario' });
    expect(haversineMeters(area.latitude, area.longitude, 43.6404, -79.3995)).toBeLessThan(100);
    expect(gazetteer.countryAt(area.latitude, area.longitude)).toBe(2);
  });

  it('SW1A is London, England (outward code of a full postcode)', () => {
    const area = gazetteer.postalArea(3, 'SW1A 1AA')!;
    expect(area).toMatchObject({ countryId: 3, code: 'SW1A', place: 'London', admin1Code: 'ENG', admin1Name: 'England', admin2Name: 'Greater London' });
    expect(haversineMeters(area.latitude, area.longitude, 51.501, -0.141)).toBeLessThan(1_500);
    expect(gazetteer.countryAt(area.latitude, area.longitude)).toBe(3);
  });

  it('keeps one row per UK outcode, and its other localities find it by name', () => {
    const e1 = gazetteer.postalArea(3, 'E1')!;
    expect(e1.place).toBe('London');
    expect(gazetteer.postalAreasOfPlace(3, 'Whitechapel').map((a) => a.code)).toContain('E1');
    expect(gazetteer.postalArea(3, 'B1')).toMatchObject({ place: 'Birmingham', admin1Code: 'ENG' });
    expect(gazetteer.postalArea(3, 'EH1')).toMatchObject({ place: 'Edinburgh', admin1Code: 'SCT', admin1Name: 'Scotland' });
    expect(gazetteer.postalArea(3, 'CF10')).toMatchObject({ place: 'Cardiff', admin1Code: 'WLS' });
    expect(gazetteer.postalArea(3, 'BT1')).toMatchObject({ admin1Code: 'NIR', admin1Name: 'Northern Ireland' });
    expect(gazetteer.postalArea(3, 'M9')).toMatchObject({ place: 'Manchester', admin2Code: 'E08000003' });
  });

  it('leaves out the Crown dependencies, which are not in the United Kingdom', () => {
    expect(gazetteer.postalArea(3, 'IM1')).toBeUndefined();
    expect(gazetteer.postalArea(3, 'JE2')).toBeUndefined();
    expect(gazetteer.postalArea(3, 'GY1')).toBeUndefined();
  });

  it('06700 (stored as "6700" in the source) is in Mexico City, state 09', () => {
    for (const code of ['06700', '6700']) {
      const area = gazetteer.postalArea(5, code)!;
      expect(area).toMatchObject({ countryId: 5, code: '06700', admin1Code: '09', admin1Name: 'Ciudad de México' });
      expect(haversineMeters(area.latitude, area.longitude, 19.4181, -99.1634)).toBeLessThan(50);
      expect(gazetteer.countyAt(area.latitude, area.longitude)).toMatchObject({ id: 'MX-09', countryId: 5 });
    }
    expect(gazetteer.postalArea(5, '44100')).toMatchObject({ place: 'Guadalajara', admin1Code: '14', admin1Name: 'Jalisco' });
  });

  it('does not match a postal code of another country', () => {
    expect(gazetteer.postalArea(2, '60601')).toBeUndefined();
    expect(gazetteer.postalArea(1, 'M5V')).toBeUndefined();
    expect(gazetteer.postalArea(6, '60601')).toBeUndefined();
    expect(gazetteer.postalArea(1, '00901')).toBeUndefined();
    expect(gazetteer.postalArea(1, '')).toBeUndefined();
  });

  it('drops military APO/FPO codes, which have no state', () => {
    expect(gazetteer.postalArea(1, '09001')).toBeUndefined();
  });
});

describe('places', () => {
  it('finds places by normalised name, optionally within a region', () => {
    const stLouis = gazetteer.placesNamed(1, 'Saint Louis', 'MO');
    expect(stLouis.map((p) => p.name)).toContain('St. Louis');
    expect(gazetteer.placesNamed(1, 'ST. LOUIS', 'MO')).toEqual(stLouis);
    expect(gazetteer.placesNamed(2, 'montreal', 'QC').length).toBeGreaterThan(0);
    const springfields = gazetteer.placesNamed(1, 'Springfield');
    expect(new Set(springfields.map((p) => p.admin1Code)).size).toBeGreaterThan(10);
    expect(gazetteer.placesNamed(1, 'Springfield', 'IL').every((p) => p.admin1Code === 'IL')).toBe(true);
  });

  it('lists the postal areas of a place', () => {
    const chicago = gazetteer.postalAreasOfPlace(1, 'chicago', 'IL');
    expect(chicago.map((a) => a.code)).toContain('60601');
    expect(chicago.length).toBeGreaterThan(40);
    expect(gazetteer.postalAreasOfPlace(1, 'Chicago', 'TX')).toEqual([]);
  });

  it('knows post-office towns below the GeoNames population floor', () => {
    // "New York" is the post-office name of Manhattan ZIPs; GeoNames calls the city "New York City".
    const newYork = gazetteer.placesNamed(1, 'New York', 'NY');
    expect(newYork).toHaveLength(1);
    expect(newYork[0]!.postalCode).toMatch(/^10\d{3}$/);
  });

  it('gives every place an id that placeById resolves, and a nearby postal code', () => {
    const [chicago] = gazetteer.placesNamed(1, 'Chicago', 'IL');
    expect(gazetteer.placeById(chicago!.id)).toBe(chicago);
    const area = gazetteer.postalArea(1, chicago!.postalCode)!;
    expect(haversineMeters(area.latitude, area.longitude, chicago!.latitude, chicago!.longitude)).toBeLessThan(5_000);
  });

  it('resolves postal and coordinate ids from search', () => {
    expect(gazetteer.placeById('postal:1:60601')).toMatchObject({ name: 'Chicago', postalCode: '60601', admin1Code: 'IL', countryId: 1 });
    expect(gazetteer.placeById('coord:41.8781,-87.6298')).toMatchObject({ countryId: 1, latitude: 41.8781, longitude: -87.6298, admin1Code: 'IL', admin2Name: 'Cook County' });
    expect(gazetteer.placeById('postal:1:99999')).toBeUndefined();
    expect(gazetteer.placeById('coord:95,10')).toBeUndefined();
    expect(gazetteer.placeById('nonsense')).toBeUndefined();
  });
});

describe('nearest lookups', () => {
  it('finds the nearest postal area and place, optionally in one country', () => {
    const nearest = gazetteer.nearestPostalArea(41.8858, -87.6181)!;
    expect(nearest.area.code).toBe('60601');
    expect(nearest.distanceMeters).toBeLessThan(5);
    const toronto = gazetteer.nearestPostalArea(43.6532, -79.3832)!;
    expect(toronto.area).toMatchObject({ countryId: 2, admin1Code: 'ON' });
    const inUs = gazetteer.nearestPostalArea(43.6532, -79.3832, 1)!;
    expect(inUs.area.admin1Code).toBe('NY');
    expect(inUs.distanceMeters).toBeGreaterThan(toronto.distanceMeters);
    expect(gazetteer.nearestPlace(51.5074, -0.1278)?.place.name).toBe('London');
    expect(gazetteer.nearestPlace(18.4655, -66.1057, 6)?.place.countryId).toBe(6);
  });

  it('agrees with a brute-force scan of every postal area in the pack', () => {
    const rows = readPostal(locatePackDir()).map(([countryId, code, lat, lng]) => ({ countryId: Number(countryId), code: code!, lat: Number(lat) / 1e5, lng: Number(lng) / 1e5 }));
    const probes: Array<[number, number]> = [
      [40.7128, -74.006],
      [34.0522, -118.2437],
      [61.2181, -149.9003],
      [21.3069, -157.8583],
      [49.2827, -123.1207],
      [20.6597, -103.3496],
      [55.9533, -3.1883],
      [18.2, -67.1],
      [52.9, 173.1],
      [0, 0],
    ];
    for (const [lat, lng] of probes) {
      let best = { code: '', meters: Infinity };
      for (const row of rows) {
        const meters = haversineMeters(lat, lng, row.lat, row.lng);
        if (meters < best.meters) best = { code: row.code, meters };
      }
      const fast = gazetteer.nearestPostalArea(lat, lng)!;
      expect(fast.area.code).toBe(best.code);
      expect(fast.distanceMeters).toBeCloseTo(best.meters, 0);
    }
  });
});

describe('countryAt', () => {
  it.each([
    ['Chicago', 41.8781, -87.6298, 1],
    ['Anchorage', 61.2181, -149.9003, 1],
    ['Honolulu', 21.3069, -157.8583, 1],
    ['Attu Island, Aleutians, east of 180°', 52.9, 173.1, 1],
    ['Adak, Aleutians', 51.88, -176.65, 1],
    ['Toronto', 43.6532, -79.3832, 2],
    ['Vancouver', 49.2827, -123.1207, 2],
    ['London', 51.5074, -0.1278, 3],
    ['Edinburgh', 55.9533, -3.1883, 3],
    ['Belfast', 54.597, -5.93, 3],
    ['Mexico City', 19.4326, -99.1332, 5],
    ['Cancún', 21.1619, -86.8515, 5],
    ['San Juan', 18.4655, -66.1057, 6],
    ['Vieques', 18.1263, -65.44, 6],
  ] as const)('%s → %i', (_name, lat, lng, expected) => {
    expect(gazetteer.countryAt(lat, lng)).toBe(expected);
  });

  it.each([
    ['Lake Michigan', 42.0, -87.3],
    ['Lake Michigan, 1.5 km off the Loop', 41.88, -87.595],
    ['Atlantic Ocean', 35, -60],
    ['Gulf of Mexico', 27, -90],
    ['Dublin', 53.35, -6.26],
    ['Havana', 23.11, -82.37],
    ['Guatemala City', 14.6, -90.5],
    ['Isle of Man', 54.15, -4.48],
    ['Paris', 48.8566, 2.3522],
  ] as const)('%s is not covered', (_name, lat, lng) => {
    expect(gazetteer.countryAt(lat, lng)).toBeUndefined();
  });

  it('tells neighbours apart across borders', () => {
    expect(gazetteer.countryAt(42.3314, -83.0458)).toBe(1); // Detroit
    expect(gazetteer.countryAt(42.3149, -83.0364)).toBe(2); // Windsor, across the river
    expect(gazetteer.countryAt(32.7157, -117.1611)).toBe(1); // San Diego
    expect(gazetteer.countryAt(32.5149, -117.0382)).toBe(5); // Tijuana
    expect(gazetteer.countryAt(31.7619, -106.485)).toBe(1); // El Paso
    expect(gazetteer.countryAt(31.72, -106.46)).toBe(5); // Ciudad Juárez
    expect(gazetteer.countryAt(54.9966, -7.3086)).toBe(3); // Derry / Londonderry
    expect(gazetteer.countryAt(55.042, -7.388)).toBeUndefined(); // Bridgend, County Donegal (Ireland)
    expect(gazetteer.countryAt(54.9558, -7.7342)).toBeUndefined(); // Letterkenny, County Donegal
  });

  it('forgives the generalised shoreline by up to 500 m, not more', () => {
    // The Census 1:10m-class county outline leaves these lakefront and harbour sites just outside.
    expect(gazetteer.countryAt(41.8676, -87.614)).toBe(1); // Shedd Aquarium, Chicago
    expect(gazetteer.countyAt(41.8676, -87.614)?.id).toBe('17031');
    expect(gazetteer.countryAt(40.6892, -74.0445)).toBe(1); // Statue of Liberty
    expect(gazetteer.countryAt(41.88, -87.595)).toBeUndefined(); // 1.5 km out in the lake
  });

  it('answers nothing for coordinates that are not numbers', () => {
    expect(gazetteer.countryAt(Number.NaN, 0)).toBeUndefined();
  });
});

describe('countyAt', () => {
  it('finds US counties, Puerto Rico municipios and Mexican states with bounding boxes', () => {
    const cook = gazetteer.countyAt(41.8781, -87.6298)!;
    expect(cook).toMatchObject({ id: '17031', name: 'Cook County', admin1Code: 'IL', admin1Name: 'Illinois', countryId: 1 });
    const [west, south, east, north] = cook.boundingBox;
    expect(west).toBeLessThan(-87.6298);
    expect(east).toBeGreaterThan(-87.6298);
    expect(south).toBeLessThan(41.8781);
    expect(north).toBeGreaterThan(41.8781);
    expect(gazetteer.countyAt(40.7128, -74.006)).toMatchObject({ id: '36061', admin1Code: 'NY' });
    expect(gazetteer.countyAt(18.4655, -66.1057)).toMatchObject({ id: '72127', admin1Code: 'PR', countryId: 6 });
    expect(gazetteer.countyAt(20.6597, -103.3496)).toMatchObject({ id: 'MX-14', name: 'Jalisco', countryId: 5 });
    expect(gazetteer.countyAt(32.5149, -117.0382)).toMatchObject({ id: 'MX-02', admin1Code: '02' });
  });

  it('writes the Aleutians box across the antimeridian (west > east)', () => {
    const aleutians = gazetteer.countyAt(52.9, 173.1)!;
    expect(aleutians.id).toBe('02016');
    expect(gazetteer.countyAt(51.88, -176.65)?.id).toBe('02016');
    const [west, , east] = aleutians.boundingBox;
    expect(west).toBeGreaterThan(170);
    expect(east).toBeLessThan(-160);
  });

  it('has no county in Canada, the UK, at sea or in the lake', () => {
    expect(gazetteer.countyAt(42.3149, -83.0364)).toBeUndefined();
    expect(gazetteer.countyAt(51.5074, -0.1278)).toBeUndefined();
    expect(gazetteer.countyAt(42.0, -87.3)).toBeUndefined();
    expect(gazetteer.countyAt(35, -60)).toBeUndefined();
  });
});

describe('populationDensity', () => {
  it('is high downtown, low in the country, and unknown outside the five countries', () => {
    const manhattan = gazetteer.populationDensity(40.7831, -73.9712)!;
    const chicago = gazetteer.populationDensity(41.8781, -87.6298)!;
    const suburb = gazetteer.populationDensity(42.0334, -88.0834)!; // Schaumburg, IL
    const rural = gazetteer.populationDensity(47.5, -101.5)!; // farmland in North Dakota
    expect(manhattan).toBeGreaterThan(30_000);
    expect(chicago).toBeGreaterThan(5_000);
    expect(suburb).toBeGreaterThan(1_000);
    expect(suburb).toBeLessThan(chicago);
    expect(rural).toBeLessThan(100);
    expect(gazetteer.populationDensity(40.7587, -73.9787)).toBeGreaterThan(10_000); // Rockefeller Center: an unpopulated one-building ZCTA
    expect(gazetteer.populationDensity(18.4655, -66.1057)).toBeGreaterThan(1_000); // San Juan municipio
    expect(gazetteer.populationDensity(35, -60)).toBeUndefined();
  });

  it('comes from the settlement kernel in Canada, the UK and Mexico: urban in city centres, rural far from towns', () => {
    const urban = { 'downtown Toronto': [43.6532, -79.3832], 'Mexico City (Cuauhtémoc)': [19.4326, -99.1332], 'central London (Cheapside)': [51.5138, -0.0927], Montreal: [45.5017, -73.5673] } as const;
    for (const [name, [lat, lng]] of Object.entries(urban)) expect(communityTypeFromDensity(gazetteer.populationDensity(lat, lng)), name).toBe(CommunityType.Urban);
    const rural = { 'rural Saskatchewan': [51.2, -106.6], 'the Scottish Highlands': [57.3, -4.9], 'rural Oaxaca': [17.3, -96.2] } as const;
    for (const [name, [lat, lng]] of Object.entries(rural)) expect(communityTypeFromDensity(gazetteer.populationDensity(lat, lng)), name).toBe(CommunityType.Rural);
  });
});

describe('sources', () => {
  it('ships the attribution the product must show', () => {
    const sentences = gazetteer.sources.map((s) => s.attribution);
    expect(sentences).toContain('Contains public sector information licensed under the Open Government Licence v3.0');
    expect(sentences).toContain('Postal code data © GeoNames (CC-BY 4.0)');
    const publishers = gazetteer.sources.map((s) => s.publisher).join(' | ');
    for (const name of ['US Census Bureau', 'FBI', 'SESNSP', 'INEGI', 'Statistics Canada', 'Natural Earth', 'GeoNames']) expect(publishers).toContain(name);
    expect(gazetteer.sources.filter((s) => s.usedBy?.includes('scoring')).length).toBeGreaterThanOrEqual(4);
  });
});

describe('loading', () => {
  it('returns the same gazetteer for the same pack', () => {
    expect(loadGazetteer()).toBe(gazetteer);
  });

  it('names the directory when there is no pack', () => {
    expect(() => loadGazetteer('/nonexistent/pack')).toThrow(/\/nonexistent\/pack/);
  });
});

describe('sized places', () => {
  it('gives every place with its size proxy: a large city is named by many postal areas, a village by few', () => {
    const sized = gazetteer.sizedPlaces();
    const sizeOf = (name: string, admin1Code: string) => sized.find(({ place }) => place.name === name && place.admin1Code === admin1Code && place.countryId === 1)?.size ?? -1;
    expect(sized.length).toBeGreaterThan(10_000);
    expect(sizeOf('Chicago', 'IL')).toBeGreaterThan(40);
    expect(sizeOf('Chicago', 'IL')).toBeGreaterThan(sizeOf('Evanston', 'IL'));
    expect(gazetteer.sizedPlaces()).toBe(sized);
  });
});
