import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZImportSubmitQuery, ZImportSubmitRequest, ZImportTaskStarted, ZVersionQuery } from '@riskatlas/domain';
import { authOf } from '../../../access/request-auth';
import type { AppDeps } from '../../../platform/app-deps';
import { startImportSubmit, type SubmitDeps } from './submit.service';

/** POST sites/import/submit: the caller's ready queue rows into the account, as a job. */
export function importSubmitRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const services: SubmitDeps = { database: deps.database, jobs: deps.jobs, now: deps.now };
    app.post(
      '/sites/import/submit',
      {
        config: { write: true },
        schema: {
          tags: ['import'],
          summary: 'Import the ready rows (and rows with warnings when includeWarnings) as sites, creating or updating per updateFlags; batchMode also makes their reports (body: the report choice). Answers the task.',
          querystring: ZImportSubmitQuery.extend(ZVersionQuery.shape),
          body: ZImportSubmitRequest.optional(),
          response: { 200: ZImportTaskStarted },
        },
      },
      async (request) =>
        startImportSubmit(services, authOf(request), { includeWarnings: request.query.includeWarnings ?? false, batchMode: request.query.batchMode ?? false }, request.body),
    );
  };
}
