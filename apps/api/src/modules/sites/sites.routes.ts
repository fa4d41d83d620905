import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CURRENT_RELEASE,
  ZAddSiteCommentRequest,
  ZCreateSiteQuery,
  ZCreateSiteRequest,
  ZDeleteSiteCacheResponse,
  ZDeleteSitesQuery,
  ZDeleteSitesRequest,
  ZEditSiteRequest,
  ZReportPathParams,
  ZSite,
  ZSiteComment,
  ZSiteCommentList,
  ZSiteCount,
  ZSiteFull,
  ZSiteList,
  ZSiteListQuery,
  ZSiteLookupBody,
  ZSiteLookupResponse,
  ZSiteOnlyLimit,
  ZSiteOnlyLimitQuery,
  ZSitePathParams,
  ZSitesAtLocationParams,
  ZSitesAtLocationRequest,
  ZSitesAtLocationResponse,
  ZSitesCsvQuery,
  ZSitesCsvRequest,
  ZSiteTaskStarted,
  ZVersionQuery,
} from '@riskatlas/domain';
import { createGeocoder } from '@riskatlas/geo';
import type { AppDeps } from '../../deps';
import { authOf } from '../../plugins/auth';
import type { GeocodeFn } from '../geo/geocode.service';
import { addSiteComment, siteComments } from './site-comments.service';
import { requestSitesCsv } from './site-csv.service';
import { requestSiteDeletion, type SiteDeleteDeps } from './site-delete.service';
import { presentSiteRow } from './site-presenter';
import { countSites, getFullSite, getSite, getSiteOfReport, listSiteRows, siteIdWithExternalId, siteIdWithName, sitesAtLocation } from './site-read.service';
import { checkSiteOnlyLimit, createSite, deleteSiteCache, editSite, type SiteWriteDeps } from './site-write.service';
import { packedSitesBody } from './sites-packed';

