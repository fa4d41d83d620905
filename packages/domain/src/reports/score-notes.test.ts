import { describe, expect, it } from 'vitest';
import { FEW_RESIDENTS_SCORE_INDEX, fewResidentsAt, sameScoreGroups, sameScoresNote } from './score-notes';

const scores = (fill: number, total = fill) => {
  const values = new Array<number>(90).fill(fill);
  values[FEW_RESIDENTS_SCORE_INDEX] = total;
  return values;
};

describe('the few-residents note', () => {
  it('holds from five times the national Total Crime rate per resident (the City of London scores 1,103)', () => {
    expect(fewResidentsAt(scores(100, 1103))).toBe(true);
    expect(fewResidentsAt(scores(100, 500))).toBe(true);
    expect(fewResidentsAt(scores(900, 499))).toBe(false);
  });
});

describe('methodologies with the same scores', () => {
  it('groups the methodologies whose 90 scores are identical and names the area they rest on', () => {
    const uk = [
      { methodologyTypeId: 2, values: scores(131) },
      { methodologyTypeId: 1, values: scores(131) },
      { methodologyTypeId: 3, values: scores(140) },
      { methodologyTypeId: 4, values: scores(131) },
    ];
    expect(sameScoreGroups(uk)).toEqual([[1, 2, 4]]);
    expect(sameScoresNote(uk, 'Essex')).toBe('Methodologies 1, 2 and 4 give the same scores here: with no finer data at this location they all rest on the same area data (Essex).');
  });

  it('says nothing where the methodologies differ, even when one score agrees', () => {
    const us = [
      { methodologyTypeId: 1, values: scores(120, 141) },
      { methodologyTypeId: 2, values: scores(121, 141) },
    ];
    expect(sameScoreGroups(us)).toEqual([]);
    expect(sameScoresNote(us, 'Cook County')).toBeNull();
    expect(sameScoresNote([{ methodologyTypeId: 2, values: scores(100) }], null)).toBeNull();
  });

  it('names each group where two pairs agree', () => {
    const pairs = [1, 2, 3, 4].map((id) => ({ methodologyTypeId: id, values: scores(id <= 2 ? 80 : 90) }));
    expect(sameScoresNote(pairs, null)).toBe(
      'Methodologies 1 and 2 give the same scores here: with no finer data at this location they all rest on the same area data. Methodologies 3 and 4 give the same scores here: with no finer data at this location they all rest on the same area data.',
    );
  });
});
