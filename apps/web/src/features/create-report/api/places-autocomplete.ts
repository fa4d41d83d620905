import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAutocompleteResponse, type TAutocompletePrediction } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST places/autocomplete: places, postal codes and coordinates matching what the user typed. */
async function placesAutocomplete(search: string, signal?: AbortSignal): Promise<TAutocompletePrediction[]> {
  const answer = await apiFetch('places/autocomplete', { method: 'POST', body: { search }, signal, schema: ZAutocompleteResponse });
  return answer.predictions;
}

/** Predictions for the search text; nothing is asked below three characters. */
export function usePlacesAutocomplete(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['places', 'autocomplete', text],
    queryFn: ({ signal }) => placesAutocomplete(text, signal),
    enabled: text.length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
