import { ReportMessages } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import type { ReportRow, SiteRow } from '../../db/schema/index';
import type { Caller } from '../../access/caller';
import { siteScope } from '../../access/site-scope';
import { AppError } from '../../lib/app-error';
import { findScopedReports } from '../reports/index';
import { findScopedSiteRow } from '../sites/index';

/** A report the caller may see, with its site. */
export interface ScopedReport {
  report: ReportRow;
  site: SiteRow;
}

/** The report and its site through the caller's site scope; another account's (or a hidden) report is 404. */
export async function scopedReport(db: Db, caller: Caller, accountProductReportId: number): Promise<ScopedReport> {
  const scope = await siteScope(db, caller);
  const [report] = await findScopedReports(db, scope, [accountProductReportId]);
  const site = report && (await findScopedSiteRow(db, scope, report.siteId));
  if (!report || !site) throw AppError.notFound(ReportMessages.reportNotFound);
  return { report, site };
}
