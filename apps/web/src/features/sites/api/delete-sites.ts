import { useMutation } from '@tanstack/react-query';
import { ZSiteTaskStarted, type TDeleteSitesRequest, type TSiteTaskStarted } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST sites/delete?reason: starts the job that deletes the sites (ids, or the text a user typed:
 * ids split on commas or whitespace). The support path sends a reason.
 */
function deleteSites(ids: TDeleteSitesRequest, reason?: string): Promise<TSiteTaskStarted> {
  return apiFetch('sites/delete', { method: 'POST', query: { reason: reason?.trim() || undefined }, body: ids, schema: ZSiteTaskStarted });
}

/**
 * Starts a deletion. The caller hands the task to the notifications (announceTaskStarted) after it
 * has started listening for the end, so a quick job cannot finish unheard.
 */
export function useDeleteSites() {
  return useMutation({
    mutationFn: ({ ids, reason }: { ids: TDeleteSitesRequest; reason?: string | undefined }) => deleteSites(ids, reason),
  });
}
