import { ZReport, type TReport, type TUpgradeSingleReportRequest } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST reports/upgrade/single: upgrades one report to a higher type and/or adds add-ons. */
export function upgradeReport(request: TUpgradeSingleReportRequest): Promise<TReport> {
  return apiFetch('reports/upgrade/single', { method: 'POST', body: request, schema: ZReport });
}

