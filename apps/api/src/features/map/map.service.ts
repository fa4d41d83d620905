import { isMethodologyTypeId, MAP_TOKEN_LIFETIME_MS, ReportMessages, type ReportMapType, type TMapTokenResponse, type TReportMapResponse } from '@riskatlas/domain';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../access/caller';
import { siteScope } from '../../access/site-scope';
import { AppError } from '../../lib/app-error';
import type { ScoringDeps } from '../reports/index';
import { isMapLayer } from './map-layers';
import { findMappedReport } from './map.repository';
import { signMapToken, verifyMapToken } from './map-token';
import { reportMapCells } from './report-map';

/** What the map services need. */
export interface MapServiceDeps extends ScoringDeps {
  db: Database;
  now: () => Date;
  /** Signs and checks layer tokens. */
  secret: string;
}

/** The message for a layer id the product does not have. */
const UNKNOWN_LAYER = 'There is no map layer with that id.';
/** The message for a methodology the report was not scored under. */
const METHODOLOGY_NOT_IN_REPORT = 'The report has no scores under that methodology.';

/** POST map/token: a token for one of the product's layers, bound to the caller. */
export function issueMapToken(deps: Pick<MapServiceDeps, 'secret' | 'now'>, auth: AuthContext, layerId: number): TMapTokenResponse {
  if (!isMapLayer(layerId)) throw AppError.badRequest(UNKNOWN_LAYER, 'mapLayerID');
  const { token, expires } = signMapToken(deps.secret, { layerId, accountId: auth.accountId, userId: auth.userId }, deps.now());
  return { token, mapLayerID: layerId, lifetime: MAP_TOKEN_LIFETIME_MS, expires: expires.toISOString() };
}

/** Refuses a layer data request whose token is not the caller's valid token for that layer. */
export function checkMapToken(deps: Pick<MapServiceDeps, 'secret' | 'now'>, auth: AuthContext, layerId: number, token: string): void {
  verifyMapToken(deps.secret, token, { layerId, accountId: auth.accountId, userId: auth.userId }, deps.now());
}

/**
 * GET reports/{siteId}/map/geojson/{type}: the score cells of the site's latest report the caller
 * may see, under the methodology asked (the report's first when none is asked).
 */
export async function reportMap(deps: MapServiceDeps, auth: AuthContext, siteId: number, mapType: ReportMapType, methodology: number | undefined): Promise<TReportMapResponse> {
  const report = await findMappedReport(deps.db, await siteScope(deps.db, auth), siteId);
  if (!report) throw AppError.notFound(ReportMessages.reportNotFound);
  const chosen = methodology ?? report.methodologyTypeIds[0];
  if (chosen === undefined || !isMethodologyTypeId(chosen) || !report.methodologyTypeIds.includes(chosen)) throw AppError.badRequest(METHODOLOGY_NOT_IN_REPORT, 'methodology');
  return reportMapCells(deps, report, chosen, mapType);
}

