import { describe, expect, it } from 'vitest';
import { pickReportForRelease } from '../releases';
import type { TScore } from '../schemas/reports';
import {
  availableReportModes,
  chooseReportMethodology,
  crimeStatisticsLink,
  methodologiesByPriority,
  nationalHazardsLink,
  productDataOf,
  reportReleaseYears,
  resolveReportMode,
  scoreTableOf,
  type ReportModeContext,
} from './detail-rules';

const usReport = { countryID: 1, releaseYear: 2026, hasProximity: false, hasDemographics: false };
const urbanUs = { countryCode: 'USA', state: 'IL', ct: 2 };
const context = (overrides: Partial<ReportModeContext> = {}): ReportModeContext => ({
  report: usReport,
  site: urbanUs,
  account: { allowCrimeRiskFeature: true, allowPOI: false },
  ...overrides,
});

describe('report modes', () => {
  it('offers crime rate comparison only for US urban sites from release 2024 with the crime-risk feature', () => {
    expect(availableReportModes(context())).toEqual([0, 7]);
    expect(availableReportModes(context({ account: { allowCrimeRiskFeature: false, allowPOI: false } }))).toEqual([0]);
    expect(availableReportModes(context({ site: { ...urbanUs, ct: 1 } }))).toEqual([0]);
    expect(availableReportModes(context({ report: { ...usReport, releaseYear: 2023 } }))).toEqual([0]);
    expect(availableReportModes(context({ report: { ...usReport, releaseYear: 2024 } }))).toEqual([0, 7]);
    expect(availableReportModes(context({ report: { ...usReport, countryID: 2 } }))).toEqual([0]);
  });

  it('offers proximity and demographics only when the report holds them, and proximity to add where the account has points of interest', () => {
    const report = { ...usReport, hasProximity: true, hasDemographics: true };
    expect(availableReportModes(context({ report, account: { allowCrimeRiskFeature: false, allowPOI: false } }))).toEqual([0, 1, 6]);
    expect(availableReportModes(context({ account: { allowCrimeRiskFeature: false, allowPOI: true } }))).toEqual([0, 1]);
    expect(availableReportModes(context({ report: null, account: { allowCrimeRiskFeature: false, allowPOI: true } }))).toEqual([0]);
  });

  it('offers police incidents for Great Britain outside Scotland only', () => {
    const uk = (state: string | null) => context({ report: { ...usReport, countryID: 3 }, site: { countryCode: 'GBR', state, ct: 2 } });
    expect(availableReportModes(uk('ENG'))).toEqual([0, 4]);
    expect(availableReportModes(uk(null))).toEqual([0, 4]);
    expect(availableReportModes(uk('Scotland'))).toEqual([0]);
    expect(availableReportModes(uk('SCT'))).toEqual([0]);
    expect(availableReportModes(uk('NIR'))).toEqual([0]);
  });

  it('never offers survey, metadata or citywide maps, and only scores without a report', () => {
    expect(availableReportModes(context({ report: null }))).toEqual([0]);
    for (const mode of [2, 3, 5]) expect(resolveReportMode(mode, context())).toBe(0);
  });

  it('returns to scores when the mode asked for does not apply', () => {
    expect(resolveReportMode(7, context())).toBe(7);
    expect(resolveReportMode(7, context({ site: { ...urbanUs, ct: 0 } }))).toBe(0);
    expect(resolveReportMode(undefined, context())).toBe(0);
    expect(resolveReportMode(42, context())).toBe(0);
  });
});

describe('methodology and release choice', () => {
  it('orders methodologies 2, 3, 1, 4 and falls back to the first of them', () => {
    expect(methodologiesByPriority([4, 1, 3, 2])).toEqual([2, 3, 1, 4]);
    expect(chooseReportMethodology(1, [1, 4])).toBe(1);
    expect(chooseReportMethodology(2, [4, 1])).toBe(1);
    expect(chooseReportMethodology(2, [])).toBeUndefined();
  });

  it('lists each release of the reports once, newest first', () => {
    expect(reportReleaseYears([{ releaseYear: 2024 }, { releaseYear: 2026 }, { releaseYear: 2024 }])).toEqual([2026, 2024]);
  });

  it('shows the newest report of the chosen release; current accepts reports up to two releases old', () => {
    const reports = [{ releaseYear: 2022, id: 1 }, { releaseYear: 2024, id: 2 }, { releaseYear: 2025, id: 3 }];
    expect(pickReportForRelease(reports, -1, 1)?.id).toBe(3);
    expect(pickReportForRelease(reports, 2024, 1)?.id).toBe(2);
    expect(pickReportForRelease(reports, 2023, 1)).toBeUndefined();
    expect(pickReportForRelease([{ releaseYear: 2023 }], -1, 1)).toBeUndefined();
  });

  it('reads the data of any report type', () => {
    expect(productDataOf({ basicData: [] })).toEqual([]);
    expect(productDataOf({})).toEqual([]);
  });
});

function score(partial: Partial<TScore> & Pick<TScore, 'order'>): TScore {
  return {
    name: 'Robbery',
    value: 120,
    scoreIndex: 0,
    scoreType: 'offence',
    isHeading: false,
    low: 100,
    high: 140,
    coverage: 'reported',
    crimeType: 'robbery',
    region: 'national',
    period: 'current',
    ...partial,
  };
}

describe('score table', () => {
  it('groups score rows under their headings, one row per crime type keyed by area and period', () => {
    const heading = score({ order: 0, name: 'Crimes Against Persons', isHeading: true, scoreType: 'heading', value: null, crimeType: null, region: null, period: null });
    const groups = scoreTableOf({
      scores: [
        score({ order: 2, region: 'county', period: 'past', value: 300 }),
        heading,
        score({ order: 1, value: 120 }),
        score({ order: 3, name: 'Crimes Against Persons', crimeType: 'persons', scoreType: 'aggregate', value: 90 }),
      ],
    });
    expect(groups).toHaveLength(1);
    expect(groups[0]!.heading).toBe('Crimes Against Persons');
    expect(groups[0]!.rows.map((row) => [row.name, row.aggregate])).toEqual([['Robbery', false], ['Crimes Against Persons', true]]);
    expect(groups[0]!.rows[0]!.cells.national?.current?.value).toBe(120);
    expect(groups[0]!.rows[0]!.cells.county?.past?.value).toBe(300);
    expect(groups[0]!.rows[0]!.cells.state).toBeUndefined();
  });
});

describe('outside links', () => {
  it('links the FEMA National Risk Index for US reports from release 2022 only', () => {
    expect(nationalHazardsLink(1, 2022)?.href).toBe('https://hazards.fema.gov/nri/map');
    expect(nationalHazardsLink(1, 2021)).toBeNull();
    expect(nationalHazardsLink(2, 2026)).toBeNull();
  });

  it("links each country's official crime statistics", () => {
    const site = { countryCode: 'USA', state: null };
    expect(crimeStatisticsLink(1, site)?.publisher).toBe('FBI');
    expect(crimeStatisticsLink(6, site)?.publisher).toBe('FBI');
    expect(crimeStatisticsLink(2, site)?.publisher).toBe('Statistics Canada');
    expect(crimeStatisticsLink(3, { countryCode: 'GBR', state: 'ENG' })?.href).toBe('https://data.police.uk/');
    expect(crimeStatisticsLink(3, { countryCode: 'GBR', state: 'Scotland' })?.publisher).toBe('Scottish Government');
    expect(crimeStatisticsLink(5, site)?.publisher).toBe('SESNSP');
    expect(crimeStatisticsLink(9, site)).toBeNull();
  });
});
