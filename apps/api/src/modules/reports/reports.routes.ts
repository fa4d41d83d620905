import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZValidateMethodologiesRequest, ZValidateMethodologiesResponse } from '@riskatlas/domain';
import type { AppDeps } from '../../deps';
import { authOf } from '../../plugins/auth';
import { validateMethodologiesFor } from './reports.service';

/** Report routes (spec 1 §7 "Reports"). */
export function reportsRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reports/validatemethodologies',
      {
        schema: {
          tags: ['reports'],
          summary: 'Check the methodologies of a report type for the caller (empty list: the account defaults)',
          body: ZValidateMethodologiesRequest,
          response: { 200: ZValidateMethodologiesResponse },
        },
      },
      async (request) => validateMethodologiesFor(authOf(request), request.body),
    );
  };
}
