import type { FileStore } from '../../platform/files/file-store';
import { JobError } from '../../platform/jobs/job-definition';
import { putJobInput, readJobInput } from '../../platform/jobs/job-input-file';
import type { BatchUnit } from './batch-plan';

/*
 * A batch's planned reports live in the file store and the job's payload holds only the key: a
 * batch may name 100,000 sites. Stored compactly as [siteId, release, 1 when it replaces].
 */

type StoredUnit = [number, number, 0 | 1];

/** Stores a batch's planned reports; answers the key. */
export async function putBatchUnits(fileStore: FileStore, accountId: number, units: readonly BatchUnit[]): Promise<string> {
  const stored: StoredUnit[] = units.map((unit) => [unit.siteId, unit.release, unit.replace ? 1 : 0]);
  return putJobInput(fileStore, accountId, 'report-batch', stored);
}

function isStoredUnit(value: unknown): value is StoredUnit {
  return Array.isArray(value) && value.length === 3 && Number.isInteger(value[0]) && Number.isInteger(value[1]) && (value[2] === 0 || value[2] === 1);
}

/** Reads a batch's planned reports (a storage failure is retried; a damaged list is not). */
export async function readBatchUnits(fileStore: FileStore, key: string): Promise<BatchUnit[]> {
  const stored = await readJobInput(fileStore, key);
  if (!Array.isArray(stored) || !stored.every(isStoredUnit)) throw new JobError('The list of reports of this batch is damaged.', { permanent: true });
  return stored.map(([siteId, release, replace]) => ({ siteId, release, replace: replace === 1 }));
}
