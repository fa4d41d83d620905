import type { FeatureCollection } from 'geojson';
import { MapLayerId, TravelMode, ZDriveResponse, ZReportMapResponse, ZSiteIncidentsDOMResponse, type LatLng } from '@riskatlas/domain';
import { layerToken } from '../../../components/map';
import { apiFetch } from '../../../lib/api-client';

/** Drive-time rings: 1 and 3 minutes of driving. */
const DRIVE_MINUTES = { inner: 1, outer: 3 } as const;

/**
 * GET reports/{siteId}/map/geojson/overall: the score cells around a site for its report under the
 * methodology (the heat/contour style), with the heat-map layer's token.
 */
export async function loadReportHeatMap(siteId: number, methodology: number, signal: AbortSignal): Promise<FeatureCollection> {
  const token = await layerToken(MapLayerId.ReportHeatMap);
  const cells = await apiFetch(`reports/${siteId}/map/geojson/overall`, { query: { token, methodology }, signal, schema: ZReportMapResponse });
  return { type: 'FeatureCollection', features: cells.features };
}

/** GET map/drive/geojson/{lat}/{lng}/1/3/2: the 1- and 3-minute driving rings around a point. */
export async function loadDriveRings(at: LatLng, signal: AbortSignal): Promise<FeatureCollection> {
  const token = await layerToken(MapLayerId.DriveTime);
  const rings = await apiFetch(`map/drive/geojson/${at.latitude}/${at.longitude}/${DRIVE_MINUTES.inner}/${DRIVE_MINUTES.outer}/${TravelMode.Drive}`, { query: { token }, signal, schema: ZDriveResponse });
  return { type: 'FeatureCollection', features: rings.features };
}

/** The place has no incident data: its message is the server's words for the user. */
export class NoIncidentData extends Error {}

/**
 * GET sites/{id}/incidentsDOM (the server's default filter): the incidents around a site as points
 * for the incidents density layer. Where no incident data covers the place the load fails with the
 * server's words, so the page says so instead of drawing an empty map that reads as 'no crime'.
 */
export async function loadIncidentDensity(siteId: number, signal: AbortSignal): Promise<FeatureCollection> {
  const answer = await apiFetch(`sites/${siteId}/incidentsDOM`, { signal, schema: ZSiteIncidentsDOMResponse });
  if (!answer.dataAvailable) throw new NoIncidentData(answer.message ?? 'No incident data for this area');
  return {
    type: 'FeatureCollection',
    features: answer.incidents.map((incident) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [incident.lng, incident.lat] }, properties: { category: incident.cat } })),
  };
}
