import { describe, expect, it } from 'vitest';
import {
  COMBINATION_GROUP_NAMES,
  EVIDENCE_CENTRE,
  combinationGroupOf,
  combinationRows,
  combinedSd,
  defaultCombination,
  ownPointScale,
  ownWeight,
  parseCombination,
  populationScale,
  stackedLog,
  stackingFeatures,
  type GroupCombination,
  type StackingInputs,
} from './combination';
import { PERSONS, PROPERTY, TOTAL } from './years';

const INPUTS: StackingInputs = { remainderLog: 0.5, remainderEvidence: 100, countyLog: 0.2, countyEvidence: 1000, knnLog: -0.3, knnEvidence: 50, predictorsLog: 0.1 };
const GROUP: GroupCombination = { coefficients: Float64Array.from([0.1, 0.2, 0.05, 0.3, -0.02, 0.4, 0.01, 0.6]), priorSd: 0.8, temporalSd: 0.2 };

describe('the learned combination', () => {
  it('groups persons offences, property offences and the total', () => {
    expect([0, 1, 2, 3, PERSONS].map(combinationGroupOf)).toEqual([0, 0, 0, 0, 0]);
    expect([4, 5, 6, PROPERTY].map(combinationGroupOf)).toEqual([1, 1, 1, 1]);
    expect(combinationGroupOf(TOTAL)).toBe(2);
  });

  it('stacks the components with weights that move with each one\'s log evidence (features · coefficients)', () => {
    const features = stackingFeatures(INPUTS);
    expect(features[2]).toBeCloseTo(0.5 * (Math.log1p(100) - EVIDENCE_CENTRE), 12);
    const dot = [...features].reduce((sum, value, index) => sum + value * GROUP.coefficients[index]!, 0);
    expect(stackedLog(GROUP, INPUTS)).toBeCloseTo(dot, 12);
  });

  it('weighs covering agencies by their evidence against the prior, never above their coverage share', () => {
    expect(ownWeight(GROUP, 0, 1e6)).toBe(0);
    const big = ownWeight(GROUP, 1, 1e6);
    expect(big).toBeCloseTo(0.64 / (0.64 + 1 / (1e6 + 1) + 0.04), 12);
    expect(ownWeight(GROUP, 1, 5)).toBeLessThan(big);
    expect(ownWeight(GROUP, 0.5, 1e6)).toBeCloseTo(big / 2, 12);
    // Adding an agency's evidence narrows the band; with none it is the prior's SD.
    expect(combinedSd(GROUP, 0, 0)).toBeCloseTo(0.8, 12);
    expect(combinedSd(GROUP, 1, 1000)).toBeLessThan(0.25);
  });

  it('round-trips through the pack\'s parameter rows', () => {
    const combination = defaultCombination();
    combination.groups[1] = GROUP;
    combination.bandScale[2][2] = 1.234567;
    combination.ownPointBandScale[1].base[0] = 0.654321;
    combination.ownPointBandScale[2].byEvidence[1] = -0.1;
    const rows = combinationRows(combination);
    expect(rows.length).toBe(COMBINATION_GROUP_NAMES.length * 10 + 27);
    const back = parseCombination(rows.map(([name, value]) => [name, Number(value)] as const));
    expect([...back.groups[1]!.coefficients]).toEqual([...GROUP.coefficients]);
    expect(back.bandScale[2][2]).toBeCloseTo(1.234567, 6);
    expect(back.ownPointBandScale[1].base[0]).toBeCloseTo(0.654321, 6);
    expect(back.ownPointBandScale[2].byEvidence[1]).toBeCloseTo(-0.1, 6);
    expect(back.ownPointBandScale[2].base[0]).toBe(1);
    expect(() => parseCombination(rows.slice(0, -1).map(([name, value]) => [name, Number(value)] as const))).toThrow(/band.m2.ownByEvidence.total/);
    // The own-point scale moves with log evidence around its centre and never falls below a quarter of its base.
    expect(ownPointScale(back.ownPointBandScale[2], 1, Math.exp(4) - 1)).toBe(1);
    expect(ownPointScale(back.ownPointBandScale[2], 1, Math.exp(6) - 1)).toBeCloseTo(0.8, 12);
    expect(ownPointScale(back.ownPointBandScale[2], 1, 1e30)).toBe(0.25);
    expect(() => parseCombination(rows.slice(1).map(([name, value]) => [name, Number(value)] as const))).toThrow(/persons.intercept/);
  });

  it('widens the band of a point no reporting agency covers for a small place and narrows it for a large one (methodologies 2 and 4)', () => {
    const combination = defaultCombination();
    combination.bandScale[4][2] = 0.8;
    combination.bandByPopulation[4][2] = -0.1;
    const rows = combinationRows(combination);
    const back = parseCombination(rows.map(([name, value]) => [name, Number(value)] as const));
    expect(back.bandByPopulation[4][2]).toBeCloseTo(-0.1, 6);
    expect(back.bandByPopulation[2][2]).toBe(0);
    // A place of 10,000 people is the centre: the base scale.
    expect(populationScale(back, 4, 2, 10_000)).toBeCloseTo(0.8, 12);
    // A village of 1,000 is log(10) ≈ 2.30 below it: 0.8 + 0.1 × 2.30; a city of a million 4.61 above.
    expect(populationScale(back, 4, 2, 1_000)).toBeCloseTo(0.8 + 0.1 * Math.log(10), 12);
    expect(populationScale(back, 4, 2, 1_000_000)).toBeCloseTo(0.8 - 0.1 * Math.log(100), 12);
    // Never below a quarter of the base, and no slope leaves the base whatever the place.
    expect(populationScale(back, 4, 2, 1e30)).toBe(0.2);
    expect(populationScale(back, 2, 2, 1_000)).toBe(1);
    expect(() => parseCombination(rows.filter(([name]) => name !== 'band.m4.byPopulation.total').map(([name, value]) => [name, Number(value)] as const))).toThrow(/band.m4.byPopulation.total/);
  });
});
