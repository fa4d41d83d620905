import {
  hasFeature,
  PROXIMITY_LAYERS,
  PROXIMITY_POINTS_PER_LAYER,
  PROXIMITY_RADIUS_METERS,
  ReportContextMessages,
  ReportFeature,
  type TProximityLayer,
  type TReportProximity,
} from '@riskatlas/domain';
import type { Db } from '../../db/client';
import type { Caller } from '../../access/caller';
import { AppError } from '../../lib/app-error';
import { contextData } from './context-data';
import { scopedReport } from './report-lookup';

/** GET reports/proximity: the layers the product offers, in sort order; every layer is enabled. */
export function proximityLayers(): TProximityLayer[] {
  return PROXIMITY_LAYERS.map(({ proximityLayerID, icon, name, classification, sortOrder }) => ({ proximityLayerID, enabled: true, icon, name, classification, sortOrder }));
}

/**
 * GET reports/{id}/proximity: each layer with the points of interest within the search radius of
 * the report's site, nearest first. Only a report with the Proximity add-on has them; another
 * account's report is 404.
 */
export async function reportProximity(db: Db, caller: Caller, accountProductReportId: number): Promise<TReportProximity> {
  const { report, site } = await scopedReport(db, caller, accountProductReportId);
  if (!hasFeature(report.features, ReportFeature.Proximity)) throw AppError.badRequest(ReportContextMessages.noProximity);
  const data = contextData();
  const layers = proximityLayers().map((layer) => ({
    ...layer,
    pointsOfInterest: data.nearby(layer.proximityLayerID, site.latitude, site.longitude, PROXIMITY_RADIUS_METERS, PROXIMITY_POINTS_PER_LAYER).map((point) => ({
      name: point.name,
      // Whole metres: the straight-line distance is no more precise than the points' 1 m positions.
      distance: Math.round(point.meters),
      category: point.category,
      address: point.address,
      icon: layer.icon,
      latitude: point.latitude,
      longitude: point.longitude,
    })),
  }));
  return { accountProductReportId: report.accountProductReportId, siteId: site.siteId, countryID: report.countryId, radiusMeters: PROXIMITY_RADIUS_METERS, layers };
}
