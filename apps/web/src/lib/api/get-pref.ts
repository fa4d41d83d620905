import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREF_VALUE_SCHEMAS, ZPrefResponse, type TPrefType } from '@riskatlas/domain';
import { apiFetch } from '../api-client';

/** The stored value type of a preference. */
export type PrefValue<T extends TPrefType> = ReturnType<(typeof PREF_VALUE_SCHEMAS)[T]['parse']>;

export const prefKey = (type: TPrefType) => ['users', 'prefs', type] as const;

/**
 * GET users/prefs?type: the user's saved value, or null when none is saved. A stored value that no
 * longer fits its schema counts as none, so an old setting never breaks the page.
 */
async function getPref<T extends TPrefType>(type: T, signal?: AbortSignal): Promise<PrefValue<T> | null> {
  const response = await apiFetch('users/prefs', { query: { type }, schema: ZPrefResponse, signal });
  if (response.value === null || response.value === undefined) return null;
  const parsed = PREF_VALUE_SCHEMAS[type].safeParse(response.value);
  return parsed.success ? (parsed.data as PrefValue<T>) : null;
}

export const prefQueryOptions = <T extends TPrefType>(type: T) =>
  queryOptions({
    queryKey: prefKey(type),
    queryFn: ({ signal }) => getPref(type, signal),
    staleTime: Infinity,
  });

/** A saved preference of the signed-in user (null when none is saved). */
export function usePref<T extends TPrefType>(type: T, options: { enabled?: boolean } = {}) {
  return useQuery({ ...prefQueryOptions(type), enabled: options.enabled ?? true });
}
