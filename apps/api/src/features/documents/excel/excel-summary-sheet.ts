import {
  countryNameOf,
  methodologyOf,
  REPORT_TYPE_NAMES,
  SCORE_KEYS,
  scoreDisplayName,
  type CountryId,
  type MethodologyTypeId,
  type ReportType,
  type SheetValue,
} from '@riskatlas/domain';
import type { SummaryRow } from './excel.repository';

/*
 * The columns of an Excel summary: one row per report, the site's fields, then every score of
 * each chosen methodology. Score columns are named for the United States' areas (State, County):
 * a summary mixes countries, and the Country column says which areas a row compares against.
 */

/** The header of a summary with these methodology columns. */
export function summaryHeader(externalIdName: string, methodologies: readonly MethodologyTypeId[]): string[] {
  const columns = [
    'Report ID', 'Site ID', 'Site Name', externalIdName, 'Street', 'Street 2', 'City', 'State', 'Zip Code', 'County', 'Country',
    'Latitude', 'Longitude', 'Tags', 'Report Type', 'Release', 'Methodologies', 'Report Date (UTC)',
  ];
  for (const id of methodologies) {
    const name = methodologyOf(id)?.name ?? String(id);
    for (const key of SCORE_KEYS) columns.push(`${name}: ${scoreDisplayName(key, 1)}`);
  }
  return columns;
}

/** One report's cells, in summaryHeader's order; a methodology the report lacks leaves its columns empty. */
export function summaryCells(row: SummaryRow, methodologies: readonly MethodologyTypeId[]): SheetValue[] {
  const cells: SheetValue[] = [
    row.accountProductReportId,
    row.siteId,
    row.siteName,
    row.externalId,
    row.street,
    row.street2,
    row.city,
    row.state,
    row.zipCode,
    row.county,
    countryNameOf(row.countryId as CountryId),
    row.latitude,
    row.longitude,
    row.tags.join(';'),
    REPORT_TYPE_NAMES[row.reportType as ReportType] ?? String(row.reportType),
    row.releaseYear,
    row.methodologyTypeIds.map((id) => methodologyOf(id)?.name ?? String(id)).join('; '),
    row.created,
  ];
  const byMethodology = new Map(row.scores);
  for (const id of methodologies) {
    const values = byMethodology.get(id);
    for (let index = 0; index < SCORE_KEYS.length; index += 1) cells.push(values ? values[index] : null);
  }
  return cells;
}
