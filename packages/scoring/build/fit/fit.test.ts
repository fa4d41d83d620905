import { describe, expect, it } from 'vitest';
import { BAND_Z } from '../../src/engine/create-engine';
import type { StackingInputs } from '../../src/model/combination';
import { bandScales } from './band-calibration';
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
