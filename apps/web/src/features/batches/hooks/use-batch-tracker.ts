import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TaskObjectType, isBatchRunning, isTaskFinished, needsBatchNotices, type TBatch, type TTaskStatus } from '@riskatlas/domain';
import { useClock } from '../../../lib/clock';
import { onTaskStarted } from '../../../lib/task-events';
import { useSitesChanged } from '../../sites';
import { batchesKey, useBatches } from '../api/get-batches';

/** Every cached report answer starts with this key; a finished batch changes them. */
const reportsKey = ['reports'] as const;

/**
 * Follows the user's batches for the notices: reads the batch list only while the task list shows a
 * batch that runs or finished within a day (users without batches never ask), re-reads it as soon
 * as a batch task starts or appears, and when a batch it saw running finishes, drops the site lists
 * and report answers so the library shows the new reports.
 */
export function useBatchTracker(tasks: readonly TTaskStatus[]) {
  const queryClient = useQueryClient();
  const clock = useClock();
  const sitesChanged = useSitesChanged();
  const enabled = needsBatchNotices(tasks, clock.now());
  const batches = useBatches({ enabled });
  const running = useRef(new Set<number>());

  // A batch task that starts or finishes means the batch list is out of date.
  const batchTaskSignature = useMemo(
    () =>
      tasks
        .filter((task) => task.objectType === TaskObjectType.Batch)
        .map((task) => `${task.taskStatusId}:${isTaskFinished(task.currentStatus) ? 'done' : 'running'}`)
        .join(','),
    [tasks],
  );
  // Not on the first look: the list is being read then anyway.
  const seenSignature = useRef<string | null>(null);
  useEffect(() => {
    const previous = seenSignature.current;
    seenSignature.current = batchTaskSignature;
    if (previous !== null && previous !== batchTaskSignature) void queryClient.invalidateQueries({ queryKey: batchesKey });
  }, [batchTaskSignature, queryClient]);
  useEffect(() => onTaskStarted(() => void queryClient.invalidateQueries({ queryKey: batchesKey })), [queryClient]);

  const observe = useEffectEvent((list: readonly TBatch[]) => {
    let finished = false;
    for (const batch of list) {
      if (isBatchRunning(batch)) running.current.add(batch.batchId);
      else if (running.current.delete(batch.batchId)) finished = true;
    }
    if (!finished) return;
    void sitesChanged();
    void queryClient.invalidateQueries({ queryKey: reportsKey, predicate: (query) => query.queryKey[1] !== 'batch' });
  });
  useEffect(() => {
    if (batches.data) observe(batches.data);
  }, [batches.data]);

  return { batches: enabled ? (batches.data ?? []) : [] };
}
