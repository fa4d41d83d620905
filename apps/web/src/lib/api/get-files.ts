import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFileDownloadList, type TFileDownload } from '@riskatlas/domain';
import { apiFetch, apiUrl } from '../api-client';

export const filesKey = ['users', 'files'] as const;

/** GET users/files: the user's downloadable files. */
function getFiles(signal?: AbortSignal): Promise<TFileDownload[]> {
  return apiFetch('users/files', { schema: ZFileDownloadList, signal });
}

/** The query of the file list; the download wizard reads it afresh to name the file a task made. */
export const filesQueryOptions = () => queryOptions({ queryKey: filesKey, queryFn: ({ signal }) => getFiles(signal) });

export function useFiles() {
  return useQuery(filesQueryOptions());
}

/** The download link of a file: /api/users/files/{id}, with the version parameter. */
export function fileDownloadHref(fileDownloadID: number): string {
  return apiUrl(`users/files/${fileDownloadID}`);
}
