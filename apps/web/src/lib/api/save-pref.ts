import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPrefType } from '@riskatlas/domain';
import { apiFetch } from '../api-client';
import { prefKey, type PrefValue } from './get-pref';

/** POST users/prefs?type with the value as the body. appSettings merge on the server, so a part may be sent. */
function savePref<T extends TPrefType>(type: T, value: PrefValue<T>): Promise<unknown> {
  return apiFetch('users/prefs', { method: 'POST', query: { type }, body: value });
}

/**
 * Saves a preference. The cache is updated before the call, so the UI follows the user at once;
 * appSettings are merged into the cached value the way the server merges them.
 */
export function useSavePref<T extends TPrefType>(type: T) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: PrefValue<T>) => savePref(type, value),
    onMutate: (value: PrefValue<T>) => {
      const key = prefKey(type);
      const previous = queryClient.getQueryData<PrefValue<T> | null>(key);
      const merged =
        type === 'appSettings' && previous && typeof previous === 'object' ? { ...(previous as object), ...(value as object) } : value;
      queryClient.setQueryData(key, merged);
    },
  });
}
