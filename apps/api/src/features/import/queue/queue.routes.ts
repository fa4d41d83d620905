import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_ROWS,
  ZImportChangeOptionsRequest,
  ZImportQueueCounts,
  ZImportQueueDeleted,
  ZImportQueueDeleteRequest,
  ZImportQueueEditRequest,
  ZImportQueueQuery,
  ZImportRescoreIds,
  ZImportRescoreIdsRequest,
  ZImportStatusDetail,
  ZImportValidateMethodologies,
  ZImportValidateMethodologiesRequest,
  ZQueuedImportSite,
  ZQueuedSiteParams,
  ZVersionQuery,
} from '@riskatlas/domain';
import { authOf } from '../../../access/request-auth';
import type { AppDeps } from '../../../platform/app-deps';
import { idListBodyLimit } from '../../../platform/request-limits';
import { XLSX_CONTENT_TYPE } from '../../documents/index';
import { attachmentDisposition } from '../../files/index';
import { changeQueueOptionsFor, deleteQueuedSites, editQueuedSite, type QueueWriteDeps } from './queue-edit.service';
import { rescoreIds, validateImportMethodologies } from './queue-rescore.service';
import { getQueuedSite, listQueue, listQueueWindow, queueAsExcel, queueCounts, queueStatusDetail } from './queue.service';

/** The queue can be 100,000 rows: its JSON is written without zod's re-serialisation (the tests check the shape). */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * The import queue's routes: the caller's own queue only. Reads are open to
 * read-only callers (their queue is empty: they cannot process files); changes are refused to them.
 */
export function importQueueRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const services: QueueWriteDeps = { database: deps.database, jobs: deps.jobs, now: deps.now };
    const tags = ['import'];
    const bodyLimit = idListBodyLimit(IMPORT_MAX_ROWS, deps.config.bodyLimit);
    const write = { write: true };

    app.get(
      '/sites/import/queue',
      {
        schema: {
          tags,
          summary: "The caller's import queue in row order, under the filter entries chosen (selectionMode); with limit, a window from offset and the total; asExcel: the same rows as .xlsx; asExcel&issuesOnly: 'Download rows with issues'",
          // No response schema: the answer is JSON rows (ZQueuedImportSite[]), a window of them (ZQueuedImportSiteWindow) or a workbook.
          querystring: ZImportQueueQuery.extend(ZVersionQuery.shape),
        },
        serializerCompiler: plainJson,
      },
      async (request, reply) => {
        const { asExcel, issuesOnly, selectionMode, offset, limit } = request.query;
        const auth = authOf(request);
        if (asExcel) {
          const workbook = await queueAsExcel(services, auth, selectionMode, issuesOnly ?? false);
          void reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', attachmentDisposition(workbook.filename)).header('cache-control', 'private, no-store');
          return reply.send(workbook.body);
        }
        void reply.header('cache-control', 'private, no-cache');
        if (limit !== undefined) return listQueueWindow(services, auth, { selectionMode, offset: offset ?? 0, limit });
        return listQueue(services, auth, selectionMode);
      },
    );

    app.get('/sites/import/queue/counts', { schema: { tags, summary: "Counts of the caller's queue rows by state", querystring: ZVersionQuery, response: { 200: ZImportQueueCounts } } }, async (request) =>
      queueCounts(services, authOf(request)),
    );

    app.get(
      '/sites/import/queue/statusdetail/:id',
      { schema: { tags, summary: 'Why a queue row has its status: errors and warnings in words, the matching sites, look-alike rows, the candidates', params: ZQueuedSiteParams, querystring: ZVersionQuery, response: { 200: ZImportStatusDetail } } },
      async (request) => queueStatusDetail(services, authOf(request), request.params.id),
    );

    app.get('/sites/import/queue/:id', { schema: { tags, summary: "One row of the caller's queue", params: ZQueuedSiteParams, querystring: ZVersionQuery, response: { 200: ZQueuedImportSite } } }, async (request) =>
      getQueuedSite(services, authOf(request), request.params.id),
    );

    app.post(
      '/sites/import/queue/edit',
      {
        config: write,
        schema: { tags, summary: 'Edit a queue row or resolve it (candidate, pin, match accepted or removed, matching off); it becomes pending and is checked again', querystring: ZVersionQuery, body: ZImportQueueEditRequest, response: { 200: ZQueuedImportSite } },
      },
      async (request) => editQueuedSite(services, authOf(request), request.body),
    );

    app.post(
      '/sites/import/queue/delete',
      { bodyLimit, config: write, schema: { tags, summary: 'Remove rows with issues (deleteMode 1), every row (2), or the rows named', querystring: ZVersionQuery, body: ZImportQueueDeleteRequest, response: { 200: ZImportQueueDeleted } } },
      async (request) => deleteQueuedSites(services, authOf(request), request.body),
    );

    app.post(
      '/sites/import/queue/changeoptions',
      {
        bodyLimit,
        config: write,
        schema: { tags, summary: 'New matching options (geocoderFlags masked with -897) and updateFlags for rows; they are checked again', querystring: ZVersionQuery, body: ZImportChangeOptionsRequest, response: { 200: z.object({ ok: z.literal(true), changed: z.number().int() }) } },
      },
      async (request) => changeQueueOptionsFor(services, authOf(request), request.body),
    );

    app.post(
      '/sites/import/queue/rescoreids',
      {
        bodyLimit,
        config: { readOnlyAllowed: 'reads the queue and changes nothing' },
        schema: { tags, summary: 'The existing sites the ready rows update, and those with a report for the current release', querystring: ZVersionQuery, body: ZImportRescoreIdsRequest, response: { 200: ZImportRescoreIds } },
      },
      async (request) => rescoreIds(services, authOf(request), request.body.queuedSiteIds),
    );

    app.post(
      '/sites/import/queue/validatemethodologies',
      {
        config: { readOnlyAllowed: 'checks a choice and changes nothing' },
        schema: { tags, summary: 'Whether reports with these methodologies may be made for the imported sites in these releases', querystring: ZVersionQuery, body: ZImportValidateMethodologiesRequest, response: { 200: ZImportValidateMethodologies } },
      },
      async (request) => validateImportMethodologies(authOf(request), request.body),
    );
  };
}
