import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ErrorCode, SessionStatus, ZCurrentUser, ZSessionInfo, type TCurrentUser } from '@riskatlas/domain';
import { apiFetch, isApiError, reportSessionProblem } from '../api-client';
import { getCsrfToken } from '../csrf';

/**
 * GET users/current: the signed-in user with their account. Shared by every feature (roles,
 * account settings, theme), so it lives here rather than in one feature. Null means signed out.
 */
export const CURRENT_USER_KEY = ['users', 'current'] as const;

async function getCurrentUser(signal?: AbortSignal): Promise<TCurrentUser | null> {
  // A tab without a CSRF token is most likely signed out: ask the public session check first, so
  // a visitor's first page load does not end in a 401.
  if (getCsrfToken() === null) {
    const session = await apiFetch('users/session', { schema: ZSessionInfo, signal, authenticated: false });
    if (session.status !== SessionStatus.Active) return null;
  }
  try {
    // Not `authenticated`: a 401 here is the answer "signed out", not a reason to redirect.
    return await apiFetch('users/current', { schema: ZCurrentUser, signal, authenticated: false });
  } catch (error) {
    if (isApiError(error, ErrorCode.Unauthenticated) || (isApiError(error) && error.status === 401)) return null;
    // The account went under maintenance: sign out with the reason rather than show an error.
    if (isApiError(error, ErrorCode.AccountMaintenance)) {
      reportSessionProblem('maintenance');
      return null;
    }
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60_000,
  });

/** The signed-in user (null when signed out, undefined while loading). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** The signed-in user, for components that only render inside the signed-in shell. */
export function useSignedInUser(): TCurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser used outside the signed-in shell');
  return data;
}

/**
 * Calls `listener` each time GET users/current answers with a signed-in user, as the answer
 * arrives (before React renders it). Returns the unsubscribe function.
 */
export function onCurrentUserLoaded(queryClient: QueryClient, listener: (user: TCurrentUser) => void): () => void {
  const hash = hashKey(CURRENT_USER_KEY);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== hash) return;
    const user = event.action.data as TCurrentUser | null;
    if (user) listener(user);
  });
}
