import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  ZImportQueueCounts,
  ZImportQueueDeleted,
  ZImportStatusDetail,
  ZImportTaskStarted,
  ZQueuedImportSiteWindow,
  type TImportChangeOptionsRequest,
  type TImportQueueDeleteRequest,
  type TImportQueueCounts,
  type TImportQueueEditRequest,
  type TImportSubmitRequest,
  type TQueuedImportSite,
} from '@riskatlas/domain';
import { apiFetch, apiUrl } from '../../../lib/api-client';

/** Everything the queue views read: invalidated together when the queue changes. */
export const importQueueKey = ['sites', 'import', 'queue'] as const;

/** Rows one window of the queue holds: a screen shows about 20, so a scroll reads a window now and then. */
const QUEUE_WINDOW_ROWS = 200;

/** The key of one window of the queue under the filter entries (invalidated with the rest of the queue). */
export function queueWindowKey(selectionMode: number, index: number) {
  return [...importQueueKey, 'rows', selectionMode, index] as const;
}

/** GET sites/import/queue?selectionMode&offset&limit: the index-th window of the caller's rows under the filter entries, and their total. */
function queueWindowQuery(selectionMode: number, index: number) {
  return {
    queryKey: queueWindowKey(selectionMode, index),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiFetch('sites/import/queue', { query: { selectionMode, offset: index * QUEUE_WINDOW_ROWS, limit: QUEUE_WINDOW_ROWS }, schema: ZQueuedImportSiteWindow, signal }),
  };
}

/** The windows holding rows [first, end) (the first window when there are none yet). */
function windowsFor(first: number, end: number): number[] {
  const from = Math.floor(first / QUEUE_WINDOW_ROWS);
  const to = Math.max(from, Math.floor(Math.max(end - 1, first) / QUEUE_WINDOW_ROWS));
  return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
}

/** A window read, with its place in the queue. */
export interface QueueWindow {
  index: number;
  rows: readonly TQueuedImportSite[];
}

/**
 * The windows of the queue that rows [first, end) fall in, read as they come into view and kept
 * while scrolled past: `rowAt(i)` is the i-th row under the filter entries once its window is read,
 * `total` the number of rows under them (from the latest window read).
 */
export function useQueueWindows(selectionMode: number, first: number, end: number) {
  const indexes = windowsFor(first, end);
  const results = useQueries({ queries: indexes.map((index) => queueWindowQuery(selectionMode, index)) });
  const loaded: QueueWindow[] = [];
  let total: number | undefined;
  let latest = -1;
  results.forEach((result, position) => {
    if (!result.data) return;
    loaded.push({ index: indexes[position]!, rows: result.data.rows });
    if (result.dataUpdatedAt > latest) {
      latest = result.dataUpdatedAt;
      total = result.data.total;
    }
  });
  // Windows scrolled to are not read yet: the total last read stands meanwhile, so the grid keeps
  // its size and scroll position instead of falling back to a spinner.
  const [last, setLast] = useState<{ selectionMode: number; total: number } | null>(null);
  if (total !== undefined && (last?.selectionMode !== selectionMode || last.total !== total)) setLast({ selectionMode, total });
  if (total === undefined && last?.selectionMode === selectionMode) total = last.total;
  const failed = results.find((result) => result.isError);
  const byIndex = new Map(loaded.map((window) => [window.index, window.rows]));
  return {
    total,
    windows: loaded,
    rowAt: (row: number): TQueuedImportSite | undefined => byIndex.get(Math.floor(row / QUEUE_WINDOW_ROWS))?.[row % QUEUE_WINDOW_ROWS],
    error: failed?.error ?? null,
    refetch: () => Promise.all(results.map((result) => result.refetch())),
  };
}

/** GET sites/import/queue/counts; `refetchInterval` decides from the last counts read. */
export function useImportQueueCounts(refetchInterval: number | false | ((query: { state: { data: TImportQueueCounts | undefined; fetchFailureCount: number } }) => number | false)) {
  return useQuery({
    queryKey: [...importQueueKey, 'counts'],
    queryFn: ({ signal }) => apiFetch('sites/import/queue/counts', { schema: ZImportQueueCounts, signal }),
    refetchInterval,
  });
}

/** GET sites/import/queue/statusdetail/{id}: why a row has its status. */
export function getImportStatusDetail(queuedSiteId: number, signal?: AbortSignal) {
  return apiFetch(`sites/import/queue/statusdetail/${queuedSiteId}`, { schema: ZImportStatusDetail, signal });
}

/** The status detail of the row shown (none while no row is). */
export function useImportStatusDetail(queuedSiteId: number | null) {
  return useQuery({
    queryKey: [...importQueueKey, 'detail', queuedSiteId],
    queryFn: ({ signal }) => getImportStatusDetail(queuedSiteId!, signal),
    enabled: queuedSiteId !== null,
  });
}

/** POST sites/import/queue/edit: the row becomes pending and is checked again. */
export function editQueuedSite(body: TImportQueueEditRequest): Promise<unknown> {
  return apiFetch('sites/import/queue/edit', { method: 'POST', body });
}

/** POST sites/import/queue/delete. */
export function deleteQueuedSites(body: TImportQueueDeleteRequest) {
  return apiFetch('sites/import/queue/delete', { method: 'POST', body, schema: ZImportQueueDeleted });
}

/** POST sites/import/queue/changeoptions. */
export function changeQueueOptions(body: TImportChangeOptionsRequest): Promise<unknown> {
  return apiFetch('sites/import/queue/changeoptions', { method: 'POST', body });
}

/** POST sites/import/submit: imports the ready rows (a job); in batch mode with the report choice. */
export function submitImport(query: { includeWarnings: boolean; batchMode: boolean }, body: TImportSubmitRequest) {
  return apiFetch('sites/import/submit', { method: 'POST', query, body, schema: ZImportTaskStarted });
}

/** The address of the queue as an .xlsx ('Download rows with issues' with issuesOnly). */
export function importQueueExcelUrl(issuesOnly: boolean): string {
  return apiUrl('sites/import/queue', { asExcel: true, issuesOnly: issuesOnly || undefined });
}
