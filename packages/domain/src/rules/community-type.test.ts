import { describe, expect, it } from 'vitest';
import { communityTypeFromDensity } from './community-type';

describe('community type from density', () => {
  it('is urban from 3,000 persons per square mile, suburban from 500, rural below, unknown without data', () => {
    expect(communityTypeFromDensity(12_000)).toBe(2);
    expect(communityTypeFromDensity(3000)).toBe(2);
    expect(communityTypeFromDensity(2999)).toBe(1);
    expect(communityTypeFromDensity(500)).toBe(1);
    expect(communityTypeFromDensity(499.9)).toBe(0);
    expect(communityTypeFromDensity(0)).toBe(0);
    expect(communityTypeFromDensity(undefined)).toBe(3);
    expect(communityTypeFromDensity(null)).toBe(3);
    expect(communityTypeFromDensity(Number.NaN)).toBe(3);
  });
});
