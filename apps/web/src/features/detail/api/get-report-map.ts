import { MapLayerId, ZReportMapResponse, type ReportMapType, type TReportMapResponse } from '@riskatlas/domain';
import { layerToken } from '../../../components/map';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET reports/{siteId}/map/geojson/{type}: the score cells around the site for its latest report
 * and a methodology, with the report-map layer's token. The map calls it as an overlay loader and
 * aborts it when a newer load starts.
 */
export async function loadReportMap(siteId: number, type: ReportMapType, methodology: number, signal: AbortSignal): Promise<TReportMapResponse> {
  const token = await layerToken(MapLayerId.ReportHeatMap);
  return apiFetch(`reports/${siteId}/map/geojson/${type}`, { query: { token, methodology }, schema: ZReportMapResponse, signal });
}
