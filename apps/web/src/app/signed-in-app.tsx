import { Suspense } from 'react';
import type { TCurrentUser } from '@riskatlas/domain';
import { PageSpinner } from '../components/page-spinner';
import { PageId } from '../lib/page-ids';
import { SessionMonitor } from '../features/session/components/session-monitor';
import { TaskNotifications } from '../features/tasks/components/task-notifications';
import type { PageDefinition } from './pages';
import { Shell } from './shell/shell';

/**
 * A signed-in user's app: the session rules, task tracking (when the page shows the user widget)
 * and the shell around the page.
 */
export default function SignedInApp({ user, page }: { user: TCurrentUser; page: PageDefinition }) {
  const Page = page.component;
  const disabled = page.id === PageId.SessionDisabled;
  return (
    <>
      {/* Keyed by the acting account: starting or ending impersonation starts the rules afresh
          (the read-only flag they compare against belongs to the account). */}
      <SessionMonitor key={`session-${user.accountID}`} user={user} enabled={!disabled} />
      {page.layout.userWidget ? <TaskNotifications key={`tasks-${user.accountID}`} isAdmin={user.adminMode} /> : null}
      <Shell user={user} page={page}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </Shell>
    </>
  );
}

