import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MapLayerId,
  ZDriveParams,
  ZMapConfig,
  ZMapLayersResponse,
  ZMapTokenQuery,
  ZMapTokenRequest,
  ZMapTokenResponse,
  ZPlaceLabelsQuery,
  ZReportMapParams,
  ZReportMapQuery,
  ZVersionQuery,
} from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { driveRings } from './drive-rings';
import { MAP_LAYERS } from './map-layers';
import { checkMapToken, issueMapToken, reportMap, type MapServiceDeps } from './map.service';
import { PlaceLabels } from './place-labels';

// GeoJSON answers are built in the contract's shape by the services (map.test.ts checks them
// against the schemas); re-serialising hundreds of coordinates through zod would cost more than
// computing them.
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The map API: layer tokens, the layer list, the map's configuration, city labels, report maps, drive-time rings. */
export function mapRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const services: MapServiceDeps = { db: deps.database.db, now: deps.now, gazetteer: deps.gazetteer, scoring: deps.scoring, secret: deps.config.cookieSecret };
  let labels: PlaceLabels | undefined;
  const placeLabels = () => (labels ??= new PlaceLabels(deps.gazetteer.sizedPlaces()));

  return async (app) => {
    app.post(
      '/map/token',
      {
        // Issuing a token changes nothing, so read-only users and accounts under maintenance get one too.
        config: { readOnlyAllowed: 'issues a signed token for reading one map layer and changes nothing' },
        schema: { tags: ['map'], summary: 'A signed token for one map layer\'s data requests (lifetime 3,590,000 ms)', querystring: ZVersionQuery, body: ZMapTokenRequest, response: { 200: ZMapTokenResponse } },
      },
      async (request) => issueMapToken(services, authOf(request), request.body.mapLayerID),
    );

    app.get('/map/layers', { schema: { tags: ['map'], summary: 'The map layers the product has', querystring: ZVersionQuery, response: { 200: ZMapLayersResponse } } }, async () => [...MAP_LAYERS]);

    app.get(
      '/map/config',
      { schema: { tags: ['map'], summary: 'The map\'s configuration: the online style URL the server was started with, or null', querystring: ZVersionQuery, response: { 200: ZMapConfig } } },
      async () => ({ styleUrl: deps.config.mapStyleUrl ?? null }),
    );

    app.get(
      '/map/places',
      {
        schema: { tags: ['map'], summary: 'City and town labels in a box at a zoom, largest first (layer 3 token)', querystring: ZPlaceLabelsQuery },
        serializerCompiler: plainJson,
      },
      async (request, reply) => {
        const { west, south, east, north, zoom, token } = request.query;
        checkMapToken(services, authOf(request), MapLayerId.CityLabels, token);
        void reply.header('cache-control', 'private, max-age=3600');
        return placeLabels().labels([west, south, east, north], zoom);
      },
    );

    app.get(
      '/reports/:siteId/map/geojson/:type',
      {
        schema: { tags: ['map'], summary: "Score cells around a site for its latest report: 'overall' (map A), 'persons' or 'property' (map B) (layer 4 token)", params: ZReportMapParams, querystring: ZReportMapQuery },
        serializerCompiler: plainJson,
      },
      async (request) => {
        const auth = authOf(request);
        checkMapToken(services, auth, MapLayerId.ReportHeatMap, request.query.token);
        return reportMap(services, auth, request.params.siteId, request.params.type, request.query.methodology);
      },
    );

    app.get(
      '/map/drive/geojson/:lat/:lng/:a/:b/:c',
      {
        schema: { tags: ['map'], summary: 'Approximate drive-time rings: circles at an assumed speed (a inner and b outer minutes, c travel mode; layer 6 token)', params: ZDriveParams, querystring: ZMapTokenQuery },
        serializerCompiler: plainJson,
      },
      async (request) => {
        checkMapToken(services, authOf(request), MapLayerId.DriveTime, request.query.token);
        const { lat, lng, a, b, c } = request.params;
        return driveRings(lat, lng, a, b, c);
      },
    );
  };
}
