import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCrimeRateComparison, type TCrimeRateComparison } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { reportContextKeys } from './report-context-keys';

/** GET reports/{siteId}/crcfData?reportId: actual against expected crime rates per methodology of the report. */
function getCrimeRates(siteId: number, reportId: number, signal?: AbortSignal): Promise<TCrimeRateComparison> {
  return apiFetch(`reports/${siteId}/crcfData`, { query: { reportId }, schema: ZCrimeRateComparison, signal });
}

const crimeRatesQueryOptions = (siteId: number, reportId: number) =>
  queryOptions({ queryKey: reportContextKeys.crimeRates(siteId, reportId), queryFn: ({ signal }) => getCrimeRates(siteId, reportId, signal) });

/** The crime rate comparison of a site's report; asked only when `enabled` (the comparison applies). */
export function useCrimeRates(siteId: number, reportId: number, enabled: boolean) {
  return useQuery({ ...crimeRatesQueryOptions(siteId, reportId), enabled });
}
