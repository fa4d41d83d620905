import { describe, expect, it } from 'vitest';
import {
  STANDARD_CRIME_TYPES,
  circleRing,
  clampDrawerPercent,
  dateShortcutWindow,
  hourOfTime,
  matchesIncidentFilter,
  paddedRadiusBbox,
  ukCrimeCategory,
  type IncidentFilter,
} from './incidents';
import { metersToMiles } from '../distance';

describe('incident rules', () => {
  it('has the ten standard crime types with the ids 0 to 8 and 10, in the spec order', () => {
    expect(STANDARD_CRIME_TYPES.map((type) => `${type.crimeTypeId} ${type.name}`)).toEqual([
      '0 Larceny', '1 Vandalism', '2 Burglary', '3 Simple Assault', '4 Motor Vehicle Theft', '5 Aggravated Assault', '6 Robbery', '7 Homicide', '8 Arson', '10 Rape',
    ]);
    expect(STANDARD_CRIME_TYPES.filter((type) => type.category === 'persons').map((type) => type.name)).toEqual(['Simple Assault', 'Aggravated Assault', 'Robbery', 'Homicide', 'Rape']);
  });

  it('anchors the date shortcuts on the last day of the data; rolling 30 days counts 30 days', () => {
    const data = { firstDate: '2017-01-05', lastDate: '2017-07-31' };
    expect(dateShortcutWindow('all', data)).toEqual({ from: '2017-01-05', to: '2017-07-31' });
    expect(dateShortcutWindow('rolling30', data)).toEqual({ from: '2017-07-02', to: '2017-07-31' });
    expect(dateShortcutWindow('latest3Months', data)).toEqual({ from: '2017-05-01', to: '2017-07-31' });
    expect(dateShortcutWindow('latestYear', { firstDate: '2016-01-01', lastDate: '2016-02-29' })).toEqual({ from: '2015-03-01', to: '2016-02-29' });
  });

  it('filters by distance, days, crime types and time of day; a record without a time passes only the full day', () => {
    const filter: IncidentFilter = { minMiles: 0.25, maxMiles: 1, startHour: 0, endHour: 24, from: '2017-07-01', to: '2017-07-31', crimeTypeIds: [0, 2] };
    const incident = { distanceMiles: 0.5, date: '2017-07-10', hour: hourOfTime('14:30'), crimeTypeId: 2 };
    expect(hourOfTime('14:30')).toBe(14.5);
    expect(matchesIncidentFilter(incident, filter)).toBe(true);
    expect(matchesIncidentFilter({ ...incident, distanceMiles: 0.2 }, filter)).toBe(false);
    expect(matchesIncidentFilter({ ...incident, distanceMiles: 1.01 }, filter)).toBe(false);
    expect(matchesIncidentFilter({ ...incident, date: '2017-08-01' }, filter)).toBe(false);
    expect(matchesIncidentFilter({ ...incident, crimeTypeId: 5 }, filter)).toBe(false);
    expect(matchesIncidentFilter({ ...incident, hour: null }, filter)).toBe(true);
    const afternoon = { ...filter, startHour: 12, endHour: 14.5 };
    expect(matchesIncidentFilter(incident, afternoon)).toBe(true);
    expect(matchesIncidentFilter({ ...incident, hour: 14.75 }, afternoon)).toBe(false);
    expect(matchesIncidentFilter({ ...incident, hour: null }, afternoon)).toBe(false);
  });

  it('keeps drawer widths within each source’s bounds', () => {
    expect(clampDrawerPercent('second', undefined)).toBe(36.25);
    expect(clampDrawerPercent('second', 10)).toBe(26.25);
    expect(clampDrawerPercent('second', 80)).toBe(45);
    expect(clampDrawerPercent('first', 10)).toBe(17);
    expect(clampDrawerPercent('first', 50)).toBe(43.5);
  });

  it('shows distances in miles with 2 decimals', () => {
    expect(metersToMiles(1609.34)).toBe(1);
    expect(metersToMiles(400)).toBe(0.25);
  });

  it('draws a closed ring of 64 points at the radius, inside the box padded 2.5 %', () => {
    const ring = circleRing(-0.0922, 51.5155, 1);
    expect(ring).toHaveLength(65);
    expect(ring[64]).toEqual(ring[0]);
    const [west, south, east, north] = paddedRadiusBbox(-0.0922, 51.5155, 1);
    expect(ring.every(([lng, lat]) => lng > west && lng < east && lat > south && lat < north)).toBe(true);
    // The padding: the box's north edge is 1.025 miles from the centre, the ring's north point 1 mile.
    expect((north - 51.5155) / (ring[0]![1] - 51.5155)).toBeCloseTo(1.025, 6);
  });

  it('sorts UK crime types into persons, property and neither', () => {
    expect(ukCrimeCategory('Violence and sexual offences')).toBe('persons');
    expect(ukCrimeCategory('Vehicle crime')).toBe('property');
    expect(ukCrimeCategory('Anti-social behaviour')).toBe('other');
  });
});
