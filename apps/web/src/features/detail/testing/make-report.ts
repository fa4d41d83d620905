import {
  CRIME_TYPE_CATEGORY,
  CRIME_TYPE_KEYS,
  CRIME_TYPE_NAMES,
  SCORE_PERIOD_NAMES,
  SCORE_PERIODS,
  SCORE_REGIONS,
  scoreIndexOf,
  scoreTypeOf,
  type CrimeTypeKey,
  type TProductData,
  type TReport,
  type TScore,
} from '@riskatlas/domain';

const GROUPS: ReadonlyArray<{ name: string; crimeTypes: readonly CrimeTypeKey[] }> = [
  { name: CRIME_TYPE_NAMES.persons, crimeTypes: [...CRIME_TYPE_KEYS.filter((key) => CRIME_TYPE_CATEGORY[key] === 'persons'), 'persons'] },
  { name: CRIME_TYPE_NAMES.property, crimeTypes: [...CRIME_TYPE_KEYS.filter((key) => CRIME_TYPE_CATEGORY[key] === 'property'), 'property'] },
  { name: CRIME_TYPE_NAMES.total, crimeTypes: ['total'] },
];

/**
 * One methodology's data as the API presents it: a heading per group, then 90 score rows. Each
 * score is `base` plus its index, so a test can tell methodologies and cells apart; every
 * tenth score is imputed.
 */
function makeProductData(methodologyType: number, yearRelease: number, base: number): TProductData {
  const scores: TScore[] = [];
  for (const group of GROUPS) {
    scores.push({ name: group.name, value: null, order: scores.length, scoreIndex: -1, scoreType: 'heading', isHeading: true, low: null, high: null, coverage: null, crimeType: null, region: null, period: null });
    for (const crimeType of group.crimeTypes) {
      for (const region of SCORE_REGIONS) {
        for (const period of SCORE_PERIODS) {
          const index = scoreIndexOf({ crimeType, region, period });
          const value = base + index;
          scores.push({
            name: CRIME_TYPE_NAMES[crimeType],
            value,
            order: scores.length,
            scoreIndex: index,
            scoreType: scoreTypeOf(crimeType),
            isHeading: false,
            low: Math.max(0, value - 20),
            high: value + 30,
            coverage: index % 10 === 0 ? 'imputed' : 'reported',
            crimeType,
            region,
            period,
          });
        }
      }
    }
  }
  return {
    methodologyType: methodologyType as TProductData['methodologyType'],
    yearRelease,
    radius1: 0,
    radius2: 0,
    regions: [
      { key: 'national', name: 'National', areaName: null },
      { key: 'state', name: 'State', areaName: 'Illinois' },
      { key: 'county', name: 'County', areaName: 'Sangamon County' },
    ],
    periods: SCORE_PERIODS.map((key, index) => ({ key, name: SCORE_PERIOD_NAMES[key], year: yearRelease - 5 + index * 5 })),
    scores,
    fewResidents: false,
  };
}

/** A Premium report of site `siteId` with methodologies 1 and 2 unless told otherwise. */
export function makeReport(overrides: Partial<TReport> & { siteId: number; accountProductReportId: number; releaseYear: number }, methodologies: readonly number[] = [1, 2]): TReport {
  return {
    countryID: 1,
    reportType: 1,
    methodologyTypeIds: methodologies as TReport['methodologyTypeIds'],
    addOnProducts: [],
    sections: 233223,
    reportSupplements: [],
    features: 0,
    premiumData: methodologies.map((id) => makeProductData(id, overrides.releaseYear, id * 100)),
    hasProximity: false,
    hasHeatMap: false,
    hasDemographics: false,
    hasCrimeRateComparison: false,
    created: '2026-01-05T10:00:00.000Z',
    createdByUserId: 8,
    stateScoresHidden: false,
    updatable: false,
    upgradable: false,
    upgradeOptions: { upgrades: [], addOns: [] },
    hasMap: true,
    hasPdf: true,
    sameScoresNote: null,
    ...overrides,
  };
}

