import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { producesFile } from '@riskatlas/domain';
import { onTaskFinished } from '../../../lib/task-events';
import { filesKey } from '../../../lib/api/get-files';

/** Reloads the file list whenever a task that produces a file finishes (the new file appears in the grid). */
export function useRefreshFilesOnTask(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onTaskFinished((task) => {
        if (producesFile(task)) void queryClient.invalidateQueries({ queryKey: filesKey });
      }),
    [queryClient],
  );
}
