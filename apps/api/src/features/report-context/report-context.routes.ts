import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAddProximityRequest,
  ZAddProximityStarted,
  ZCrimeRateComparison,
  ZCrimeRateQuery,
  ZCrimeRateSiteParams,
  ZDemographicsParams,
  ZProximityLayerList,
  ZReportDemographics,
  ZReportIdParams,
  ZReportProximity,
  ZVersionQuery,
} from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { idListBodyLimit } from '../../platform/request-limits';
import { authOf } from '../../access/request-auth';
import { requestAddProximity } from './add-proximity.service';
import { crimeRateComparison } from './crime-rate.service';
import { reportDemographics } from './demographics.service';
import { proximityLayers, reportProximity } from './proximity.service';

/** Most reports one addProximity request names. */
const MAX_ADD_PROXIMITY_REPORTS = 100_000;

/** A report's context: points of interest, county demographics, crime rate comparison. */
export function reportContextRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['report context'];
    const db = deps.database.db;
    const scoring = { gazetteer: deps.gazetteer, scoring: deps.scoring };

    app.get(
      '/reports/proximity',
      { schema: { tags, summary: 'The proximity layers (kinds of points of interest) the product offers', querystring: ZVersionQuery, response: { 200: ZProximityLayerList } } },
      async () => proximityLayers(),
    );

    app.get(
      '/reports/:id/proximity',
      {
        schema: {
          tags,
          summary: "Points of interest near a report's site per proximity layer, nearest first (reports with the Proximity add-on)",
          params: ZReportIdParams,
          querystring: ZVersionQuery,
          response: { 200: ZReportProximity },
        },
      },
      async (request) => reportProximity(db, authOf(request), request.params.id),
    );

    app.post(
      '/reports/addProximity',
      {
        bodyLimit: idListBodyLimit(MAX_ADD_PROXIMITY_REPORTS, deps.config.bodyLimit),
        config: { write: true },
        schema: {
          tags,
          summary: 'Add points of interest (the Proximity add-on, one licence a report) to reports; a job, answered with its task',
          querystring: ZVersionQuery,
          body: ZAddProximityRequest,
          response: { 200: ZAddProximityStarted },
        },
      },
      async (request) => requestAddProximity(deps, authOf(request), request.body.accountProductReportIds),
    );

    app.get(
      '/reports/:id/:x/demographics',
      {
        schema: {
          tags,
          summary: "Demographics of the county of a report's site: x = 'all' or a section id (reports with the Demographics add-on)",
          params: ZDemographicsParams,
          querystring: ZVersionQuery,
          response: { 200: ZReportDemographics },
        },
      },
      async (request) => reportDemographics(db, deps.gazetteer, authOf(request), request.params),
    );

    app.get(
      '/reports/:siteId/crcfData',
      {
        schema: {
          tags,
          summary: "Actual against expected crime rates per methodology of a site's report (US urban sites, releases 2024 on)",
          params: ZCrimeRateSiteParams,
          querystring: ZCrimeRateQuery,
          response: { 200: ZCrimeRateComparison },
        },
      },
      async (request) => crimeRateComparison(db, scoring, authOf(request), request.params.siteId, request.query.reportId),
    );
  };
}
