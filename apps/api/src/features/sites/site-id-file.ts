import { randomUUID } from 'node:crypto';
import { Messages } from '@riskatlas/domain';
import type { FileStore } from '../../platform/files/file-store';
import { JobError } from '../../platform/jobs/job-definition';

/*
 * A job's list of site ids lives in the file store and its payload holds only the key
 *: a deletion or export may name 100,000 sites.
 */

/** Stores a list of site ids for a job; answers its key. */
export async function putSiteIds(fileStore: FileStore, accountId: number, purpose: string, siteIds: readonly number[]): Promise<string> {
  const key = `accounts/${accountId}/jobs/${purpose}-${randomUUID()}.json`;
  await fileStore.put(key, Buffer.from(JSON.stringify(siteIds)), 'application/json');
  return key;
}

/** Reads a stored list of site ids (a storage failure is retried; a damaged list is not). */
export async function readSiteIds(fileStore: FileStore, key: string): Promise<number[]> {
  let text: string;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await fileStore.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    text = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    throw new JobError(Messages.fileStorageError, { cause: error });
  }
  const ids: unknown = JSON.parse(text);
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id) && id > 0)) throw new JobError('The list of sites of this task is damaged.', { permanent: true });
  return ids as number[];
}
