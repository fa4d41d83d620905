import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { BATCH_HISTORY_DAYS, ZBatchList, batchRefreshDays, batchRefreshInterval, mergeBatches, type TBatchList } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { useClock, type Clock } from '../../../lib/clock';

/** The batch list of the last 365 days (the Batches page, the notices and the library's indicator share it). */
export const batchesKey = ['reports', 'batch', 'status'] as const;

/** GET reports/batch/status?days: the batches created in the last `days` days, newest first, without their reports. */
function getBatches(days: number, signal?: AbortSignal): Promise<TBatchList> {
  return apiFetch('reports/batch/status', { query: { days }, schema: ZBatchList, signal });
}

/**
 * Reads the year of batches once; then, while one of the two newest runs, only the days that cover
 * them (merged into the year); when they have finished, the whole year once more, so the list ends
 * exact without re-reading a year of history every few seconds.
 */
async function refreshBatches(queryClient: QueryClient, clock: Clock, signal: AbortSignal): Promise<TBatchList> {
  const previous = queryClient.getQueryData<TBatchList>(batchesKey);
  const days = previous ? batchRefreshDays(previous, clock.now()) : null;
  if (!previous || days === null) return getBatches(BATCH_HISTORY_DAYS, signal);
  const merged = mergeBatches(previous, await getBatches(days, signal));
  return batchRefreshDays(merged, clock.now()) === null ? getBatches(BATCH_HISTORY_DAYS, signal) : merged;
}

const batchesQueryOptions = (clock: Clock, onBatchesPage: boolean) =>
  queryOptions({
    queryKey: batchesKey,
    queryFn: ({ client, signal }) => refreshBatches(client, clock, signal),
    staleTime: 0,
    refetchInterval: (query) => batchRefreshInterval(query.state.data, onBatchesPage),
  });

/**
 * The batch list, refreshed every 10 s while a batch runs (every 3 s on the Batches page).
 * `enabled: false` reads what another part of the page loaded without asking the server.
 */
export function useBatches(options: { enabled: boolean; onBatchesPage?: boolean }) {
  const clock = useClock();
  return useQuery({ ...batchesQueryOptions(clock, options.onBatchesPage ?? false), enabled: options.enabled });
}
