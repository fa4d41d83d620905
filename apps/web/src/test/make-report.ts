import { ZReport, type TReport } from '@riskatlas/domain';

/** A report as the API presents it, for component tests (parsed through the contract). Test input only. */
export function makeReport(overrides: Partial<TReport> = {}): TReport {
  return ZReport.parse({
    accountProductReportId: 900,
    siteId: 1,
    countryID: 1,
    reportType: 0,
    releaseYear: 2026,
    methodologyTypeIds: [2],
    addOnProducts: [],
    sections: 233223,
    reportSupplements: [],
    features: 0,
    hasProximity: false,
    hasHeatMap: false,
    hasDemographics: false,
    hasCrimeRateComparison: false,
    created: '2026-01-01T00:00:00.000Z',
    createdByUserId: 1,
    stateScoresHidden: false,
    updatable: false,
    upgradable: true,
    upgradeOptions: { upgrades: [], addOns: [] },
    hasMap: true,
    hasPdf: true,
    sameScoresNote: null,
    ...overrides,
  });
}
