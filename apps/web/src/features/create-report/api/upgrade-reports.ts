import { ZReportList, ZUpgradeReportsResponse, type TReport, type TUpgradeReportsRequest, type TUpgradeReportsResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET reports/{siteId}: every report of a site, newest first. */
export function siteReports(siteId: number): Promise<TReport[]> {
  return apiFetch(`reports/${siteId}`, { schema: ZReportList });
}

/** POST reports/upgrade: several reports of one type and the same methodologies upgraded alike (support staff). */
export function upgradeReports(request: TUpgradeReportsRequest): Promise<TUpgradeReportsResponse> {
  return apiFetch('reports/upgrade', { method: 'POST', body: request, schema: ZUpgradeReportsResponse });
}
