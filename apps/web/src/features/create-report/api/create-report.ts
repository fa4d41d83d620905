import { ZReport, type TCreateReportRequest, type TReport } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST reports: one report for an existing site (siteId) or a new site described by the payload. */
export function createReport(input: { report: TCreateReportRequest; sendReportEmail: boolean; ignoreDuplicates: boolean }): Promise<TReport> {
  return apiFetch('reports', {
    method: 'POST',
    query: { sendReportEmail: input.sendReportEmail || undefined, ignoreDuplicates: input.ignoreDuplicates || undefined },
    body: input.report,
    schema: ZReport,
  });
}

