import { useQuery } from '@tanstack/react-query';
import {
  ZImportFileInfo,
  ZImportTaskStarted,
  type TImportFileInfo,
  type TImportMapping,
  type TImportProcessQuery,
  type TImportTaskStarted,
} from '@riskatlas/domain';
import { apiFetch, apiUpload, isApiError } from '../../../lib/api-client';

/** The caller's uploaded file, read with or without its first row as the header. */
export const importFileKey = (hasHeader: boolean | undefined) => ['sites', 'import', 'file', hasHeader ?? 'detected'] as const;

/** POST sites/import/file/upload: the file becomes the caller's current import file. */
export function uploadImportFile(file: File, signal?: AbortSignal): Promise<TImportFileInfo> {
  return apiUpload('sites/import/file/upload', file, { schema: ZImportFileInfo, signal });
}

/** GET sites/import/file/columns?hasHeader: the current file's columns, or null when there is none (404). */
async function getImportColumns(hasHeader: boolean | undefined, signal: AbortSignal): Promise<TImportFileInfo | null> {
  try {
    return await apiFetch('sites/import/file/columns', { query: { hasHeader }, schema: ZImportFileInfo, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The current file's info, read again when the header choice changes. */
export function useImportColumns(hasHeader: boolean | undefined, enabled: boolean) {
  return useQuery({ queryKey: importFileKey(hasHeader), queryFn: ({ signal }) => getImportColumns(hasHeader, signal), enabled, staleTime: 60_000 });
}

/** POST sites/import/file/process: starts processing the current file into the queue. */
export function processImportFile(query: TImportProcessQuery, mapping: TImportMapping): Promise<TImportTaskStarted> {
  return apiFetch('sites/import/file/process', { method: 'POST', query, body: { mapping }, schema: ZImportTaskStarted });
}
