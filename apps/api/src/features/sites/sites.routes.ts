import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CURRENT_RELEASE,
  MAX_SITES_PER_REQUEST,
  SiteMessages,
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
  ZSiteTagsRequest,
  ZSiteTagsResponse,
  ZSiteTaskStarted,
  ZVersionQuery,
} from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { idListBodyLimit } from '../../platform/request-limits';
import { authOf } from '../../access/request-auth';
import { appGeocoder } from '../geo/index';
import { addSiteComment, siteComments } from './site-comments.service';
import { requestSitesCsv } from './site-csv.service';
import { requestSiteDeletion, type SiteDeleteDeps } from './site-delete.service';
import { presentSiteRow } from './site-presenter';
import { countSites, getFullSite, getSite, getSiteOfReport, listSiteRows, packedSiteList, siteIdWithExternalId, siteIdWithName, sitesAtLocation } from './site-read.service';
import { checkSiteOnlyLimit, createSite, deleteSiteCache, editSite, type SiteWriteDeps } from './site-write.service';
import { editSiteTags } from './site-tags.service';
import type { KeptSiteLists } from './kept-site-lists';

/** Skips zod's re-serialisation of large answers (measured here at 2–2.5× the cost of plain JSON); the schema stays for OpenAPI, the tests check the shape. */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** What a route's options say besides its schema. */
interface RouteKind {
  /** Changes data: read-only callers are refused by the auth plugin (config.write). */
  write?: boolean;
  /** What read-only users are told when they try (config.readOnlyUserMessage). */
  readOnlyUserMessage?: string;
  /** A POST that changes nothing: why read-only callers may use it (config.readOnlyAllowed). */
  readOnlyAllowed?: string;
  /** The body may name up to MAX_SITES_PER_REQUEST sites. */
  idList?: boolean;
}

/** The caller's address for the audit log. */
const ipOf = (request: FastifyRequest): string | null => request.ip ?? null;

