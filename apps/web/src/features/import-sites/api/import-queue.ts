import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZImportQueueCounts,
  ZImportQueueDeleted,
  ZImportStatusDetail,
  ZImportTaskStarted,
  ZQueuedImportSiteList,
  type TImportChangeOptionsRequest,
  type TImportQueueDeleteRequest,
  type TImportQueueCounts,
  type TImportQueueEditRequest,
  type TImportSubmitRequest,
} from '@riskatlas/domain';
import { apiFetch, apiUrl } from '../../../lib/api-client';

/** Everything the queue views read: invalidated together when the queue changes. */
export const importQueueKey = ['sites', 'import', 'queue'] as const;

/** GET sites/import/queue?selectionMode: the caller's queue rows under the filter entries chosen. */
export function useImportQueue(selectionMode: number, refetchInterval: number | false) {
  return useQuery({
    queryKey: [...importQueueKey, 'rows', selectionMode],
    queryFn: ({ signal }) => apiFetch('sites/import/queue', { query: { selectionMode }, schema: ZQueuedImportSiteList, signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** GET sites/import/queue/counts; `refetchInterval` decides from the last counts read. */
export function useImportQueueCounts(refetchInterval: number | false | ((query: { state: { data: TImportQueueCounts | undefined } }) => number | false)) {
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
