import { ZBatchPreview, ZBatchStarted, type TBatchPreview, type TBatchRequest, type TBatchStarted } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST reports/batch?isSimulation=true: what a batch would create, its duplicates and licences; nothing is created. */
export function previewBatch(request: TBatchRequest): Promise<TBatchPreview> {
  return apiFetch('reports/batch', { method: 'POST', query: { isSimulation: true }, body: request, schema: ZBatchPreview });
}

/** POST reports/batch: starts the batch as a job; ignoreCounts after the user agreed to leave the duplicates out. */
export function startBatch(input: { request: TBatchRequest; ignoreCounts: boolean }): Promise<TBatchStarted> {
  return apiFetch('reports/batch', { method: 'POST', query: { ignoreCounts: input.ignoreCounts || undefined }, body: input.request, schema: ZBatchStarted });
}


