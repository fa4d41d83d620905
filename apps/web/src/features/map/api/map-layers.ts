import { useQuery } from '@tanstack/react-query';
import { ZMapLayersResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET map/layers: the layers the layers panel lists (the list is the product's, so it is asked once). */
export function useMapLayers() {
  return useQuery({
    queryKey: ['map', 'layers'],
    queryFn: ({ signal }) => apiFetch('map/layers', { signal, schema: ZMapLayersResponse }),
    staleTime: Infinity,
  });
}
