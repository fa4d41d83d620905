import { useMutation } from '@tanstack/react-query';
import { ZSite, type TCreateSiteRequest, type TSite } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST sites: a site without a report; 409 with the duplicate's id when another site is at the point (unless ignoreDuplicates). */
function createSite(input: { site: TCreateSiteRequest; ignoreDuplicates: boolean }): Promise<TSite> {
  return apiFetch('sites', { method: 'POST', query: { ignoreDuplicates: input.ignoreDuplicates || undefined }, body: input.site, schema: ZSite });
}

/** Creates a site; the caller refreshes the library. */
export function useCreateSite() {
  return useMutation({ mutationFn: createSite });
}
