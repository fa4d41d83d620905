import { MapPageConstants, ZSitesAtLocationResponse, type LatLng, type TSitesAtLocationResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST sites/atlocation/0: the caller's sites within the site-near-point radius of a point, nearest first. */
export function sitesNearPoint(point: LatLng): Promise<TSitesAtLocationResponse> {
  const body = { latitude: point.latitude, longitude: point.longitude, radius: MapPageConstants.siteNearPointRadius };
  return apiFetch('sites/atlocation/0', { method: 'POST', body, schema: ZSitesAtLocationResponse });
}
