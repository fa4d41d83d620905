import { CSV_NEWLINE, csvRow, METHODOLOGIES, REPORT_TYPE_NAMES, ReportFeature, type CsvValue, type ReportType } from '@riskatlas/domain';
import { countryLabel, summaryOfRow } from './site-presenter';
import { SiteCol, type SiteRowArray, type SummaryRelease } from './site-rows.repository';

/** Community type names (Site.ct). */
const COMMUNITY_TYPES = ['Rural', 'Suburban', 'Urban', 'Unknown'] as const;

const FEATURE_NAMES: readonly [number, string][] = [
  [ReportFeature.HeatMap, 'HeatMap'],
  [ReportFeature.SupplementalScores, 'Supplemental Scores'],
  [ReportFeature.Demographics, 'Demographics'],
];

/** What a site CSV holds beyond the site columns. */
export interface SiteCsvOptions {
  /** The account's label of the external id column. */
  externalIdName: string;
  /** Add the report summary columns. */
  reportSummary: boolean;
  /** Which report the summary columns describe. */
  release: SummaryRelease;
}

/** The header line (with its line end). */
export function siteCsvHeader(options: SiteCsvOptions): string {
  const columns: string[] = [
    'Site ID', 'Site Name', options.externalIdName, 'Street', 'Street 2', 'City', 'State', 'Zip Code', 'County', 'Country',
    'Latitude', 'Longitude', 'Community Type', 'Tags', 'Notes', 'Classification IDs', 'Geocode Type', 'Created (UTC)',
  ];
  if (options.reportSummary) {
    columns.push('Release Year', 'Report Type', 'Features', ...METHODOLOGIES.map((m) => `${m.name} Score`), 'Last Report Ran (UTC)');
  }
  return csvRow(columns) + CSV_NEWLINE;
}

const msDate = (value: unknown): Date | null => (value === null ? null : new Date(value as number));

/**
 * One site row as a CSV line (with its line end). Every text cell goes through the domain's csvCell,
 * which defuses spreadsheet formulas (a name or note starting with = + - @) and quotes as needed.
 */
export function siteCsvLine(row: SiteRowArray, options: SiteCsvOptions): string {
  const cells: CsvValue[] = [
    row[SiteCol.siteId] as number,
    row[SiteCol.siteName] as string,
    row[SiteCol.eid] as string | null,
    row[SiteCol.street] as string | null,
    row[SiteCol.street2] as string | null,
    row[SiteCol.city] as string | null,
    row[SiteCol.state] as string | null,
    row[SiteCol.zipCode] as string | null,
    row[SiteCol.county] as string | null,
    countryLabel(row[SiteCol.countryId] as number),
    row[SiteCol.latitude] as number,
    row[SiteCol.longitude] as number,
    COMMUNITY_TYPES[row[SiteCol.ct] as number] ?? null,
    (row[SiteCol.tags] as string[]).join(';'),
    row[SiteCol.notes] as string | null,
    (row[SiteCol.classes] as number[]).join(';'),
    row[SiteCol.geocodeType] as string | null,
    msDate(row[SiteCol.created]),
  ];
  if (options.reportSummary) {
    const { l, s } = summaryOfRow(row, options.release);
    cells.push(
      l?.r ?? null,
      l ? (REPORT_TYPE_NAMES[l.p as ReportType] ?? String(l.p)) : null,
      l ? FEATURE_NAMES.filter(([bit]) => (l.f & bit) !== 0).map(([, name]) => name).join(';') : null,
      ...METHODOLOGIES.map((m) => s[String(m.methodologyTypeId)] ?? null),
      msDate(row[SiteCol.lrr]),
    );
  }
  return csvRow(cells) + CSV_NEWLINE;
}
