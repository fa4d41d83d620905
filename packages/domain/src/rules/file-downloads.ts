/** File Downloads grid rules: search, sort (created descending by default). */
import { FILE_DOWNLOAD_TYPE_NAMES, type FileDownloadType } from '../ids';
import type { TFileDownload } from '../schemas/files';

/** The name of a download type, or 'Other' for a type this build does not know. */
export function fileDownloadTypeName(type: number): string {
  return FILE_DOWNLOAD_TYPE_NAMES[type as FileDownloadType] ?? 'Other';
}

export type FileDownloadSortKey = 'filename' | 'fileDownloadType' | 'created' | 'size';
export type SortDirection = 'asc' | 'desc';

/** The grid's default order. */
export const DEFAULT_FILE_DOWNLOAD_SORT = { key: 'created', direction: 'desc' } as const satisfies {
  key: FileDownloadSortKey;
  direction: SortDirection;
};

/** Rows whose file name or download type contains the search text (case-insensitive). */
export function filterFileDownloads<T extends Pick<TFileDownload, 'filename' | 'fileDownloadType'>>(rows: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter(
    (row) => row.filename.toLowerCase().includes(needle) || fileDownloadTypeName(row.fileDownloadType).toLowerCase().includes(needle),
  );
}

/** Rows in the given order; ties keep the newest first, then the highest id. */
export function sortFileDownloads<T extends TFileDownload>(rows: readonly T[], key: FileDownloadSortKey, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byCreatedDesc = (a: T, b: T) => Date.parse(b.created) - Date.parse(a.created) || b.fileDownloadID - a.fileDownloadID;
  const compare = (a: T, b: T): number => {
    switch (key) {
      case 'filename':
        return a.filename.localeCompare(b.filename, 'en', { sensitivity: 'base', numeric: true });
      case 'fileDownloadType':
        return fileDownloadTypeName(a.fileDownloadType).localeCompare(fileDownloadTypeName(b.fileDownloadType));
      case 'size':
        return a.size - b.size;
      case 'created':
        return Date.parse(a.created) - Date.parse(b.created) || a.fileDownloadID - b.fileDownloadID;
    }
  };
  return [...rows].sort((a, b) => sign * compare(a, b) || byCreatedDesc(a, b));
}
