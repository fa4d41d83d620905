import { describe, expect, it } from 'vitest';
import type { ScoringLocation } from '@riskatlas/domain';
import { AgencyGrid, NearestAgencies, type AgencyModel } from '../model/agencies';
import { agencyModel } from '../model/testing-fixtures';
import { nearestAgenciesRelative, ownInputsOf } from './combination-inputs';
import { memberships } from './estimates';
import { testingWorld } from './testing-world';

const POINT: ScoringLocation = { latitude: 40, longitude: -89, countryId: 1, admin1Code: 'IL' };
const northBy = (miles: number, key: string, relative: number, stateKey = 'US-IL') =>
  agencyModel(key, { stateKey, latitude: 40 + miles / 69.09, longitude: -89, relativeAll: relative, countAll: 100 * relative });
const worldOf = (...agencies: AgencyModel[]) => testingWorld({ agencies, agencyGrid: new AgencyGrid(agencies), agencyByKey: new Map(agencies.map((agency) => [agency.key, agency])) });

describe('the nearest-five baseline and component', () => {
  it('averages the relatives (plainly, not their logs) of the five nearest agencies of the same state', () => {
    const agencies = [northBy(1, 'a', 1), northBy(2, 'b', 2), northBy(3, 'c', 3), northBy(4, 'd', 4), northBy(5, 'e', 5), northBy(6, 'f', 100), northBy(0.5, 'x', 50, 'US-IN')];
    const { relative, expected } = nearestAgenciesRelative(worldOf(...agencies), POINT, 'US-IL');
    expect(relative[0]).toBeCloseTo(3, 12);
    expect(expected[0]).toBeCloseTo(100, 12);
  });

  it('finds far neighbours beyond the membership reach (ring search) and the same ones the membership scan collects', () => {
    const agencies = [northBy(1, 'a', 1), northBy(80, 'b', 2), northBy(120, 'c', 3), northBy(200, 'd', 4), northBy(300, 'e', 5), northBy(400, 'f', 6)];
    const world = worldOf(...agencies);
    expect(world.agencyGrid.nearest(40, -89, 5, 'US-IL').map((agency) => agency.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const scanned = new NearestAgencies(5);
    memberships(world, POINT, 'US-IL', scanned);
    // Only 'a' lies within the scan's reach: incomplete, so the ring search answers.
    expect(scanned.completeWithin(35)).toBe(false);
    expect(nearestAgenciesRelative(world, POINT, 'US-IL', scanned).relative[0]).toBeCloseTo(3, 12);
  });

  it('keeps the k nearest, ties broken by key', () => {
    const nearest = new NearestAgencies(2);
    nearest.offer(agencyModel('c'), 3);
    nearest.offer(agencyModel('b'), 1);
    nearest.offer(agencyModel('a'), 1);
    nearest.offer(agencyModel('d'), 0.5);
    expect(nearest.agencies.map((agency) => agency.key)).toEqual(['d', 'a']);
    expect(nearest.completeWithin(1)).toBe(true);
  });
});

describe('covering agencies\' own inputs', () => {
  it('lets the agency whose centre the point is at speak for it, and reports the coverage share', () => {
    const city = agencyModel('city', { relativeAll: 4, countAll: 4000, radiusMiles: 10 });
    const suburb = agencyModel('suburb', { relativeAll: 1, countAll: 100, radiusMiles: 2 });
    const own = ownInputsOf([
      { agency: city, weight: 1, distance: 0 },
      { agency: suburb, weight: 0.5, distance: 2 },
    ]);
    expect(own.coveredShare[0]).toBe(1);
    // Centrality: 1/0.05 = 20 for the city, 1/(0.05 + 1) ≈ 0.95 × 0.5 for the suburb at its edge.
    const cityWeight = 20;
    const suburbWeight = 0.5 / 1.05;
    expect(own.ownLog[0]).toBeCloseTo((cityWeight * Math.log(4)) / (cityWeight + suburbWeight), 12);
    expect(ownInputsOf([]).coveredShare[0]).toBe(0);
  });
});
