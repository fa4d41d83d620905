import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTaskStatus, type TTaskStatus } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

export const taskStatusesKey = ['users', 'taskstatuses'] as const;

const ZTaskStatusList = ZTaskStatus.array();

/** GET users/taskstatuses?markSeen: the user's task statuses; markSeen also marks them seen. */
export function getTaskStatuses(options: { markSeen?: boolean; signal?: AbortSignal } = {}): Promise<TTaskStatus[]> {
  return apiFetch('users/taskstatuses', {
    query: { markSeen: options.markSeen ? 'true' : undefined },
    schema: ZTaskStatusList,
    signal: options.signal,
  });
}

export const taskStatusesQueryOptions = () =>
  queryOptions({
    queryKey: taskStatusesKey,
    queryFn: ({ signal }) => getTaskStatuses({ signal }),
    staleTime: 0,
  });

/** The task list, refreshed every `refetchInterval()` ms. */
export function useTaskStatuses(options: { enabled: boolean; refetchInterval: () => number }) {
  return useQuery({
    ...taskStatusesQueryOptions(),
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
  });
}
