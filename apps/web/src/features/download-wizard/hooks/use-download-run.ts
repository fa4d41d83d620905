import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, TaskState, type TBulkDownloadRequest, type TExcelSummaryRequest, type TTaskStatus } from '@riskatlas/domain';
import { errorMessage } from '../../../lib/api-client';
import { useRequestExcelSummary } from '../../../lib/api/excel-summary';
import { filesQueryOptions } from '../../../lib/api/get-files';
import { useSitesCsv, type SitesCsvRequest } from '../../../lib/api/sites-csv';
import { useFollowTask } from '../../../lib/use-follow-task';
import { useRequestBulkDownload } from '../api/request-bulk-download';

/** A download the wizard started: the job's progress, then its file or its failure. */
export interface DownloadRun {
  /** 'file': an Excel summary or a CSV (waitForDownload); 'archive': a report archive. */
  kind: 'file' | 'archive';
  taskStatusId: number;
  /** Units of work in all (reports or sites). */
  count: number;
  completed: number;
  state: 'running' | 'done' | 'failed';
  /** The file made, once done; its name is null when File Downloads could not be read. */
  file: { id: number; filename: string | null } | null;
  /** A failed job's detail, in its words. */
  failure: string | null;
  /** An archive of more than 50,000 reports left out proximity and demographics. */
  contextSectionsRemoved: boolean;
}

/** What each start answers: the task, its size and (archives) whether context sections were left out. */
type Started = { taskStatusId: number; count: number; contextSectionsRemoved?: boolean };

/** Said when a failed job gives no detail. */
const FAILED_WITHOUT_DETAIL = 'The download could not be made. Please try again or contact support if the issue persists.';

/**
 * Starts the wizard's download (an Excel summary, a CSV of the sites or a report archive) and
 * follows its task while the wizard is open: progress counts, then the file (its name read from
 * File Downloads) or the failure in the task's words. A refusal of the request itself is `error`.
 */
export function useDownloadRun() {
  const queryClient = useQueryClient();
  const follow = useFollowTask();
  const excel = useRequestExcelSummary();
  const csv = useSitesCsv();
  const archive = useRequestBulkDownload();
  const [run, setRun] = useState<DownloadRun | null>(null);
  const [error, setError] = useState<string | null>(null);

  const finished = async (task: TTaskStatus) => {
    if (task.currentStatus !== TaskState.Complete) {
      setRun((current) => current && { ...current, state: 'failed', failure: task.detail?.trim() || FAILED_WITHOUT_DETAIL });
      return;
    }
    const id = task.objectID;
    let filename: string | null = null;
    if (id !== null) {
      // The task names the file by id only: the list, read afresh, gives its name.
      const files = await queryClient.fetchQuery({ ...filesQueryOptions(), staleTime: 0 }).catch(() => []);
      filename = files.find((file) => file.fileDownloadID === id)?.filename ?? null;
    }
    setRun((current) => current && { ...current, state: 'done', completed: current.count, file: id === null ? null : { id, filename } });
  };

  const begin = (kind: DownloadRun['kind'], started: Started, intervalMs?: number) => {
    setRun({ kind, taskStatusId: started.taskStatusId, count: started.count, completed: 0, state: 'running', file: null, failure: null, contextSectionsRemoved: started.contextSectionsRemoved ?? false });
    follow(started.taskStatusId, (task) => void finished(task), {
      intervalMs,
      onProgress: (task) => setRun((current) => current && { ...current, completed: task.countCompleted, count: task.countTotal > 0 ? task.countTotal : current.count }),
    });
  };
  const callbacks = (kind: DownloadRun['kind'], intervalMs?: number) => ({
    onSuccess: (started: Started) => begin(kind, started, intervalMs),
    onError: (failure: unknown) => setError(errorMessage(failure)),
  });

  return {
    run,
    error,
    starting: excel.isPending || csv.isPending || archive.isPending,
    startExcelSummary: (body: TExcelSummaryRequest) => {
      setError(null);
      excel.mutate(body, callbacks('file', POLL_INTERVAL_MS.excelSummary));
    },
    startCsv: (request: SitesCsvRequest) => {
      setError(null);
      csv.mutate(request, callbacks('file'));
    },
    startArchive: (body: TBulkDownloadRequest) => {
      setError(null);
      archive.mutate(body, callbacks('archive'));
    },
  };
}
