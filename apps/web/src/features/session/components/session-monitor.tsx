import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionVerdict, TCurrentUser } from '@riskatlas/domain';
import { goToPage } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { signOut } from '../../../lib/session-actions';
import { useInactivity } from '../hooks/use-inactivity';
import { useSessionChecks } from '../hooks/use-session-checks';
import { InactivityDialog } from './inactivity-dialog';

/**
 * The session rules for a signed-in user: server checks on a schedule (signing out
 * when ≤ 10 minutes remain, on maintenance, when the read-only flag changed or when a check
 * fails; status -1 opens Session Disabled) and the inactivity warning and sign-out.
 */
export function SessionMonitor({ user, enabled }: { user: TCurrentUser; enabled: boolean }) {
  const queryClient = useQueryClient();

  const onVerdict = useCallback(
    (verdict: Exclude<SessionVerdict, { action: 'stay' }>) => {
      if (verdict.action === 'disable') {
        goToPage(PageId.SessionDisabled, {}, { replace: true });
        return;
      }
      void signOut(queryClient, verdict.reason);
    },
    [queryClient],
  );

  useSessionChecks({ enabled, userId: user.userId, initialReadOnly: user.account.readOnly, onVerdict });

  const inactivity = useInactivity({
    enabled,
    timeoutMinutes: user.account.inactivityTimeout,
    onExpire: () => void signOut(queryClient, 'inactivity'),
  });

  return (
    <InactivityDialog
      open={inactivity.warning}
      secondsLeft={inactivity.secondsLeft}
      onExtend={inactivity.extend}
      onSignOut={() => void signOut(queryClient, 'userRequest')}
    />
  );
}
