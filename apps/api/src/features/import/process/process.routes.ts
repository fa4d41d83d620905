import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZImportProcessQuery, ZImportProcessRequest, ZImportTaskStarted } from '@riskatlas/domain';
import { authOf } from '../../../access/request-auth';
import type { AppDeps } from '../../../platform/app-deps';
import { startImportProcessing } from './process.service';

/** POST sites/import/file/process: the uploaded file into the import queue, as a job. */
export function importProcessRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/sites/import/file/process',
      {
        config: { write: true },
        schema: {
          tags: ['import'],
          summary: 'Process the uploaded file with a column mapping into the import queue (a job); answers the task to poll',
          querystring: ZImportProcessQuery,
          body: ZImportProcessRequest,
          response: { 200: ZImportTaskStarted },
        },
      },
      async (request) => startImportProcessing(deps, authOf(request), request.query, request.body),
    );
  };
}
