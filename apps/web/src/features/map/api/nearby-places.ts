import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAutocompleteResponse, type LatLng, type TAutocompletePrediction } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** Places around the map centre rank first within this many metres. */
const AUTOCOMPLETE_RADIUS_M = 200_000;

/** POST places/autocomplete with the map centre: places and postal codes matching the text, nearby first. */
async function nearbyPlaces(search: string, near: LatLng, signal?: AbortSignal): Promise<TAutocompletePrediction[]> {
  const body = { search, lat: near.latitude, lng: near.longitude, radius: AUTOCOMPLETE_RADIUS_M };
  const answer = await apiFetch('places/autocomplete', { method: 'POST', body, signal, schema: ZAutocompleteResponse });
  return answer.predictions;
}

/**
 * Place predictions for the Map page's search text, ranked around `near` (the map centre when the
 * user started typing). Nothing is asked below three characters.
 */
export function useNearbyPlaces(search: string, near: LatLng) {
  const text = search.trim();
  return useQuery({
    queryKey: ['places', 'autocomplete', text, near.latitude, near.longitude],
    queryFn: ({ signal }) => nearbyPlaces(text, near, signal),
    enabled: text.length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
