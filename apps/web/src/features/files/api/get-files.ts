import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFileDownloadList, type TFileDownload } from '@riskatlas/domain';
import { apiFetch, apiUrl } from '../../../lib/api-client';

export const filesKey = ['users', 'files'] as const;

/** GET users/files: the user's downloadable files. */
function getFiles(signal?: AbortSignal): Promise<TFileDownload[]> {
  return apiFetch('users/files', { schema: ZFileDownloadList, signal });
}

const filesQueryOptions = () => queryOptions({ queryKey: filesKey, queryFn: ({ signal }) => getFiles(signal) });

export function useFiles() {
  return useQuery(filesQueryOptions());
}

/** The download link of a file: /api/users/files/{id}, with the version parameter. */
export function fileDownloadHref(fileDownloadID: number): string {
  return apiUrl(`users/files/${fileDownloadID}`);
}
