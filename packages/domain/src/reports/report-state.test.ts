import { describe, expect, it } from 'vitest';
import { ReportFeature, ReportType } from '../ids';
import {
  backdateEligibility,
  canUpgradeReportTo,
  hidesStateScores,
  isBackdatedRelease,
  isDistrictOfColumbia,
  reportState,
  reportUpgradeOptions,
  visibleRegions,
  type ReportStateInput,
} from './report-state';

const report = (over: Partial<ReportStateInput> = {}): ReportStateInput => ({ countryId: 1, reportType: ReportType.Basic, releaseYear: 2026, features: 0, ...over });

describe('upgrade options', () => {
  it('offers every higher type and the add-ons a report lacks, priced at its type', () => {
    expect(reportUpgradeOptions(report())).toEqual({
      upgrades: [{ toType: 1, productId: 200 }, { toType: 6, productId: 201 }],
      addOns: [100, 101, 104],
    });
    expect(reportUpgradeOptions(report({ reportType: ReportType.Premium, features: ReportFeature.HeatMap }))).toEqual({
      upgrades: [{ toType: 6, productId: 202 }],
      addOns: [102, 105],
    });
    expect(reportUpgradeOptions(report({ reportType: ReportType.PremiumPlus, features: 7 }))).toEqual({ upgrades: [], addOns: [] });
  });

  it('narrows to the products the user may buy', () => {
    const options = reportUpgradeOptions(report(), (productId) => productId !== 201 && productId !== 100);
    expect(options).toEqual({ upgrades: [{ toType: 1, productId: 200 }], addOns: [101, 104] });
  });

  it('allows the same level only when an upgrade is available, never a lower one', () => {
    expect(canUpgradeReportTo(report(), ReportType.PremiumPlus)).toBe(true);
    expect(canUpgradeReportTo(report(), ReportType.Basic)).toBe(true);
    expect(canUpgradeReportTo(report({ reportType: ReportType.Premium }), ReportType.Basic)).toBe(false);
    expect(canUpgradeReportTo(report({ reportType: ReportType.PremiumPlus, features: 7 }), ReportType.PremiumPlus)).toBe(false);
    expect(canUpgradeReportTo(report({ reportType: ReportType.PremiumPlus, features: 3 }), ReportType.PremiumPlus)).toBe(true);
    expect(canUpgradeReportTo(report(), ReportType.Premium, (productId) => productId !== 200)).toBe(false);
  });
});

describe('report state', () => {
  it('is updatable below the current release and has no map or PDF up to 2006', () => {
    expect(reportState(report())).toEqual({ updatable: false, upgradable: true, hasMap: true, hasPdf: true });
    expect(reportState(report({ releaseYear: 2006, reportType: ReportType.PremiumPlus, features: 7 }))).toEqual({ updatable: true, upgradable: false, hasMap: false, hasPdf: false });
    expect(reportState(report({ releaseYear: 2007 })).hasMap).toBe(true);
  });
});

describe('DC state-level scores', () => {
  it('recognises DC however it is written', () => {
    for (const state of ['DC', 'd.c.', 'D. C.', 'District of Columbia', '11']) expect(isDistrictOfColumbia(state)).toBe(true);
    for (const state of ['VA', 'Columbia', '', null, undefined]) expect(isDistrictOfColumbia(state)).toBe(false);
  });

  it('hides them in US reports from release 2022 only', () => {
    expect(hidesStateScores({ countryId: 1, releaseYear: 2022, state: 'DC' })).toBe(true);
    expect(hidesStateScores({ countryId: 1, releaseYear: 2021, state: 'DC' })).toBe(false);
    expect(hidesStateScores({ countryId: 2, releaseYear: 2026, state: 'DC' })).toBe(false);
    expect(hidesStateScores({ countryId: 1, releaseYear: 2026, state: 'MD' })).toBe(false);
    expect(visibleRegions({ countryId: 1, releaseYear: 2026, state: 'DC' })).toEqual(['national', 'county']);
    expect(visibleRegions({ countryId: 1, releaseYear: 2026, state: 'IL' })).toEqual(['national', 'state', 'county']);
  });
});

describe('backdating', () => {
  const endUser = { accountAllowsBackdating: true, quantity: 1, countryId: 1 as const, isProvider: false };

  it('lets end users backdate one US or Canadian report for the fee', () => {
    expect(backdateEligibility(endUser)).toEqual({ allowed: true, feeProductId: 150 });
    expect(backdateEligibility({ ...endUser, countryId: 2 })).toEqual({ allowed: true, feeProductId: 150 });
  });

  it('refuses otherwise, saying why', () => {
    expect(backdateEligibility({ ...endUser, accountAllowsBackdating: false })).toEqual({ allowed: false, message: 'Backdating is not enabled for this account.' });
    expect(backdateEligibility({ ...endUser, quantity: 2 })).toMatchObject({ allowed: false });
    expect(backdateEligibility({ ...endUser, countryId: 3 })).toMatchObject({ allowed: false });
  });

  it('lets provider staff choose old releases without the fee', () => {
    expect(backdateEligibility({ ...endUser, accountAllowsBackdating: false, countryId: 5, quantity: 10, isProvider: true })).toEqual({ allowed: true, feeProductId: null });
  });

  it('treats releases before the current one as backdated', () => {
    expect(isBackdatedRelease(2025, 1)).toBe(true);
    expect(isBackdatedRelease(2026, 1)).toBe(false);
    expect(isBackdatedRelease(-1, 1)).toBe(false);
    expect(isBackdatedRelease(2040, 2)).toBe(false);
  });
});
