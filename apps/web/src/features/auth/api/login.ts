import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLoginResponse, type TLoginRequest, type TLoginResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { setCsrfToken } from '../../../lib/csrf';
import { currentUserQueryOptions } from '../../../lib/api/current-user';

/** POST auth/login: starts a session (HttpOnly cookie) and returns the CSRF token for writes. */
function login(body: TLoginRequest): Promise<TLoginResponse> {
  return apiFetch('auth/login', { method: 'POST', body, schema: ZLoginResponse, authenticated: false });
}

/**
 * Signs in: keeps the CSRF token for this tab, forgets everything cached for any earlier session
 * and loads the new user before resolving, so the caller can move on to the first page.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      setCsrfToken(response.csrfToken);
      queryClient.removeQueries();
      await queryClient.fetchQuery(currentUserQueryOptions());
    },
  });
}
