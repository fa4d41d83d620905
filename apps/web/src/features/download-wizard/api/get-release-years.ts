import { useQuery } from '@tanstack/react-query';
import { ZReleaseYearsResponse, type TReleaseYearsResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET account/releases/years: the releases of each country the account may choose among. */
function getReleaseYears(signal?: AbortSignal): Promise<TReleaseYearsResponse> {
  return apiFetch('account/releases/years', { schema: ZReleaseYearsResponse, signal });
}

/** The release years for the dataAdmin step; read only while that step can be reached. */
export function useReleaseYears(enabled: boolean) {
  return useQuery({ queryKey: ['account', 'releases', 'years'], queryFn: ({ signal }) => getReleaseYears(signal), enabled });
}
