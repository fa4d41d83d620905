import {
  documentMethodologies,
  isCountryId,
  productDataFieldFor,
  releaseHasMapAndPdf,
  ReportDocumentMessages,
  type CountryId,
  type ReportType,
  type TProductData,
  type TReport,
} from '@riskatlas/domain';
import type { Db } from '../../db/client';
import type { SiteRow } from '../../db/schema/index';
import type { Caller } from '../../access/caller';
import { AppError } from '../../lib/app-error';
import { scopedReport } from '../report-context/index';
import { presentReport } from '../reports/index';

/** A report a document is made of: the report as the Detail page reads it, and its site. */
export interface DocumentReport {
  report: TReport;
  site: SiteRow;
  countryId: CountryId;
  /** The methodologies the document shows, in priority order, each with its scores. */
  methodologies: TProductData[];
}

/**
 * The report behind a PDF, map or e-mail: the caller's (another account's is 404), of a release
 * that has documents (2006 and earlier have none: 400), narrowed to the asked methodologies, each
 * of which must be the report's (400).
 */
export async function documentReport(db: Db, auth: Caller, accountProductReportId: number, asked: readonly number[] | undefined): Promise<DocumentReport> {
  const { report: row, site } = await scopedReport(db, auth, accountProductReportId);
  if (!releaseHasMapAndPdf(row.releaseYear)) throw AppError.badRequest(ReportDocumentMessages.noPdfForRelease, 'releaseYear');
  if (asked?.length === 0) throw AppError.badRequest(ReportDocumentMessages.noMethodology, 'methodologies');
  if (asked?.some((id) => !row.methodologyTypeIds.includes(id))) throw AppError.badRequest(ReportDocumentMessages.methodologyNotInReport, 'methodologies');
  if (!isCountryId(row.countryId)) throw new Error(`Report ${row.accountProductReportId} has unknown country ${row.countryId}`);
  const report = presentReport(row, site, auth);
  const entries = (report[productDataFieldFor(row.reportType as ReportType)] ?? []) as TProductData[];
  const chosen = documentMethodologies(row.methodologyTypeIds, asked);
  const methodologies = chosen.map((id) => entries.find((entry) => entry.methodologyType === id)).filter((entry): entry is TProductData => entry !== undefined);
  return { report, site, countryId: row.countryId, methodologies };
}
