import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLicenseHistory, ZLicenseHistoryQuery, ZLicenseList, ZLicenseRateSummary, ZVersionQuery } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { licenseHistory, licenseRateSummary, licenseSummary } from './licenses.service';

/**
 * account/licenses: the session account's licence counts. Reads only, so read-only
 * users may call them; the ledger history is for administrators.
 */
export function licensesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/licenses',
      {
        schema: {
          tags: ['licenses'],
          summary: 'Licence counts per product id: the Remaining, Granted and Used entries',
          querystring: ZVersionQuery,
          response: { 200: ZLicenseList },
        },
      },
      async (request) => licenseSummary(deps.database.db, authOf(request).account.id),
    );

    app.get(
      '/account/licenses/ratesummary',
      {
        schema: {
          tags: ['licenses'],
          summary: 'Per product: name, remaining, used and what the caller may do with it (allowProduct 0/1/3)',
          querystring: ZVersionQuery,
          response: { 200: ZLicenseRateSummary },
        },
      },
      async (request) => licenseRateSummary(deps.database.db, authOf(request)),
    );

    app.get(
      '/account/licenses/history',
      {
        config: { admin: true },
        schema: {
          tags: ['licenses'],
          summary: "Administrators: the account's licence ledger rows, newest first",
          querystring: ZLicenseHistoryQuery,
          response: { 200: ZLicenseHistory },
        },
      },
      async (request) => {
        const { productId, limit } = request.query;
        return licenseHistory(deps.database.db, authOf(request).account.id, productId === undefined ? { limit } : { productId, limit });
      },
    );
  };
}
