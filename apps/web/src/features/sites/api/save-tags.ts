import { ZSiteTagsResponse, type TSiteTagsRequest, type TSiteTagsResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST sites/tags: adds, removes or replaces tags on many sites in one request (all of them or,
 * on any error, none); answers how many sites' tags changed.
 */
export function saveTagsOfSites(request: TSiteTagsRequest): Promise<TSiteTagsResponse> {
  return apiFetch('sites/tags', { method: 'POST', body: request, schema: ZSiteTagsResponse });
}