/** Site routes (plus GET account/checkSiteOnlyAccountLimit). Every query goes through the site scope (access/site-scope.ts). */
export function sitesRoutes(deps: AppDeps, siteLists: KeptSiteLists): FastifyPluginAsyncZod {
  return async (app) => {
    const services: SiteWriteDeps & SiteDeleteDeps = {
      database: deps.database,
      db: deps.database.db,
      gazetteer: deps.gazetteer,
      geocode: appGeocoder(deps, app.log),
      now: deps.now,
      jobs: deps.jobs,
      fileStore: deps.fileStore,
      listCache: siteLists,
    };
    // Deletion, tagging and export may name MAX_SITES_PER_REQUEST sites.
    const siteIdsBodyLimit = idListBodyLimit(MAX_SITES_PER_REQUEST, deps.config.bodyLimit);
    /** A route's options: the sites tag and summary with its schema, and what `kind` says. */
    const route = <S extends object>(summary: string, schema: S, { idList, ...config }: RouteKind = {}) => ({
      ...(idList ? { bodyLimit: siteIdsBodyLimit } : {}),
      config,
      schema: { tags: ['sites'], summary, ...schema },
    });
    const write: RouteKind = { write: true };
    const writeIdList: RouteKind = { write: true, idList: true };
    const lookupOnly: RouteKind = { readOnlyAllowed: 'looks sites up and changes nothing' };

    app.get(
      '/sites',
      {
        ...route('Every site the caller may see, with the report summary of the release (JSON)', { querystring: ZSiteListQuery, response: { 200: ZSiteList } }),
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
      route('The same list as GET sites in the packed binary format (packages/domain/src/sites/packed-sites.ts documents and decodes it)', { querystring: ZSiteListQuery }),
      async (request, reply) => {
        const release = request.query.releaseYear ?? CURRENT_RELEASE;
        const body = await packedSiteList(services, authOf(request), release, request.headers['accept-encoding']);
        void reply.header('content-type', 'application/octet-stream').header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
        if (body.encoding) void reply.header('content-encoding', body.encoding);
        return reply.send(body.bytes);
      },
    );

    app.get('/sites/count', route('How many sites the caller may see, with and without reports', { querystring: ZVersionQuery, response: { 200: ZSiteCount } }), async (request) =>
      countSites(services, authOf(request)),
    );

    app.get(
      '/sites/full/:id',
      route('A site with its reports, comment count and what the caller may do', { params: ZSitePathParams, querystring: ZVersionQuery, response: { 200: ZSiteFull } }),
      async (request) => getFullSite(services, authOf(request), request.params.id),
    );

    app.get('/sites/byaprid/:id', route('The site of a report id', { params: ZReportPathParams, querystring: ZVersionQuery, response: { 200: ZSite } }), async (request) =>
      getSiteOfReport(services, authOf(request), request.params.id),
    );

    app.get('/sites/:id', route('One site with the report summary of the release', { params: ZSitePathParams, querystring: ZSiteListQuery, response: { 200: ZSite } }), async (request) =>
      getSite(services, authOf(request), request.params.id, request.query.releaseYear ?? CURRENT_RELEASE),
    );

    app.post(
      '/sites',
      route("Create a site without a report (the account's site-only limit applies); answers the site", { querystring: ZCreateSiteQuery, body: ZCreateSiteRequest, response: { 200: ZSite } }, write),
      async (request) => createSite(services, authOf(request), request.body, request.query, ipOf(request)),
    );

    app.get(
      '/account/checkSiteOnlyAccountLimit',
      route('Whether one more site without a report may be created', { querystring: ZSiteOnlyLimitQuery, response: { 200: ZSiteOnlyLimit } }),
      async (request) => checkSiteOnlyLimit(services, authOf(request), request.query.accountId),
    );

    app.post(
      '/sites/edit',
      route('Save a site’s name, notes, tags and external id; answers the site', { querystring: ZVersionQuery, body: ZEditSiteRequest, response: { 200: ZSite } }, write),
      async (request) => editSite(services, authOf(request), request.body, ipOf(request)),
    );

    app.post(
      '/sites/tags',
      route('Add, remove or replace tags of many sites at once; answers how many sites changed', { querystring: ZVersionQuery, body: ZSiteTagsRequest, response: { 200: ZSiteTagsResponse } }, writeIdList),
      async (request) => editSiteTags(services, authOf(request), request.body, ipOf(request)),
    );

    app.post(
      '/sites/delete',
      route(
        'Delete sites (and their reports and comments) as a job; answers the task to poll. Administrators and provider staff; the support path needs a reason',
        { querystring: ZDeleteSitesQuery, body: ZDeleteSitesRequest, response: { 200: ZSiteTaskStarted } },
        writeIdList,
      ),
      async (request) => requestSiteDeletion(services, authOf(request), request.body, request.query, ipOf(request)),
    );

    app.post(
      '/sites/deletecache',
      route("Support: mark the account's data changed so every cached site list reloads", { querystring: ZVersionQuery, response: { 200: ZDeleteSiteCacheResponse } }, write),
      async (request) => deleteSiteCache(services, authOf(request), ipOf(request)),
    );

    app.post(
      '/sites/atlocation/:id',
      route('Sites within a radius of a point, nearest first; the path id is a site to leave out (0 or any id for none)', {
        params: ZSitesAtLocationParams,
        querystring: ZVersionQuery,
        body: ZSitesAtLocationRequest,
        response: { 200: ZSitesAtLocationResponse },
      }, lookupOnly),
      async (request) => sitesAtLocation(services, authOf(request), request.params.id, request.body),
    );

    const lookup = { querystring: ZVersionQuery, body: ZSiteLookupBody, response: { 200: ZSiteLookupResponse } };
    app.post('/sites/withname', route('The id of a site with this name (trimmed, ignoring case), 0 when none', lookup, lookupOnly), async (request) =>
      siteIdWithName(services, authOf(request), request.body),
    );
    app.post('/sites/withexternalid', route('The id of a site with this external id (trimmed), 0 when none', lookup, lookupOnly), async (request) =>
      siteIdWithExternalId(services, authOf(request), request.body),
    );

    app.post(
      '/sites/csv',
      route('Export sites as CSV into File Downloads (a job); answers the task to poll', { querystring: ZSitesCsvQuery, body: ZSitesCsvRequest, response: { 200: ZSiteTaskStarted } }, {
        idList: true,
        readOnlyAllowed: "exports the sites the caller may see into the caller's own downloads",
      }),
      async (request) => requestSitesCsv(services, authOf(request), request.body, request.query),
    );

    app.get('/sites/:id/comments', route('Comments on a site, newest first', { params: ZSitePathParams, querystring: ZVersionQuery, response: { 200: ZSiteCommentList } }), async (request) =>
      siteComments(services, authOf(request), request.params.id),
    );

    app.post(
      '/sites/:id/comments',
      // Read-only users get the product's own words for comments.
      route('Add a comment; the author and date are the caller and now', { params: ZSitePathParams, querystring: ZVersionQuery, body: ZAddSiteCommentRequest, response: { 200: ZSiteComment } }, {
        write: true,
        readOnlyUserMessage: SiteMessages.readOnlyComments,
      }),
      async (request) => addSiteComment(services, authOf(request), request.params.id, request.body),
    );
  };
}
