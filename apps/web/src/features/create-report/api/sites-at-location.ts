import { ZSitesAtLocationResponse, type TSitesAtLocationResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** How near (metres) another site must be to count as the same location. */
const SAME_LOCATION_RADIUS_M = 25;

/** POST sites/atlocation/0: the account's sites at a point, nearest first. */
export function sitesAtLocation(latitude: number, longitude: number): Promise<TSitesAtLocationResponse> {
  return apiFetch('sites/atlocation/0', { method: 'POST', body: { latitude, longitude, radius: SAME_LOCATION_RADIUS_M }, schema: ZSitesAtLocationResponse });
}
