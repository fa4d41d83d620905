import {
  countryNameOf,
  CRIME_TYPE_KEYS,
  CRIME_TYPE_NAMES,
  defaultScoreFormat,
  methodologyOf,
  regionName,
  REPORT_TYPE_NAMES,
  SCORE_PERIOD_NAMES,
  SCORE_PERIODS,
  scoreIndexOf,
  visibleRegions,
  type CountryId,
  type ReportType,
  type ScoreRegion,
} from '@riskatlas/domain';
import type { ReportRow, StoredProductData } from '../../../db/schema/index';
import type { ExcelSite } from './excel.repository';
import { addHeaderRow, bandFill, sheetRow, type XlsxSheet, type XlsxWorkbook } from './xlsx-cells';

/** A data source the Sources sheet credits. */
export interface SheetSource {
  name: string;
  publisher: string;
  licence: string;
  attribution: string;
  url?: string;
}

/** What one report's workbook is made of. */
export interface ReportWorkbookInput {
  report: ReportRow;
  site: ExcelSite;
  /** The account's label of the external id. */
  externalIdName: string;
  sources: readonly SheetSource[];
}

/** A methodology's sheet name: its name, within Excel's 31 characters. */
function sheetNameOf(methodologyTypeId: number): string {
  return (methodologyOf(methodologyTypeId)?.name ?? `Methodology ${methodologyTypeId}`).slice(0, 31);
}

function addSiteSheet(workbook: XlsxWorkbook, input: ReportWorkbookInput, countryId: CountryId): void {
  const { report, site } = input;
  const sheet = workbook.addWorksheet('Site');
  sheet.columns = [{ width: 22 }, { width: 60 }];
  addHeaderRow(sheet, ['Field', 'Value']);
  const methodologies = report.methodologyTypeIds.map((id) => methodologyOf(id)?.name ?? String(id)).join('; ');
  const fields: [string, string | number | Date | null][] = [
    ['Site Name', site.siteName],
    ['Site ID', site.siteId],
    [input.externalIdName, site.externalId],
    ['Street', site.street],
    ['Street 2', site.street2],
    ['City', site.city],
    ['State', site.state],
    ['Zip Code', site.zipCode],
    ['County', site.county],
    ['Country', countryNameOf(countryId)],
    ['Latitude', site.latitude],
    ['Longitude', site.longitude],
    ['Report ID', report.accountProductReportId],
    ['Report Type', REPORT_TYPE_NAMES[report.reportType as ReportType] ?? String(report.reportType)],
    ['Release', report.releaseYear],
    ['Methodologies', methodologies],
    ['Report Date (UTC)', report.created],
    ['Colour Scheme', `${defaultScoreFormat(report.releaseYear)} colours`],
  ];
  for (const [label, value] of fields) sheet.addRow(sheetRow([label, value])).commit();
  sheet.commit();
}

/** The score grid: crime types down, comparison area × period across, each score filled in its band colour. */
function addScoreGrid(sheet: XlsxSheet, entry: StoredProductData, countryId: CountryId, regions: readonly ScoreRegion[]): void {
  const areaName = (region: ScoreRegion) => (region === 'state' ? entry.sa : region === 'county' ? entry.ca : null);
  const regionHeader: string[] = ['Crime Type'];
  const periodHeader: string[] = [''];
  for (const region of regions) {
    const area = areaName(region);
    regionHeader.push(area ? `${regionName(region, countryId)} (${area})` : regionName(region, countryId), '', '');
    SCORE_PERIODS.forEach((period, index) => periodHeader.push(`${SCORE_PERIOD_NAMES[period]} (${entry.py[index]})`));
  }
  // A streaming sheet merges cells only before their row is committed.
  const regionRow = sheet.addRow(sheetRow(regionHeader));
  regionRow.font = { bold: true };
  regions.forEach((_, index) => sheet.mergeCells(regionRow.number, 2 + index * 3, regionRow.number, 4 + index * 3));
  regionRow.commit();
  addHeaderRow(sheet, periodHeader);
  for (const crimeType of CRIME_TYPE_KEYS) {
    const values: number[] = [];
    for (const region of regions) for (const period of SCORE_PERIODS) values.push(entry.v[scoreIndexOf({ crimeType, region, period })]!);
    const row = sheet.addRow(sheetRow([CRIME_TYPE_NAMES[crimeType], ...values]));
    values.forEach((value, index) => (row.getCell(index + 2).fill = bandFill(value, countryId, entry.y)));
    row.commit();
  }
}

