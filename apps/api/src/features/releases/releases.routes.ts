import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCountryList, ZReleaseYearsResponse } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { listCountries, releaseYearsFor } from './releases.service';

/** GET account/releases/years and GET countries (the Country entities). */
export function releasesRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/releases/years',
      {
        schema: {
          tags: ['releases'],
          summary: "Release years per country (first, last, current, the 11-year list) and the account's chosen years",
          response: { 200: ZReleaseYearsResponse },
        },
      },
      async (request) => releaseYearsFor(authOf(request)),
    );

    app.get(
      '/countries',
      {
        schema: {
          tags: ['releases'],
          summary: 'Covered countries: map framing, releases, score ranges and legend bands',
          response: { 200: ZCountryList },
        },
      },
      async () => listCountries(),
    );
  };
}
