import { useMutation } from '@tanstack/react-query';
import type { TResetRequest } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST auth/reset: sets a new password with the one-time token from the e-mail. */
function resetPassword(body: TResetRequest): Promise<unknown> {
  return apiFetch('auth/reset', { method: 'POST', body, authenticated: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
