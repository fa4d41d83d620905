import { ZSite, type TEditSiteRequest, type TSite } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST sites/edit: saves a site's name, notes, tags (joined with ';') and external id; answers the
 * site. The edit dialog's autosave and the bulk tag edit call it (see use-site-autosave, save-tags).
 */
export function editSite(request: TEditSiteRequest): Promise<TSite> {
  return apiFetch('sites/edit', { method: 'POST', body: request, schema: ZSite });
}
