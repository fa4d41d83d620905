import { ZSite, type TEditSiteRequest, type TSite } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST sites/edit: saves a site's name, notes, tags (joined with ';') and external id; answers the
 * site. The edit dialog's autosave calls it (use-site-autosave); bulk tag edits use POST sites/tags (save-tags).
 */
export function editSite(request: TEditSiteRequest): Promise<TSite> {
  return apiFetch('sites/edit', { method: 'POST', body: request, schema: ZSite });
}
