import { useMutation } from '@tanstack/react-query';
import type { TForgotRequest } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST auth/forgot: e-mails a one-time reset link when the address belongs to a user (the answer never says). */
function forgotPassword(body: TForgotRequest): Promise<unknown> {
  return apiFetch('auth/forgot', { method: 'POST', body, authenticated: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
