import { StrictMode, useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { NotifierProvider } from '../components/notifier';
import { ActivityContext, ActivityTracker } from '../lib/activity';
import { setSessionProblemHandler } from '../lib/api-client';
import { ClockContext, realClock, type Clock } from '../lib/clock';
import { canonicalizeLocation } from '../lib/navigation';
import { signOut } from '../lib/session-actions';
import { AppRoot } from './app-root';

/**
 * The app with its providers: server state (TanStack Query), the clock and the activity tracker
 * (injectable for tests), and notices. A refused session on any call signs the user out.
 */
export function App({ queryClient, clock = realClock }: { queryClient: QueryClient; clock?: Clock }) {
  const [activity] = useState(() => new ActivityTracker(clock));

  useEffect(() => activity.attach(window), [activity]);

  useEffect(() => {
    canonicalizeLocation();
    setSessionProblemHandler((problem) => void signOut(queryClient, problem === 'csrf' ? 'sessionLost' : 'signedOut'));
    return () => setSessionProblemHandler(null);
  }, [queryClient]);

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
