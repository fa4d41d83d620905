import { useCallback } from 'react';
import { taskListRefreshInterval } from '@riskatlas/domain';
import { useActivity } from '../../../lib/activity';

/** The task list's refresh interval now: 60 s, or 120 s after 5 minutes without user activity. */
export function useTaskRefreshInterval(): () => number {
  const activity = useActivity();
  return useCallback(() => taskListRefreshInterval(activity.idleMs()), [activity]);
}
