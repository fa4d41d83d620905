import { ZBatchList, type TBatch } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET reports/batch/status?batchProcessId: one batch with its reports (the list leaves them out). */
export async function getBatch(batchId: number, signal?: AbortSignal): Promise<TBatch> {
  const [batch] = await apiFetch('reports/batch/status', { query: { batchProcessId: batchId }, schema: ZBatchList, signal });
  if (!batch) throw new Error('The batch was not found.');
  return batch;
}
