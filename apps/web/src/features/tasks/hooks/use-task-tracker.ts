import { useEffect, useEffectEvent, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TaskState, TaskStatusType, isTaskFinished, onTaskFinishedAction, type TTaskStatus } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { useClock, isAbortError } from '../../../lib/clock';
import { currentSearch, goToPage } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { TaskPollTimeoutError, pollTask } from '../../../lib/poll-task';
import { announceTaskFinished, announceTaskGaveUp, announceTaskProgress, onTaskStarted } from '../../../lib/task-events';
import { getTaskStatus } from '../api/get-task-status';
import { taskStatusesKey, useTaskStatuses } from '../api/get-task-statuses';
import { useTaskRefreshInterval } from './use-task-refresh-interval';

function taskTitle(task: TTaskStatus): string {
  return task.message?.trim() || 'Your task';
}

/**
 * Follows the user's tasks: keeps the list fresh (60 s, 120 s when idle, at once when the app
 * starts a job), polls each job the app starts until it finishes, and acts once when a task it saw
 * running finishes — a file for a non-admin opens File Downloads, an admin gets a notice with a
 * link, anything else shows its detail text.
 */
export function useTaskTracker(options: { enabled: boolean; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const clock = useClock();
  const notify = useNotify();
  const refetchInterval = useTaskRefreshInterval();
  const list = useTaskStatuses({ enabled: options.enabled, refetchInterval });
  const running = useRef(new Set<number>());

  const finish = useEffectEvent((task: TTaskStatus) => {
    announceTaskFinished(task);
    void queryClient.invalidateQueries({ queryKey: taskStatusesKey });
    if (task.taskStatusType === TaskStatusType.Alert) return; // shown as a modal alert instead
    const title = taskTitle(task);
    switch (onTaskFinishedAction(task, options.isAdmin)) {
      case 'openFileDownloads':
        goToPage(PageId.FileDownloads);
        notify({ message: `${title} is ready to download.`, severity: 'success' });
        break;
      case 'notifyWithLink': {
        const onFileDownloads = new URLSearchParams(currentSearch()).get('currentPage') === PageId.FileDownloads;
        notify({
          message: `${title} is ready to download.`,
          severity: 'success',
          action: onFileDownloads ? undefined : { label: 'Open File Downloads', onClick: () => goToPage(PageId.FileDownloads) },
        });
        break;
      }
      case 'showDetail': {
        const failed = task.currentStatus === TaskState.Failed;
        notify({ message: task.detail?.trim() || `${title} ${failed ? 'failed' : 'is complete'}.`, severity: failed ? 'error' : 'success' });
        break;
      }
    }
  });

  const observe = useEffectEvent((task: TTaskStatus) => {
    if (!isTaskFinished(task.currentStatus)) {
      running.current.add(task.taskStatusId);
    } else if (running.current.delete(task.taskStatusId)) {
      finish(task);
    }
  });

  useEffect(() => {
    for (const task of list.data ?? []) observe(task);
  }, [list.data]);

  useEffect(() => {
    if (!options.enabled) return;
    const polls = new Map<number, AbortController>();
    const upsert = (task: TTaskStatus) => {
      queryClient.setQueryData<TTaskStatus[]>(taskStatusesKey, (tasks = []) =>
        tasks.some((item) => item.taskStatusId === task.taskStatusId)
          ? tasks.map((item) => (item.taskStatusId === task.taskStatusId ? task : item))
          : [task, ...tasks],
      );
    };
    const stop = onTaskStarted((taskStatusId, follow) => {
      running.current.add(taskStatusId);
      void queryClient.invalidateQueries({ queryKey: taskStatusesKey });
      if (polls.has(taskStatusId)) return;
      const controller = new AbortController();
      polls.set(taskStatusId, controller);
      pollTask(taskStatusId, {
        fetchStatus: getTaskStatus,
        signal: controller.signal,
        clock,
        intervalMs: follow.intervalMs,
        onProgress: (task) => {
          upsert(task);
          announceTaskProgress(task);
          observe(task);
        },
      })
        .catch((error: unknown) => {
          if (isAbortError(error)) return;
          // The failure path of a time-out: stop polling; the list refresh still reports the end.
          if (error instanceof TaskPollTimeoutError) {
            announceTaskGaveUp(taskStatusId);
            notify({ message: 'The task is taking longer than expected. Its result will appear under Notifications when it is ready.', severity: 'warning' });
          }
        })
        .finally(() => polls.delete(taskStatusId));
    });
    return () => {
      stop();
      for (const controller of polls.values()) controller.abort();
    };
  }, [options.enabled, queryClient, clock, notify]);

  return list;
}
