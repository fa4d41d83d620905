import { useCallback, useEffect, useRef } from 'react';
import type { TTaskStatus } from '@riskatlas/domain';
import { announceTaskStarted, onTaskFinished, onTaskGaveUp, onTaskProgress, type TaskFollowOptions } from './task-events';

/** How a component follows its job: the poll interval, and each status read while it runs. */
export interface FollowOptions extends TaskFollowOptions {
  onProgress?: (task: TTaskStatus) => void;
  /** Polling gave up (the job ran past the 20-minute time-out): `done` is not called then. */
  onGiveUp?: () => void;
}

/**
 * Follows jobs this component started: `follow(id, done)` announces the task to the notifications
 * and calls `done` once with its final status (and `onProgress` with each status read). Listeners still waiting when the component unmounts
 * are dropped, so a closed page never reacts to a job it no longer shows.
 */
export function useFollowTask(): (taskStatusId: number, done: (task: TTaskStatus) => void, options?: FollowOptions) => void {
  const waiting = useRef(new Set<() => void>());
  useEffect(() => {
    const current = waiting.current;
    return () => {
      for (const stop of current) stop();
      current.clear();
    };
  }, []);
  return useCallback((taskStatusId, done, options = {}) => {
    const stopProgress = onTaskProgress((task) => {
      if (task.taskStatusId === taskStatusId) options.onProgress?.(task);
    });
    const stopFinished = onTaskFinished((task) => {
      if (task.taskStatusId !== taskStatusId) return;
      stop();
      waiting.current.delete(stop);
      done(task);
    });
    const stopGiveUp = onTaskGaveUp((id) => {
      if (id !== taskStatusId) return;
      stop();
      waiting.current.delete(stop);
      options.onGiveUp?.();
    });
    const stop = () => {
      stopProgress();
      stopFinished();
      stopGiveUp();
    };
    waiting.current.add(stop);
    announceTaskStarted(taskStatusId, { intervalMs: options.intervalMs });
  }, []);
}
