import { describe, expect, it } from 'vitest';
import { BAND_Z } from '../../src/engine/create-engine';
import { defaultCombination, ownPointScale, populationScale, type StackingInputs } from '../../src/model/combination';
import { bandScales, evidenceBandScales, populationBandScales } from './band-calibration';
import { foldOf } from './folds';
import type { OutOfFoldCase } from './out-of-fold';
import { countyFold } from './out-of-fold';
import { compositeOfCase, fitGroup } from './stacking';

/** A case of group "total" whose report is `targetLog` and whose components are given. */
function testCase(inputs: Partial<StackingInputs>, targetLog: number, expected = 1e6): OutOfFoldCase {
  const full: StackingInputs = { remainderLog: 0, remainderEvidence: 0, countyLog: 0, countyEvidence: 0, knnLog: 0, knnEvidence: 0, predictorsLog: 0, ...inputs };
  return {
    agencyKey: 'a',
    countyKey: 'US-17001',
    fold: 0,
    calibration: true,
    countyShare: 0.05,
    rateIndex: 9,
    targetLog,
    expected,
    inputs: full,
    ownShare: 0,
    ownLog: 0,
    ownExpected: 0,
    population: 10_000,
    m1Log: 0,
    m1Sd: 1,
    m4Log: 0,
    m4Sd: 1,
    countyNewestLog: 0,
    countyPooledLog: 0,
    knnLog: 0,
  };
}

describe('fitting the stacking weights', () => {
  it('recovers the weights of an exact linear combination (up to the small ridge) and measures no prior error', () => {
    const cases: OutOfFoldCase[] = [];
    for (let i = 0; i < 400; i++) {
      const knnLog = Math.sin(i) * 0.8;
      const predictorsLog = Math.cos(i * 1.7) * 0.6;
      cases.push(testCase({ knnLog, predictorsLog, knnEvidence: Math.exp(4) - 1 }, 0.1 + 0.3 * knnLog + 0.7 * predictorsLog));
    }
    const group = fitGroup(cases, 0.2);
    expect(group.coefficients[0]).toBeCloseTo(0.1, 2);
    expect(group.coefficients[5]).toBeCloseTo(0.3, 1);
    expect(group.coefficients[7]).toBeCloseTo(0.7, 1);
    expect(group.priorSd).toBeLessThan(0.15);
    expect(group.temporalSd).toBe(0.2);
  });

  it('leans on a covering agency\'s own record at the evaluated case as its evidence grows', () => {
    const group = { coefficients: new Float64Array(8), priorSd: 1, temporalSd: 0.1 };
    const covered = { ...testCase({}, 1), ownShare: 1, ownLog: 1, ownExpected: 1e6 };
    expect(compositeOfCase([group, group, group], covered).log).toBeCloseTo(1 / 1.01, 3);
  });
});

describe('band calibration (split conformal)', () => {
  it('scales the bands so that 90 % of calibration cases fall inside', () => {
    const cases = Array.from({ length: 999 }, (_, index) => ({ rateIndex: 9, errorLog: ((index + 1) / 1000) * 2, sd: 1 }));
    const scale = bandScales(cases)[2]!;
    const inside = cases.filter((item) => Math.abs(item.errorLog) <= BAND_Z * scale * item.sd).length / cases.length;
    expect(inside).toBeCloseTo(0.9, 2);
    // Groups without cases keep scale 1.
    expect(bandScales(cases)[0]).toBe(1);
  });
});

/** A deterministic standard normal sample (Box–Muller on a fixed mulberry32 sequence). */
function gaussians(n: number): number[] {
  let state = 12345;
  const uniform = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()));
}

describe('band calibration on known errors', () => {
  const z = gaussians(4000);
  // Errors whose true SD is twice the stated one, per case, so the fitted scale should be about 2.
  const cases = (truth: number) => z.map((value, index) => ({ rateIndex: 9, errorLog: value * truth * (0.5 + (index % 4) / 4), sd: 0.5 + (index % 4) / 4 }));

  it('is deterministic', () => {
    expect([...bandScales(cases(2))]).toEqual([...bandScales(cases(2))]);
  });

  it('recovers the scale of Gaussian errors and holds about 90 % of new ones', () => {
    const calibration = cases(2).slice(0, 2000);
    const evaluation = cases(2).slice(2000);
    const scale = bandScales(calibration)[2]!;
    expect(scale).toBeGreaterThan(1.85);
    expect(scale).toBeLessThan(2.15);
    const inside = evaluation.filter((item) => Math.abs(item.errorLog) <= BAND_Z * scale * item.sd).length / evaluation.length;
    expect(inside).toBeGreaterThan(0.87);
    expect(inside).toBeLessThan(0.93);
  });

  it('widens monotonely with the errors', () => {
    const scales = [0.5, 1, 2, 4].map((truth) => bandScales(cases(truth))[2]!);
    for (let index = 1; index < scales.length; index++) expect(scales[index]!).toBeGreaterThan(scales[index - 1]!);
  });
});

