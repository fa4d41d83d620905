import { describe, expect, it } from 'vitest';
import type { ScoringEngine } from '@riskatlas/scoring';
import { rememberingScoring } from './report-map-image';

describe('rememberingScoring: the maps of one PDF share their grid scores', () => {
  it('asks the engine once per location, methodology and release, and answers the same scores again', () => {
    const asked: string[] = [];
    const engine: ScoringEngine = {
      score: (location, methodology, release) => {
        asked.push(`${location.latitude},${location.countyCode ?? ''},${methodology},${release}`);
        return { values: [location.latitude, methodology, release] } as unknown as ReturnType<ScoringEngine['score']>;
      },
      periodYears: () => [2020, 2025, 2030],
    };
    const scoring = rememberingScoring(engine);
    const chicago = { latitude: 41.88, longitude: -87.63, countryId: 1, countyCode: '17031' } as const;
    const first = scoring.score(chicago, 2, 2025);
    expect(scoring.score({ ...chicago }, 2, 2025)).toBe(first);
    // Another methodology, release, point or county is another question.
    scoring.score(chicago, 3, 2025);
    scoring.score(chicago, 2, 2024);
    scoring.score({ ...chicago, latitude: 41.89 }, 2, 2025);
    scoring.score({ ...chicago, countyCode: '17043' }, 2, 2025);
    expect(asked).toEqual(['41.88,17031,2,2025', '41.88,17031,3,2025', '41.88,17031,2,2024', '41.89,17031,2,2025', '41.88,17043,2,2025']);
    // A location outside every covered country is remembered too (undefined is an answer).
    const empty: ScoringEngine = { score: () => (asked.push('none'), undefined), periodYears: engine.periodYears };
    const remembering = rememberingScoring(empty);
    remembering.score(chicago, 2, 2025);
    expect(remembering.score(chicago, 2, 2025)).toBeUndefined();
    expect(asked.filter((entry) => entry === 'none')).toHaveLength(1);
    expect(scoring.periodYears(1, 2025)).toEqual([2020, 2025, 2030]);
  });
});
