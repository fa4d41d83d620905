import { describe, expect, it } from 'vitest';
import { COUNT_PRIOR } from '../../src/model/count-prior';
import { RATE_COUNT } from '../../src/model/years';
import { deviationsAroundParents, withMeasuredAggregates, type SmallArea } from './small-areas';

const HOMICIDE = 0;
const ROBBERY = 2;

function area(code: string, parent: string, counts: Partial<Record<number, number>>, exposure: number): SmallArea {
  const all = new Float64Array(RATE_COUNT).fill(Number.NaN);
  for (const [index, count] of Object.entries(counts)) all[Number(index)] = count ?? Number.NaN;
  return { code, parent, counts: all, exposure };
}

describe('small areas around their parent', () => {
  it('measures each area against its parent\'s pooled rate, with half an incident of prior', () => {
    const deviations = deviationsAroundParents([area('a', 'P', { [HOMICIDE]: 30 }, 1000), area('b', 'P', { [HOMICIDE]: 10 }, 1000)]);
    // Parent rate 40 ÷ 2000: each area expects 20.
    expect(deviations).toEqual([
      { code: 'a', rateIndex: HOMICIDE, logRatio: Math.log((30 + COUNT_PRIOR) / (20 + COUNT_PRIOR)) },
      { code: 'b', rateIndex: HOMICIDE, logRatio: Math.log((10 + COUNT_PRIOR) / (20 + COUNT_PRIOR)) },
    ]);
  });

  it('gives an area with no recorded crime a finite deviation, and leaves unmeasured keys out of the parent and the result', () => {
    const deviations = deviationsAroundParents([area('a', 'P', { [ROBBERY]: 0 }, 1000), area('b', 'P', { [ROBBERY]: 8, [HOMICIDE]: 2 }, 1000), area('c', 'P', { [HOMICIDE]: 2 }, 3000)]);
    const robbery = deviations.filter((deviation) => deviation.rateIndex === ROBBERY);
    // Robbery's parent rate is over the two areas that measure it: 8 ÷ 2000, so each expects 4.
    expect(robbery.map((deviation) => deviation.logRatio)).toEqual([Math.log(COUNT_PRIOR / (4 + COUNT_PRIOR)), Math.log((8 + COUNT_PRIOR) / (4 + COUNT_PRIOR))]);
    expect(deviations.filter((deviation) => deviation.rateIndex === HOMICIDE).map((deviation) => deviation.code)).toEqual(['b', 'c']);
  });

  it('adds persons, property and total to the seven offences', () => {
    expect([...withMeasuredAggregates([1, 2, 3, 4, 5, 6, 7])]).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 18, 28]);
  });
});