/** The held-out half of 24,000 cases in six levels of a covariate: at the lowest and highest level, 86–94 % inside the scaled band. */
function expectCalibratedAtEnds<T extends { errorLog: number; sd: number }>(cases: readonly T[], scaleOf: (item: T) => number): void {
  for (const level of [0, 5]) {
    const evaluation = cases.slice(12_000).filter((_, index) => (index + 12_000) % 6 === level);
    const inside = evaluation.filter((item) => Math.abs(item.errorLog) <= BAND_Z * item.sd * scaleOf(item)).length / evaluation.length;
    expect(inside).toBeGreaterThan(0.86);
    expect(inside).toBeLessThan(0.94);
  }
}

describe('band calibration by evidence (own points)', () => {
  const z = gaussians(24_000);
  const evidenceOf = (index: number) => Math.exp(2 + (index % 6));
  // Stated SD 1 everywhere; true SD 2 × (1 − 0.1 × (log(1 + evidence) − 4)): wider for little evidence.
  const cases = z.map((value, index) => {
    const x = Math.log1p(evidenceOf(index)) - 4;
    return { rateIndex: 9, errorLog: value * 2 * (1 - 0.1 * x), sd: 1, evidence: evidenceOf(index) };
  });

  it('is deterministic and finds the slope, holding about 90 % of new cases at every evidence level', () => {
    const calibration = cases.slice(0, 12_000);
    const fitted = evidenceBandScales(calibration);
    expect([...fitted.base]).toEqual([...evidenceBandScales(calibration).base]);
    expect(fitted.base[2]).toBeGreaterThan(1.8);
    expect(fitted.base[2]).toBeLessThan(2.2);
    expect(fitted.byEvidence[2]! / fitted.base[2]!).toBeLessThan(-0.05);
    expect(fitted.byEvidence[2]! / fitted.base[2]!).toBeGreaterThan(-0.15);
    // The scale falls monotonely with evidence.
    const at = (evidence: number) => ownPointScale(fitted, 2, evidence);
    expect(at(10)).toBeGreaterThan(at(100));
    expect(at(100)).toBeGreaterThan(at(1000));
    expectCalibratedAtEnds(cases, (item) => at(item.evidence));
  });

  it('keeps a flat scale (slope 0) when the errors do not move with evidence', () => {
    const flat = cases.map((item, index) => ({ ...item, errorLog: z[index]! * 1.5 }));
    const fitted = evidenceBandScales(flat);
    expect(Math.abs(fitted.byEvidence[2]! / fitted.base[2]!)).toBeLessThanOrEqual(0.02 + 1e-12);
    expect(fitted.base[0]).toBe(1);
  });
});

describe('band calibration by the size of the point\'s place (points no reporting agency covers)', () => {
  const z = gaussians(24_000);
  const populationOf = (index: number) => 1_000 * 4 ** (index % 6);
  // Stated SD 1 everywhere; true SD 1.2 × (1 − 0.12 × (log(population) − log(10,000))): wider for a small place.
  const cases = z.map((value, index) => {
    const x = Math.log(populationOf(index)) - Math.log(10_000);
    return { rateIndex: 9, errorLog: value * 1.2 * (1 - 0.12 * x), sd: 1, population: populationOf(index) };
  });

  it('is deterministic and finds the slope, holding about 90 % of new cases for small and large places alike', () => {
    const calibration = cases.slice(0, 12_000);
    const fitted = populationBandScales(calibration);
    expect([...fitted.byPopulation]).toEqual([...populationBandScales(calibration).byPopulation]);
    expect(fitted.base[2]).toBeGreaterThan(1.1);
    expect(fitted.base[2]).toBeLessThan(1.3);
    expect(fitted.byPopulation[2]! / fitted.base[2]!).toBeLessThan(-0.07);
    expect(fitted.byPopulation[2]! / fitted.base[2]!).toBeGreaterThan(-0.17);
    const combination = defaultCombination();
    combination.bandScale[4].set(fitted.base);
    combination.bandByPopulation[4].set(fitted.byPopulation);
    const at = (population: number) => populationScale(combination, 4, 2, population);
    expect(at(1_000)).toBeGreaterThan(at(10_000));
    expect(at(10_000)).toBeGreaterThan(at(1_000_000));
    expectCalibratedAtEnds(cases, (item) => at(item.population));
  });

  it('keeps a flat scale when the errors do not move with the size of the place', () => {
    const flat = cases.map((item, index) => ({ ...item, errorLog: z[index]! * 1.5 }));
    const fitted = populationBandScales(flat);
    expect(Math.abs(fitted.byPopulation[2]! / fitted.base[2]!)).toBeLessThanOrEqual(0.02 + 1e-12);
    expect(fitted.base[0]).toBe(1);
  });
});

describe('folds', () => {
  it('are stable hashes of the county key, with a separate calibration split', () => {
    expect(foldOf('US-17031', 5)).toBe(foldOf('US-17031', 5));
    expect(countyFold('US-17031').fold).toBe(foldOf('US-17031', 5));
    const counts = [0, 0, 0, 0, 0];
    let calibration = 0;
    for (let fips = 1000; fips < 3000; fips++) {
      counts[countyFold(`US-${fips}`).fold]!++;
      if (countyFold(`US-${fips}`).calibration) calibration++;
    }
    for (const count of counts) expect(count).toBeGreaterThan(300);
    expect(calibration).toBeGreaterThan(800);
    expect(calibration).toBeLessThan(1200);
  });
});
