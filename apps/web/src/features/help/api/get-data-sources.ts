import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDataSourceList, type TDataSource } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

const dataSourcesKey = ['data', 'sources'] as const;

/** GET data/sources: the data pack's sources, licences and the attribution they require. */
function getDataSources(signal?: AbortSignal): Promise<TDataSource[]> {
  return apiFetch('data/sources', { schema: ZDataSourceList, signal });
}

/** The list ships with the server's data pack and changes only on deploy: keep it for the session. */
const dataSourcesQueryOptions = () =>
  queryOptions({ queryKey: dataSourcesKey, queryFn: ({ signal }) => getDataSources(signal), staleTime: Number.POSITIVE_INFINITY });

export function useDataSources() {
  return useQuery(dataSourcesQueryOptions());
}
