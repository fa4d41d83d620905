import { describe, expect, it } from 'vitest';
import {
  addOnChoices,
  bulkUpgradeProblem,
  licenceShortfalls,
  mayCreateBatches,
  newReportLicences,
  offersCreateNewReport,
  reportTypeChoices,
  upgradeAddOnChoices,
  upgradeLicences,
  upgradeTypeChoices,
  WizardMessages,
  wizardModeFor,
  type WizardUser,
} from './wizard-rules';

const user = (over: Partial<WizardUser> = {}): WizardUser => ({
  readOnlyMode: false,
  allowCreateReports: true,
  adminMode: false,
  capMode: false,
  impersonationMode: false,
  allowProduct: {},
  account: { allowBatchingByStandardUsers: false },
  ...over,
});
const allowing = (...ids: number[]) => user({ allowProduct: Object.fromEntries(ids.map((id) => [String(id), 1])) });

describe('wizard modes', () => {
  it('opens scratch without a selection, batch for several sites, upgrade for one current report that can rise', () => {
    const everything = allowing(0, 1, 6, 100, 101, 102, 104, 105, 200, 201, 202);
    expect(wizardModeFor([], everything)).toBe('scratch');
    expect(wizardModeFor([{ reportType: null, updatable: false }, { reportType: null, updatable: false }], everything)).toBe('batch');
    expect(wizardModeFor([{ reportType: 0, updatable: false }], everything)).toBe('upgrade');
    expect(wizardModeFor([{ reportType: 0, updatable: true }], everything)).toBe('single');
    expect(wizardModeFor([{ reportType: null, updatable: false }], everything)).toBe('single');
    // Nothing to buy for it: a new report instead.
    expect(wizardModeFor([{ reportType: 6, updatable: false }], allowing(0, 1, 6))).toBe('single');
  });
});

describe('what the user is offered', () => {
  it('offers only the report types, upgrades and add-ons the user may use, priced at the type', () => {
    expect(reportTypeChoices(allowing(0, 6))).toEqual([0, 6]);
    expect(upgradeTypeChoices(0, allowing(200))).toEqual([1]);
    expect(upgradeTypeChoices(1, allowing(200, 201, 202))).toEqual([6]);
    expect(addOnChoices(0, allowing(100, 101, 102, 104))).toEqual([100, 101, 104]);
    expect(addOnChoices(1, allowing(100, 101, 102, 105))).toEqual([100, 102, 105]);
    // A report with the heat map already is not offered it again.
    expect(upgradeAddOnChoices(0, 1, allowing(100, 101))).toEqual([101]);
  });

  it('lets standard users batch only when the account allows it', () => {
    expect(mayCreateBatches(user())).toBe(false);
    expect(mayCreateBatches(user({ account: { allowBatchingByStandardUsers: true } }))).toBe(true);
    expect(mayCreateBatches(user({ adminMode: true }))).toBe(true);
    expect(mayCreateBatches(user({ adminMode: true, readOnlyMode: true }))).toBe(false);
  });
});

describe('Create New Report on a site', () => {
  it('shows for users who may create reports while the site has no current report, and always for support', () => {
    expect(offersCreateNewReport(user(), false)).toBe(true);
    expect(offersCreateNewReport(user(), true)).toBe(false);
    expect(offersCreateNewReport(user({ readOnlyMode: true }), false)).toBe(false);
    expect(offersCreateNewReport(user({ capMode: true }), true)).toBe(true);
  });
});

describe('licences', () => {
  it('counts the report type, each add-on and the backdate fee per report, and upgrades by their product', () => {
    expect(newReportLicences({ reportType: 1, addOnProducts: [100, 102], reports: 3, backdateFeeProductId: null })).toEqual({ '1': 3, '100': 3, '102': 3 });
    expect(newReportLicences({ reportType: 0, addOnProducts: [], reports: 1, backdateFeeProductId: 150 })).toEqual({ '0': 1, '150': 1 });
    expect(upgradeLicences({ fromType: 0, toType: 1, addOnProducts: [105] })).toEqual({ '200': 1, '105': 1 });
    expect(upgradeLicences({ fromType: 1, toType: 1, addOnProducts: [100] })).toEqual({ '100': 1 });
  });

  it('names each product the account is short of', () => {
    expect(licenceShortfalls({ '0': 3, '100': 1 }, { '0': 1, '100': 5 })).toEqual([{ productId: 0, name: 'Basic', needed: 3, remaining: 1, shortBy: 2 }]);
    expect(licenceShortfalls({ '1': 1 }, {})).toEqual([{ productId: 1, name: 'Premium', needed: 1, remaining: 0, shortBy: 1 }]);
    expect(licenceShortfalls({ '0': 1 }, { '0': 1 })).toEqual([]);
  });
});

describe('bulk upgrade selection', () => {
  const basic = { l: { p: 0 }, s: { '2': 100 } };
  it('needs a release year, reports in it, one type and the same methodologies', () => {
    expect(bulkUpgradeProblem([basic], -1)).toBe(WizardMessages.releaseYearRequired);
    expect(bulkUpgradeProblem([{ l: null, s: {} }], 2026)).toBe(WizardMessages.noReportsInRelease);
    expect(bulkUpgradeProblem([basic, { l: { p: 0 }, s: { '3': 100 } }], 2026)).toBe('The selected reports do not have the same existing methodologies.');
    expect(bulkUpgradeProblem([basic, { l: { p: 1 }, s: { '2': 100 } }], 2026)).toBe('The selected reports do not have the same report type.');
    expect(bulkUpgradeProblem([basic, basic], 2026)).toBeNull();
  });
});