/** Skips zod's re-serialisation of large answers (STACK-NOTES: 2–2.5× the cost); the schema stays for OpenAPI, the tests check the shape. */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** Site routes (spec 1 §7 "Sites", plus GET account/checkSiteOnlyAccountLimit). Every query goes through the site scope (site-scope.ts). */
export function sitesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { url, kind, timeoutMs } = deps.config.geocoder;
    // The same composed geocoder as sites/geocode and POST reports (external first when configured, embedded fallback).
    const geocoder = createGeocoder(deps.gazetteer, {
      ...(url ? { externalUrl: url, timeoutMs, ...(kind ? { kind } : {}) } : {}),
      onExternalError: (error) => app.log.warn({ err: error }, 'external geocoder failed'),
    });
    const geocode: GeocodeFn = (address, options) => geocoder.geocode(address, options);
    const services: SiteWriteDeps & SiteDeleteDeps = {
      database: deps.database,
      db: deps.database.db,
      gazetteer: deps.gazetteer,
      geocode,
      now: deps.now,
      jobs: deps.jobs,
      fileStore: deps.fileStore,
    };
    const tags = ['sites'];
    // Deletion and export may name 100,000 sites.
    const idListBodyLimit = Math.max(deps.config.bodyLimit, 4 * 1024 * 1024);

    app.get(
      '/sites',
      {
        schema: { tags, summary: 'Every site the caller may see, with the report summary of the release (JSON)', querystring: ZSiteListQuery, response: { 200: ZSiteList } },
        serializerCompiler: plainJson,
      },
      async (request, reply) => {
        const release = request.query.releaseYear ?? CURRENT_RELEASE;
        const rows = await listSiteRows(services, authOf(request), release);
        void reply.header('cache-control', 'private, no-cache');
        return rows.map((row) => presentSiteRow(row, release));
      },
    );

    app.get(
      '/m/sites',
      {
        schema: {
          tags,
          summary: 'The same list as GET sites in the packed binary format (packages/domain/src/sites/packed-sites.ts documents and decodes it)',
          querystring: ZSiteListQuery,
        },
      },
      async (request, reply) => {
        const release = request.query.releaseYear ?? CURRENT_RELEASE;
        const rows = await listSiteRows(services, authOf(request), release);
        const body = await packedSitesBody(rows, release, request.headers['accept-encoding']);
        void reply.header('content-type', 'application/octet-stream').header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
        if (body.encoding) void reply.header('content-encoding', body.encoding);
        return reply.send(body.bytes);
      },
    );

    app.get('/sites/count', { schema: { tags, summary: 'How many sites the caller may see, with and without reports', querystring: ZVersionQuery, response: { 200: ZSiteCount } } }, async (request) =>
      countSites(services, authOf(request)),
    );

    app.get(
      '/sites/full/:id',
      { schema: { tags, summary: 'A site with its reports, comment count and what the caller may do', params: ZSitePathParams, querystring: ZVersionQuery, response: { 200: ZSiteFull } } },
      async (request) => getFullSite(services, authOf(request), request.params.id),
    );

    app.get(
      '/sites/byaprid/:id',
      { schema: { tags, summary: 'The site of a report id', params: ZReportPathParams, querystring: ZVersionQuery, response: { 200: ZSite } } },
      async (request) => getSiteOfReport(services, authOf(request), request.params.id),
    );

    app.get(
      '/sites/:id',
      { schema: { tags, summary: 'One site with the report summary of the release', params: ZSitePathParams, querystring: ZSiteListQuery, response: { 200: ZSite } } },
      async (request) => getSite(services, authOf(request), request.params.id, request.query.releaseYear ?? CURRENT_RELEASE),
    );

    app.post(
      '/sites',
      {
        config: { write: true },
        schema: {
          tags,
          summary: "Create a site without a report (the account's site-only limit applies); answers the site",
          querystring: ZCreateSiteQuery,
          body: ZCreateSiteRequest,
          response: { 200: ZSite },
        },
      },
      async (request) => createSite(services, authOf(request), request.body, request.query, request.ip ?? null),
    );

    app.get(
      '/account/checkSiteOnlyAccountLimit',
      { schema: { tags, summary: 'Whether one more site without a report may be created', querystring: ZSiteOnlyLimitQuery, response: { 200: ZSiteOnlyLimit } } },
      async (request) => checkSiteOnlyLimit(services, authOf(request), request.query.accountId),
    );

    app.post(
      '/sites/edit',
      {
        config: { write: true },
        schema: { tags, summary: 'Save a site’s name, notes, tags and external id; answers the site', querystring: ZVersionQuery, body: ZEditSiteRequest, response: { 200: ZSite } },
      },
      async (request) => editSite(services, authOf(request), request.body, request.ip ?? null),
    );

    app.post(
      '/sites/delete',
      {
        bodyLimit: idListBodyLimit,
        config: { write: true },
        schema: {
          tags,
          summary: 'Delete sites (and their reports and comments) as a job; answers the task to poll. Administrators and provider staff; the support path needs a reason',
          querystring: ZDeleteSitesQuery,
          body: ZDeleteSitesRequest,
          response: { 200: ZSiteTaskStarted },
        },
      },
      async (request) => requestSiteDeletion(services, authOf(request), request.body, request.query, request.ip ?? null),
    );

    app.post(
      '/sites/deletecache',
      {
        config: { write: true },
        schema: { tags, summary: "Support: mark the account's data changed so every cached site list reloads", querystring: ZVersionQuery, response: { 200: ZDeleteSiteCacheResponse } },
      },
      async (request) => deleteSiteCache(services, authOf(request), request.ip ?? null),
    );

    app.post(
      '/sites/atlocation/:id',
      {
        schema: {
          tags,
          summary: 'Sites within a radius of a point, nearest first; the path id is a site to leave out (0 or any id for none)',
          params: ZSitesAtLocationParams,
          querystring: ZVersionQuery,
          body: ZSitesAtLocationRequest,
          response: { 200: ZSitesAtLocationResponse },
        },
      },
      async (request) => sitesAtLocation(services, authOf(request), request.params.id, request.body),
    );

    app.post(
      '/sites/withname',
      { schema: { tags, summary: 'The id of a site with this name (trimmed, ignoring case), 0 when none', querystring: ZVersionQuery, body: ZSiteLookupBody, response: { 200: ZSiteLookupResponse } } },
      async (request) => siteIdWithName(services, authOf(request), request.body),
    );

    app.post(
      '/sites/withexternalid',
      { schema: { tags, summary: 'The id of a site with this external id (trimmed), 0 when none', querystring: ZVersionQuery, body: ZSiteLookupBody, response: { 200: ZSiteLookupResponse } } },
      async (request) => siteIdWithExternalId(services, authOf(request), request.body),
    );

    app.post(
      '/sites/csv',
      {
        bodyLimit: idListBodyLimit,
        schema: {
          tags,
          summary: 'Export sites as CSV into File Downloads (a job); answers the task to poll',
          querystring: ZSitesCsvQuery,
          body: ZSitesCsvRequest,
          response: { 200: ZSiteTaskStarted },
        },
      },
      async (request) => requestSitesCsv(services, authOf(request), request.body, request.query),
    );

    app.get(
      '/sites/:id/comments',
      { schema: { tags, summary: 'Comments on a site, newest first', params: ZSitePathParams, querystring: ZVersionQuery, response: { 200: ZSiteCommentList } } },
      async (request) => siteComments(services, authOf(request), request.params.id),
    );

    app.post(
      '/sites/:id/comments',
      {
        // Not config.write: read-only users get the spec's own words ('Read Only users cannot add comments.').
        schema: { tags, summary: 'Add a comment; the author and date are the caller and now', params: ZSitePathParams, querystring: ZVersionQuery, body: ZAddSiteCommentRequest, response: { 200: ZSiteComment } },
      },
      async (request) => addSiteComment(services, authOf(request), request.params.id, request.body),
    );
  };
}
