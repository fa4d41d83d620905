import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZProximityLayerList, type TProximityLayer } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { reportContextKeys } from './report-context-keys';

/** GET reports/proximity: the proximity layers the product offers. */
function getProximityLayers(signal?: AbortSignal): Promise<TProximityLayer[]> {
  return apiFetch('reports/proximity', { schema: ZProximityLayerList, signal });
}

const proximityLayersQueryOptions = () =>
  // The layers change only with a new release of the product.
  queryOptions({ queryKey: reportContextKeys.proximityLayers, queryFn: ({ signal }) => getProximityLayers(signal), staleTime: Infinity });

export function useProximityLayers() {
  return useQuery(proximityLayersQueryOptions());
}
