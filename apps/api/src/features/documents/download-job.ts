import { TaskObjectType } from '@riskatlas/domain';
import type { Caller } from '../../access/caller';
import type { FileStore } from '../../platform/files/file-store';
import { JobError, type JobPayloadBase } from '../../platform/jobs/job-definition';
import { putJobInput, readJobInput } from '../../platform/jobs/job-input-file';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createTask } from '../../platform/tasks/tasks.service';

/*
 * What the report-download jobs (the Excel summary, the report archive) share: the report ids go
 * to the file store, the task and the job are made in one transaction, and the file is stored
 * under a key named by the task so that a retry overwrites rather than adds.
 */

/** What starting a download job uses. */
export interface DownloadJobDeps {
  jobs: JobQueue;
  fileStore: FileStore;
  now: () => Date;
}

/** The payload fields every download job has: who asked, the task, the stored ids and their count. */
interface DownloadJobBase {
  accountId: number;
  userId: number;
  taskStatusId: number;
  impersonating: boolean;
  reportIdsKey: string;
  count: number;
}

/** A download job to start for the caller. */
export interface DownloadJobStart<P extends JobPayloadBase> {
  /** The job's name; also names the stored input. */
  jobName: string;
  /** The task's title. */
  taskTitle: string;
  /** The reports, sorted: the task's progress total. */
  ids: readonly number[];
  /** The job's payload, given the fields every download job has. */
  payload(base: DownloadJobBase): P;
}

/**
 * Stores the report ids, creates the caller's task (a file download) and enqueues the job in one
 * transaction, keyed by the task; answers the task id. Nothing is left behind when it fails.
 */
export async function startDownloadJob<P extends JobPayloadBase>(deps: DownloadJobDeps, caller: Caller, start: DownloadJobStart<P>): Promise<number> {
  const reportIdsKey = await putJobInput(deps.fileStore, caller.accountId, start.jobName, start.ids);
  try {
    return await deps.jobs.transaction(async (tx, enqueue) => {
      const task = await createTask(
        tx,
        { accountId: caller.accountId, userId: caller.userId, message: start.taskTitle, objectType: TaskObjectType.FileDownload, countTotal: start.ids.length, jobName: start.jobName },
        deps.now(),
      );
      const base: DownloadJobBase = { accountId: caller.accountId, userId: caller.userId, taskStatusId: task.id, impersonating: caller.impersonating, reportIdsKey, count: start.ids.length };
      await enqueue(start.jobName, start.payload(base), { key: `task-${task.id}` });
      return task.id;
    });
  } catch (error) {
    await deps.fileStore.delete(reportIdsKey).catch(() => undefined);
    throw error;
  }
}

/** The report ids a download job stored; a damaged list fails the job for good. */
export async function readDownloadReportIds(fileStore: FileStore, key: string): Promise<number[]> {
  const ids = await readJobInput(fileStore, key);
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id) && id > 0)) throw new JobError('The list of reports of this task is damaged.', { permanent: true });
  return ids as number[];
}

/** The file-store key of a download job's file: named by the task, so a retry overwrites rather than adds. */
export function downloadFileKey(accountId: number, taskStatusId: number, name: string, extension: string): string {
  return `accounts/${accountId}/downloads/${name}-${taskStatusId}.${extension}`;
}
