import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAccountList, ZAccountListQuery } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { AppError } from '../../lib/app-error';
import { authOf } from '../../access/request-auth';
import { isStaff } from '../../access/caller';
import { listCustomerAccounts } from './accounts.repository';

/** GET /api/accounts: customer accounts for provider staff to choose one to impersonate. */
export function accountsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accounts',
      { schema: { tags: ['accounts'], summary: 'Provider staff: customer accounts by company name', querystring: ZAccountListQuery, response: { 200: ZAccountList } } },
      async (request) => {
        if (!isStaff(authOf(request))) throw AppError.forbidden();
        const rows = await listCustomerAccounts(deps.database.db, request.query.q);
        return rows.map((row) => ({ accountID: row.id, company: row.company }));
      },
    );
  };
}
