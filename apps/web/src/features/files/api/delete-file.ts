import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { filesKey } from '../../../lib/api/get-files';

/** POST users/files/delete: deletes files (the stored file and its row). */
function deleteFiles(ids: number[]): Promise<unknown> {
  return apiFetch('users/files/delete', { method: 'POST', body: ids });
}

export function useDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFiles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey }),
  });
}