/** One line per score with its confidence bounds and whether the model imputed it. */
function addScoreDetail(sheet: XlsxSheet, entry: StoredProductData, countryId: CountryId, regions: readonly ScoreRegion[]): void {
  addHeaderRow(sheet, ['Crime Type', 'Comparison Area', 'Period', 'Year', 'Score', 'Low', 'High', 'Imputed']);
  for (const crimeType of CRIME_TYPE_KEYS) {
    for (const region of regions) {
      SCORE_PERIODS.forEach((period, periodIndex) => {
        const index = scoreIndexOf({ crimeType, region, period });
        const score = entry.v[index]!;
        const row = sheet.addRow(
          sheetRow([CRIME_TYPE_NAMES[crimeType], regionName(region, countryId), SCORE_PERIOD_NAMES[period], entry.py[periodIndex]!, score, entry.lo[index]!, entry.hi[index]!, entry.rep[index] === '1' ? 'No' : 'Yes']),
        );
        row.getCell(5).fill = bandFill(score, countryId, entry.y);
        row.commit();
      });
    }
  }
}

function addMethodologySheet(workbook: XlsxWorkbook, entry: StoredProductData, countryId: CountryId, regions: readonly ScoreRegion[]): void {
  const sheet = workbook.addWorksheet(sheetNameOf(entry.m));
  sheet.columns = [{ width: 26 }, ...Array.from({ length: regions.length * 3 }, () => ({ width: 16 }))];
  const title = sheet.addRow([`${methodologyOf(entry.m)?.name ?? entry.m} scores, release ${entry.y}`]);
  title.font = { bold: true, size: 13 };
  title.commit();
  sheet.addRow([]).commit();
  addScoreGrid(sheet, entry, countryId, regions);
  sheet.addRow([]).commit();
  addScoreDetail(sheet, entry, countryId, regions);
  sheet.commit();
}

function addSourcesSheet(workbook: XlsxWorkbook, sources: readonly SheetSource[]): void {
  const sheet = workbook.addWorksheet('Sources');
  sheet.columns = [{ width: 50 }, { width: 30 }, { width: 24 }, { width: 50 }, { width: 50 }];
  addHeaderRow(sheet, ['Source', 'Publisher', 'Licence', 'Attribution', 'URL']);
  for (const source of sources) sheet.addRow(sheetRow([source.name, source.publisher, source.licence, source.attribution, source.url ?? null])).commit();
  sheet.commit();
}

/**
 * Writes one report as a workbook: a Site sheet (the site, the report's type, release,
 * methodologies and date), one sheet per methodology (the score grid in its band colours, then
 * every score with its bounds and imputed flag; state scores left out where the report hides them)
 * and a Sources sheet crediting the data. Commits the workbook.
 */
export async function writeReportWorkbook(workbook: XlsxWorkbook, input: ReportWorkbookInput): Promise<void> {
  const countryId = input.report.countryId as CountryId;
  const regions = visibleRegions({ countryId, releaseYear: input.report.releaseYear, state: input.site.admin1Code ?? input.site.state });
  addSiteSheet(workbook, input, countryId);
  for (const entry of input.report.productData) addMethodologySheet(workbook, entry, countryId, regions);
  addSourcesSheet(workbook, input.sources);
  await workbook.commit();
}
