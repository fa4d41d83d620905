import type { FileStore } from '../../platform/files/file-store';
import { JobError } from '../../platform/jobs/job-definition';
import { putJobInput, readJobInput } from '../../platform/jobs/job-input-file';

/*
 * A job's list of site ids lives in the file store and its payload holds only the key
 *: a deletion or export may name 100,000 sites.
 */

/** Stores a list of site ids for a job; answers its key. */
export async function putSiteIds(fileStore: FileStore, accountId: number, purpose: string, siteIds: readonly number[]): Promise<string> {
  return putJobInput(fileStore, accountId, purpose, siteIds);
}

/** Reads a stored list of site ids (a storage failure is retried; a damaged list is not). */
export async function readSiteIds(fileStore: FileStore, key: string): Promise<number[]> {
  const ids = await readJobInput(fileStore, key);
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id) && id > 0)) throw new JobError('The list of sites of this task is damaged.', { permanent: true });
  return ids as number[];
}
