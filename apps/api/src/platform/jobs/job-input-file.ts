import { randomUUID } from 'node:crypto';
import { Messages } from '@riskatlas/domain';
import type { FileStore } from '../files/file-store';
import { JobError } from './job-definition';

/*
 * A job's large input (a list of 100,000 site ids, a batch's planned reports) lives in the file
 * store as JSON and its payload holds only the key.
 */

/** Stores a job's input as JSON under the account; answers its key. */
export async function putJobInput(fileStore: FileStore, accountId: number, purpose: string, value: unknown): Promise<string> {
  const key = `accounts/${accountId}/jobs/${purpose}-${randomUUID()}.json`;
  await fileStore.put(key, Buffer.from(JSON.stringify(value)), 'application/json');
  return key;
}

/** Reads a job's stored input (a storage failure is retried: the caller checks the shape). */
export async function readJobInput(fileStore: FileStore, key: string): Promise<unknown> {
  let text: string;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await fileStore.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    text = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    throw new JobError(Messages.fileStorageError, { cause: error });
  }
  return JSON.parse(text) as unknown;
}
