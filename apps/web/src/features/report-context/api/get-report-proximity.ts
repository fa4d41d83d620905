import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZReportProximity, type TReportProximity } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { reportContextKeys } from './report-context-keys';

/** GET reports/{id}/proximity: the points of interest near the report's site, per layer. */
function getReportProximity(reportId: number, signal?: AbortSignal): Promise<TReportProximity> {
  return apiFetch(`reports/${reportId}/proximity`, { schema: ZReportProximity, signal });
}

const reportProximityQueryOptions = (reportId: number) =>
  queryOptions({ queryKey: reportContextKeys.proximity(reportId), queryFn: ({ signal }) => getReportProximity(reportId, signal) });

/** The report's points of interest; asked only when `enabled` (the report has the Proximity add-on). */
export function useReportProximity(reportId: number, enabled: boolean) {
  return useQuery({ ...reportProximityQueryOptions(reportId), enabled });
}
