import { describe, expect, it } from 'vitest';
import { CRIME_TYPE_KEYS } from '@riskatlas/domain';
import { RATE_KEYS } from '../pack/format';
import { PERSONS, PROPERTY, RATE_COUNT, TOTAL, YEAR_COUNT, YEAR_MAX, YEAR_MIN, clampYear, seriesIndex, withAggregates } from './years';

describe('rate keys and years', () => {
  it('orders the rate keys as the domain orders crime types, aggregates last', () => {
    expect([...RATE_KEYS]).toEqual([...CRIME_TYPE_KEYS]);
    expect(RATE_COUNT).toBe(CRIME_TYPE_KEYS.length);
    expect([RATE_KEYS[PERSONS], RATE_KEYS[PROPERTY], RATE_KEYS[TOTAL]]).toEqual(['persons', 'property', 'total']);
  });

  it('indexes a dense series by key then year, clamping years into the span', () => {
    expect(seriesIndex(0, YEAR_MIN)).toBe(0);
    expect(seriesIndex(1, YEAR_MIN)).toBe(YEAR_COUNT);
    expect(seriesIndex(TOTAL, YEAR_MAX)).toBe(RATE_COUNT * YEAR_COUNT - 1);
    expect(seriesIndex(2, 1900)).toBe(seriesIndex(2, YEAR_MIN));
    expect(clampYear(3000)).toBe(YEAR_MAX);
  });

  it('adds persons (four violent offences), property (three) and total; a missing offence spoils its aggregates only', () => {
    expect([...withAggregates([1, 2, 3, 4, 10, 20, 30])]).toEqual([1, 2, 3, 4, 10, 20, 30, 10, 60, 70]);
    const partial = withAggregates([1, Number.NaN, 3, 4, 10, 20, 30]);
    expect(partial[PERSONS]).toBeNaN();
    expect(partial[PROPERTY]).toBe(60);
    expect(partial[TOTAL]).toBeNaN();
  });
});
