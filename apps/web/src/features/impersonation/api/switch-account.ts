import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCurrentUser, type TCurrentUser } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../lib/api/current-user';
import { goToPage } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';

/** POST auth/impersonate (provider staff): the session acts in a customer account from now on. */
function startImpersonation(accountId: number): Promise<TCurrentUser> {
  return apiFetch('auth/impersonate', { method: 'POST', body: { accountId }, schema: ZCurrentUser });
}

/** POST auth/impersonate/end: back to the staff member's own account. */
function endImpersonation(): Promise<TCurrentUser> {
  return apiFetch('auth/impersonate/end', { method: 'POST', schema: ZCurrentUser });
}

/**
 * Switches the acting account (start or end impersonation). Everything cached belonged to the
 * other account, so it is all dropped; the user answer of the call becomes the current user and
 * the default page opens.
 */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { accountId: number } | 'home') => (target === 'home' ? endImpersonation() : startImpersonation(target.accountId)),
    onSuccess: (user) => {
      goToPage(PageId.Sites);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] || query.queryKey[1] !== CURRENT_USER_KEY[1] });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}
