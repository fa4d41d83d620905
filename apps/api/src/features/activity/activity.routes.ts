import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZActivityExportResult } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { requestActivityExport } from './activity.service';

/** account/activity: the account's activity (audit) log, for administrators. */
export function activityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/account/activity/export',
      {
        config: { admin: true, readOnlyAllowed: 'reads the activity log into a file for the caller' },
        schema: {
          tags: ['account'],
          summary: 'Exports the activity log as CSV into File Downloads; answers the task to poll',
          response: { 200: ZActivityExportResult },
        },
      },
      async (request) => {
        const taskStatusId = await requestActivityExport(deps.jobs, authOf(request), { ip: request.ip ?? null, now: deps.now() });
        return { taskStatusId };
      },
    );
  };
}
