import { useCallback, useEffect, useRef } from 'react';
import type { TTaskStatus } from '@riskatlas/domain';
import { announceTaskStarted, onTaskFinished } from './task-events';

/**
 * Follows jobs this component started: `follow(id, done)` announces the task to the notifications
 * and calls `done` once with its final status. Listeners still waiting when the component unmounts
 * are dropped, so a closed page never reacts to a job it no longer shows.
 */
export function useFollowTask(): (taskStatusId: number, done: (task: TTaskStatus) => void) => void {
  const waiting = useRef(new Set<() => void>());
  useEffect(() => {
    const current = waiting.current;
    return () => {
      for (const stop of current) stop();
      current.clear();
    };
  }, []);
  return useCallback((taskStatusId, done) => {
    const stop = onTaskFinished((task) => {
      if (task.taskStatusId !== taskStatusId) return;
      stop();
      waiting.current.delete(stop);
      done(task);
    });
    waiting.current.add(stop);
    announceTaskStarted(taskStatusId);
  }, []);
}
