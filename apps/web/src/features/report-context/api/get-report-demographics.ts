import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZReportDemographics, type TReportDemographics } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { reportContextKeys } from './report-context-keys';

/** GET reports/{id}/{x}/demographics: the county demographics of the report's site ('all' sections, or one). */
function getReportDemographics(reportId: number, section: number | 'all', signal?: AbortSignal): Promise<TReportDemographics> {
  return apiFetch(`reports/${reportId}/${section}/demographics`, { schema: ZReportDemographics, signal });
}

const reportDemographicsQueryOptions = (reportId: number, section: number | 'all') =>
  queryOptions({ queryKey: reportContextKeys.demographics(reportId, section), queryFn: ({ signal }) => getReportDemographics(reportId, section, signal) });

/** Every section of the report's demographics; asked only when `enabled` (the report has the Demographics add-on). */
export function useReportDemographics(reportId: number, enabled: boolean) {
  return useQuery({ ...reportDemographicsQueryOptions(reportId, 'all'), enabled });
}
