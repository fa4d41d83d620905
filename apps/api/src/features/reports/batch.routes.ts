import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_BATCH_SITES,
  ZBackdateChart,
  ZBatchList,
  ZBatchPreview,
  ZBatchQuery,
  ZBatchRequest,
  ZBatchStarted,
  ZBatchStatusQuery,
  ZInBatchesParams,
  ZInBatchesResponse,
  ZVersionQuery,
} from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { idListBodyLimit } from '../../platform/request-limits';
import { authOf } from '../../access/request-auth';
import { backdateChartFor } from './backdate-chart';
import { batchesOfSite, batchStatus } from './batch-status.service';
import { previewBatch, startBatch, type BatchServiceDeps } from './batch.service';

/** Report batch routes: creation (and its preview), the batch list, a site's batches, and the backdate chart. */
export function batchRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const services: BatchServiceDeps = { database: deps.database, gazetteer: deps.gazetteer, scoring: deps.scoring, jobs: deps.jobs, fileStore: deps.fileStore, now: deps.now };
    const db = deps.database.db;
    const tags = ['reports'];

    app.post(
      '/reports/batch',
      {
        // The sites and the sites to replace: two id lists of up to MAX_BATCH_SITES each.
        bodyLimit: idListBodyLimit(2 * MAX_BATCH_SITES, deps.config.bodyLimit),
        config: { write: true },
        schema: {
          tags,
          summary:
            'Create reports for many sites as a job (administrators, impersonators, or standard users when the account allows batching). isSimulation=true answers the preview and creates nothing; otherwise 400 when no site is eligible, 409 with the preview when duplicates are to be skipped without ignoreCounts, 402 when licences are short, else the started batch. Ids that are not visible sites and sites that cannot be scored are left out (the preview lists them).',
          querystring: ZBatchQuery.extend(ZVersionQuery.shape),
          body: ZBatchRequest,
          response: { 200: z.union([ZBatchPreview, ZBatchStarted]) },
        },
      },
      async (request) => (request.query.isSimulation ? previewBatch(services, authOf(request), request.body) : startBatch(services, authOf(request), request.body, request.query)),
    );

    app.get(
      '/reports/batch/status',
      {
        schema: {
          tags,
          summary:
            "Batches of the last N days (default 365) newest first without their reports, or one batch (batchProcessId) with its reports. Administrators, provider staff and impersonators see every batch of the account; other users see the batches they submitted (another's is 404).",
          querystring: ZBatchStatusQuery.extend(ZVersionQuery.shape),
          response: { 200: ZBatchList },
        },
      },
      async (request) => batchStatus({ db, now: deps.now }, authOf(request), request.query),
    );

    app.get(
      '/reports/inbatches/:siteId',
      {
        schema: {
          tags,
          summary: "The account's unfinished batches, whoever submitted them, that will create a report for the site (404 for a site the caller may not see)",
          params: ZInBatchesParams,
          querystring: ZVersionQuery,
          response: { 200: ZInBatchesResponse },
        },
      },
      async (request) => batchesOfSite(db, authOf(request), request.params.siteId),
    );

    app.get(
      '/account/backdatechart',
      {
        schema: {
          tags,
          summary: 'The earlier releases the caller may backdate a single report to, per country, and the fee (none for provider staff)',
          querystring: ZVersionQuery,
          response: { 200: ZBackdateChart },
        },
      },
      async (request) => backdateChartFor(authOf(request)),
    );
  };
}
