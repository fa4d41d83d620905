import { ZTaskStatus, type TTaskStatus } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET users/taskstatuses/{id}: one task, for polling a job the app started. */
export function getTaskStatus(taskStatusId: number, signal?: AbortSignal): Promise<TTaskStatus> {
  return apiFetch(`users/taskstatuses/${taskStatusId}`, { schema: ZTaskStatus, signal });
}
