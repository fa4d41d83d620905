import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaskState, ZAddProximityStarted, type TAddProximityStarted, type TTaskStatus } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { useFollowTask } from '../../../lib/use-follow-task';

/** POST reports/addProximity: starts the job that adds points of interest to the reports. */
function addProximity(accountProductReportIds: readonly number[]): Promise<TAddProximityStarted> {
  return apiFetch('reports/addProximity', { method: 'POST', body: { accountProductReportIds }, schema: ZAddProximityStarted });
}

/**
 * Adds proximity to reports and follows the job: `onFinished` gets the task's final status. When
 * the job completes, every report and site query is refreshed (the reports now have proximity).
 */
export function useAddProximity(onFinished: (task: TTaskStatus) => void) {
  const queryClient = useQueryClient();
  const follow = useFollowTask();
  return useMutation({
    mutationFn: addProximity,
    onSuccess: (started) =>
      follow(started.taskStatusId, (task) => {
        if (task.currentStatus === TaskState.Complete) {
          void queryClient.invalidateQueries({ queryKey: ['reports'] });
          void queryClient.invalidateQueries({ queryKey: ['sites'] });
        }
        onFinished(task);
      }),
  });
}
