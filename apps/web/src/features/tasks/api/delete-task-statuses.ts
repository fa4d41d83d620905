import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTaskStatus } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { taskStatusesKey } from './get-task-statuses';

/** POST users/taskstatuses/delete: removes notifications. */
function deleteTaskStatuses(ids: number[]): Promise<unknown> {
  return apiFetch('users/taskstatuses/delete', { method: 'POST', body: ids });
}

/** Dismisses notifications; they leave the list at once and the list is reloaded after. */
export function useDeleteTaskStatuses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaskStatuses,
    onMutate: (ids) => {
      queryClient.setQueryData<TTaskStatus[]>(taskStatusesKey, (tasks) => tasks?.filter((task) => !ids.includes(task.taskStatusId)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskStatusesKey }),
  });
}
