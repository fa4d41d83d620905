import { StrictMode, useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { NotifierProvider } from '../components/notifier';
import { ActivityContext, ActivityTracker } from '../lib/activity';
import { setSessionProblemHandler } from '../lib/api-client';
import { CURRENT_USER_KEY } from '../lib/api/current-user';
import { ClockContext, realClock, type Clock } from '../lib/clock';
import { canonicalizeLocation } from '../lib/navigation';
import { signOut } from '../lib/session-actions';
import { onSignOutElsewhere } from '../lib/session-broadcast';
import { AppRoot } from './app-root';

/**
 * The app with its providers: server state (TanStack Query), the clock and the activity tracker
 * (injectable for tests), and notices. A refused session on any call signs the user out, and so
 * does a sign-out in another tab of the app.
 */
/** The sign-out reason (and so the Sign In notice) for each way an API call finds the session refused. */
const SIGN_OUT_REASONS = { unauthenticated: 'signedOut', csrf: 'sessionLost', maintenance: 'maintenance' } as const;

export function App({ queryClient, clock = realClock }: { queryClient: QueryClient; clock?: Clock }) {
  const [activity] = useState(() => new ActivityTracker(clock));

  useEffect(() => activity.attach(window), [activity]);

  useEffect(() => {
    canonicalizeLocation();
    setSessionProblemHandler((problem) => void signOut(queryClient, SIGN_OUT_REASONS[problem]));
    return () => setSessionProblemHandler(null);
  }, [queryClient]);

  useEffect(
    () =>
      onSignOutElsewhere((reason) => {
        if (queryClient.getQueryData(CURRENT_USER_KEY)) void signOut(queryClient, reason, { elsewhere: true });
      }),
    [queryClient],
  );

  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ClockContext.Provider value={clock}>
          <ActivityContext.Provider value={activity}>
            <NotifierProvider>
              <AppRoot />
            </NotifierProvider>
          </ActivityContext.Provider>
        </ClockContext.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
}
