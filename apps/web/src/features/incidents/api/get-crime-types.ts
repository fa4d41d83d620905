import { useQuery } from '@tanstack/react-query';
import { ZIncidentCrimeTypeList, type IncidentSource, type TIncidentCrimeType } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET sites/crimetypes (first source) or sites/crimetypesDOM (second source); they change only with a new data pack. */
export function useCrimeTypes(source: IncidentSource, enabled = true) {
  const path = source === 'first' ? 'sites/crimetypes' : 'sites/crimetypesDOM';
  return useQuery({
    queryKey: ['sites', path],
    queryFn: ({ signal }): Promise<TIncidentCrimeType[]> => apiFetch(path, { schema: ZIncidentCrimeTypeList, signal }),
    staleTime: Infinity,
    enabled,
  });
}
