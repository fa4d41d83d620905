import { useQuery } from '@tanstack/react-query';
import { ZBackdateChart, type TBackdateChart } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET account/backdatechart: whether the caller may backdate, to which releases, and the fee. */
function getBackdateChart(): Promise<TBackdateChart> {
  return apiFetch('account/backdatechart', { schema: ZBackdateChart });
}

/** The backdate chart, read when the wizard offers a release-year choice. */
export function useBackdateChart(enabled: boolean) {
  return useQuery({ queryKey: ['account', 'backdatechart'], queryFn: getBackdateChart, enabled, staleTime: 60_000 });
}
