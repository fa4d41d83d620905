import { describe, expect, it } from 'vitest';
import { SCORE_KEYS } from '../reports/vocabulary';
import {
  ZCreateReportQuery,
  ZCreateReportRequest,
  ZProductData,
  ZReport,
  ZScore,
  ZScoresRequest,
  ZScoresResponse,
  ZValidateMethodologiesRequest,
  ZValidateMethodologiesResponse,
} from './reports';

const newSite = { reportType: 0, siteName: 'Willis Tower', street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', countryCode: 'USA' };

describe('ZCreateReportRequest', () => {
  it('accepts a new site by address and an existing site by id', () => {
    expect(ZCreateReportRequest.parse({ ...newSite, tags: 'hq;chicago', methodologyTypeIds: [2], addOnProducts: [100, 101], releaseYear: -1 })).toMatchObject({ siteName: 'Willis Tower', tags: 'hq;chicago' });
    expect(ZCreateReportRequest.parse({ reportType: 6, siteId: 42 })).toEqual({ reportType: 6, siteId: 42 });
    expect(ZCreateReportRequest.parse({ reportType: 1, siteName: 'Pin', latitude: 41.8789, longitude: -87.6359 }).latitude).toBe(41.8789);
  });

  it('names the field at fault', () => {
    const noName = ZCreateReportRequest.safeParse({ ...newSite, siteName: '  ' });
    expect(noName.success).toBe(false);
    expect(noName.error?.issues[0]).toMatchObject({ path: ['siteName'], message: 'Site Name is required.' });
    const nowhere = ZCreateReportRequest.safeParse({ reportType: 0, siteName: 'Somewhere' });
    expect(nowhere.error?.issues[0]?.path).toEqual(['countryCode']);
    expect(ZCreateReportRequest.safeParse({ ...newSite, reportType: 2 }).error?.issues[0]?.path).toEqual(['reportType']);
    expect(ZCreateReportRequest.safeParse({ ...newSite, methodologyTypeIds: [5] }).error?.issues[0]?.path).toEqual(['methodologyTypeIds', 0]);
    expect(ZCreateReportRequest.safeParse({ ...newSite, addOnProducts: [103] }).error?.issues[0]?.path).toEqual(['addOnProducts', 0]);
    expect(ZCreateReportRequest.safeParse({ ...newSite, latitude: 91, longitude: 0 }).error?.issues[0]?.path).toEqual(['latitude']);
    expect(ZCreateReportRequest.safeParse({ ...newSite, releaseYear: -2 }).success).toBe(false);
  });

  it('reads the query flags and keeps non-strict for the version parameter', () => {
    expect(ZCreateReportQuery.parse({ sendReportEmail: 'true', ignoreDuplicates: '0', acceptFirstCandidate: 'TRUE', allowZipLevelPrecision: 'false', v: '12' })).toEqual({
      sendReportEmail: true,
      ignoreDuplicates: false,
      acceptFirstCandidate: true,
      allowZipLevelPrecision: false,
    });
    expect(ZCreateReportQuery.safeParse({ sendReportEmail: 'maybe' }).success).toBe(false);
  });
});

const scoreRows = SCORE_KEYS.map((key, index) => ({
  name: 'Robbery',
  value: 120,
  order: index + 1,
  scoreIndex: index,
  scoreType: 'offence' as const,
  isHeading: false,
  low: 95,
  high: 150,
  coverage: 'reported' as const,
  ...key,
}));
const heading = { name: 'Crimes Against Persons', value: null, order: 0, scoreIndex: -1, scoreType: 'heading' as const, isHeading: true, low: null, high: null, coverage: null, crimeType: null, region: null, period: null };
const entry = {
  methodologyType: 2,
  yearRelease: 2026,
  radius1: 1,
  radius2: 3,
  regions: [{ key: 'national', name: 'National', areaName: null }, { key: 'state', name: 'State', areaName: 'Illinois' }, { key: 'county', name: 'County', areaName: 'Cook County' }],
  periods: [{ key: 'past', name: 'Past', year: 2021 }, { key: 'current', name: 'Current', year: 2026 }, { key: 'projected', name: 'Projected', year: 2031 }],
  scores: [heading, ...scoreRows],
  fewResidents: false,
};

describe('report entity', () => {
  it('parses score rows and heading rows', () => {
    expect(ZScore.parse(scoreRows[0])).toMatchObject({ crimeType: 'homicide', region: 'national', period: 'past' });
    expect(ZScore.parse(heading).isHeading).toBe(true);
    expect(ZScore.safeParse({ ...scoreRows[0], value: 2001 }).success).toBe(false);
    expect(ZScore.safeParse({ ...scoreRows[0], coverage: 'guessed' }).success).toBe(false);
    expect(ZProductData.parse(entry).scores).toHaveLength(91);
  });

  it('carries the {product}Data field of its type', () => {
    const report = {
      accountProductReportId: 7,
      siteId: 3,
      countryID: 1,
      reportType: 0,
      releaseYear: 2026,
      methodologyTypeIds: [2],
      addOnProducts: [100],
      sections: 233223,
      reportSupplements: [],
      features: 1,
      basicData: [entry],
      hasProximity: false,
      hasHeatMap: true,
      hasDemographics: false,
      hasCrimeRateComparison: true,
      created: '2026-11-22T12:00:00.000Z',
      createdByUserId: 5,
      stateScoresHidden: false,
      updatable: false,
      upgradable: true,
      upgradeOptions: { upgrades: [{ toType: 1, productId: 200 }], addOns: [101] },
      hasMap: true,
      hasPdf: true,
      sameScoresNote: null,
    };
    expect(ZReport.parse(report).basicData).toHaveLength(1);
    expect(ZReport.safeParse({ ...report, sections: 8 }).success).toBe(false);
    expect(ZReport.safeParse({ ...report, features: 8 }).success).toBe(true);
    expect(ZReport.safeParse({ ...report, features: 16 }).success).toBe(false);
  });
});

describe('validate methodologies contract', () => {
  it('takes a report type and ids and answers with the verdict', () => {
    expect(ZValidateMethodologiesRequest.parse({ reportType: 1, methodologyTypeIds: [2, 3] })).toEqual({ reportType: 1, methodologyTypeIds: [2, 3] });
    expect(ZValidateMethodologiesResponse.parse({ isValid: false, message: 'Please select 2 methodologies.', methodologyTypeIds: [] }).isValid).toBe(false);
  });
});

describe('scores contract', () => {
  it('accepts 1 to 1000 locations and an optional release year', () => {
    const location = { latitude: 41.88, longitude: -87.63 };
    expect(ZScoresRequest.parse({ locations: [location], methodologyTypeIds: [2] })).toEqual({ locations: [location], methodologyTypeIds: [2] });
    expect(ZScoresRequest.parse({ locations: [location], methodologyTypeIds: [1, 2], releaseYear: -1 }).releaseYear).toBe(-1);
    expect(ZScoresRequest.safeParse({ locations: Array.from({ length: 1000 }, () => location), methodologyTypeIds: [2] }).success).toBe(true);
    expect(ZScoresRequest.safeParse({ locations: Array.from({ length: 1001 }, () => location), methodologyTypeIds: [2] }).error?.issues[0]?.path).toEqual(['locations']);
    expect(ZScoresRequest.safeParse({ locations: [], methodologyTypeIds: [2] }).success).toBe(false);
    expect(ZScoresRequest.safeParse({ locations: [location], methodologyTypeIds: [] }).success).toBe(false);
  });

  it('answers per location, unscorable ones without scores', () => {
    const response = {
      results: [
        { latitude: 41.88, longitude: -87.63, countryId: 1, isScorable: true, releaseYear: 2026, scores: [{ methodologyType: 2, crimeType: 'total', region: 'county', period: 'current', value: 180, low: 150, high: 215, coverage: 'reported' }], sameScoresNote: null, fewResidents: false },
        { latitude: 0, longitude: 0, countryId: null, isScorable: false, releaseYear: null, scores: [], sameScoresNote: null, fewResidents: false },
      ],
    };
    expect(ZScoresResponse.parse(response)).toEqual(response);
    expect(ZScoresResponse.safeParse({ results: [{ ...response.results[0], scores: [{ ...response.results[0]!.scores[0], crimeType: 'arson' }] }] }).success).toBe(false);
    // The report's notes are part of every result.
    const { fewResidents: _dropped, ...withoutNote } = response.results[0]!;
    expect(ZScoresResponse.safeParse({ results: [withoutNote] }).success).toBe(false);
  });
});
