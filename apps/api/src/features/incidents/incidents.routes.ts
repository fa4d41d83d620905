import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZIncidentCrimeTypeList,
  ZPdDateRangesRequest,
  ZPdDateRangesResponse,
  ZPoliceBboxResponse,
  ZPoliceIncidentsParams,
  ZPoliceIncidentsResponse,
  ZPolicePointParams,
  ZPoliceRecentMonth,
  ZPoliceSummaryResponse,
  ZSiteIdParams,
  ZSiteIncidentsDOMQuery,
  ZSiteIncidentsDOMResponse,
  ZSiteIncidentsQuery,
  ZSiteIncidentsResponse,
  ZVersionQuery,
} from '@riskatlas/domain';
import { authOf } from '../../access/request-auth';
import type { AppDeps } from '../../platform/app-deps';
import { pdDateRanges, publishedCrimeTypes, siteIncidents, siteIncidentsDOM, standardCrimeTypes } from './incidents.service';
import { policeBbox, policeIncidents, policeRecentMonth, policeSummary } from './police.service';

/** Crime incident routes: the two incident sources around a site, their crime types, and the UK police map. */
export function incidentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const db = deps.database.db;
    const tags = ['incidents'];

    app.get(
      '/sites/:siteId/incidents',
      { schema: { tags, summary: 'Police incidents around a site as the department publishes them (first source), filtered', params: ZSiteIdParams, querystring: ZSiteIncidentsQuery, response: { 200: ZSiteIncidentsResponse } } },
      async (request) => siteIncidents(db, authOf(request), request.params.siteId, request.query),
    );

    app.get(
      '/sites/:siteId/incidentsDOM',
      { schema: { tags, summary: 'The same incidents in the ten standard crime types (second source), filtered', params: ZSiteIdParams, querystring: ZSiteIncidentsDOMQuery, response: { 200: ZSiteIncidentsDOMResponse } } },
      async (request) => siteIncidentsDOM(db, authOf(request), request.params.siteId, request.query),
    );

    app.get(
      '/sites/crimetypes',
      { schema: { tags, summary: 'Crime types of the first source (as published)', querystring: ZVersionQuery, response: { 200: ZIncidentCrimeTypeList } } },
      async (request) => publishedCrimeTypes(authOf(request)),
    );

    app.get(
      '/sites/crimetypesDOM',
      { schema: { tags, summary: 'The ten standard crime types of the second source', querystring: ZVersionQuery, response: { 200: ZIncidentCrimeTypeList } } },
      async (request) => standardCrimeTypes(authOf(request)),
    );

    app.post(
      '/sites/pddateranges',
      {
        config: { readOnlyAllowed: 'reads date ranges and changes nothing' },
        schema: { tags, summary: "Per site, the police departments covering it and their first and last incident dates", querystring: ZVersionQuery, body: ZPdDateRangesRequest, response: { 200: ZPdDateRangesResponse } },
      },
      async (request) => pdDateRanges(db, authOf(request), request.body.siteIds),
    );

    app.get(
      '/reports/policeincidentsrecentmonth',
      { schema: { tags, summary: 'The most recent month of UK police data', querystring: ZVersionQuery, response: { 200: ZPoliceRecentMonth } } },
      async (request) => policeRecentMonth(authOf(request)),
    );

    app.get(
      '/reports/:lng/:lat/:radius/:year/:period/policeincidents',
      { schema: { tags, summary: 'UK street-level crime within a radius (miles) in a year or its YTD, grouped by point, month and crime type', params: ZPoliceIncidentsParams, querystring: ZVersionQuery, response: { 200: ZPoliceIncidentsResponse } } },
      async (request) => {
        const { year, period, ...point } = request.params;
        return policeIncidents(deps.gazetteer, authOf(request), point, year, period);
      },
    );

    app.get(
      '/reports/:lng/:lat/:radius/policeincidentssummary',
      { schema: { tags, summary: 'UK street-level crime within a radius (miles), counted per crime type and year', params: ZPolicePointParams, querystring: ZVersionQuery, response: { 200: ZPoliceSummaryResponse } } },
      async (request) => policeSummary(deps.gazetteer, authOf(request), request.params),
    );

    app.get(
      '/reports/:lng/:lat/:radius/getBbox',
      { schema: { tags, summary: 'The box around a radius (miles) padded 2.5 %, and its 64-point ring', params: ZPolicePointParams, querystring: ZVersionQuery, response: { 200: ZPoliceBboxResponse } } },
      async (request) => policeBbox(authOf(request), request.params),
    );
  };
}
