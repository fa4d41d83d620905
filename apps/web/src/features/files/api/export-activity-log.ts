import { useMutation } from '@tanstack/react-query';
import { ZActivityExportResult, type TActivityExportResult } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { announceTaskStarted } from '../../../lib/task-events';

/** POST account/activity/export (admins): starts a job that writes the activity log to a file. */
function exportActivityLog(): Promise<TActivityExportResult> {
  return apiFetch('account/activity/export', { method: 'POST', schema: ZActivityExportResult });
}

/** Starts the export and hands the task to the notifications, which show its progress. */
export function useExportActivityLog() {
  return useMutation({
    mutationFn: exportActivityLog,
    onSuccess: (result) => announceTaskStarted(result.taskStatusId),
  });
}
