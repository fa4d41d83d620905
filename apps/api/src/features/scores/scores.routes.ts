import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZScoresRequest, ZScoresResponse, ZVersionQuery } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { scoreLocations } from './scores.service';

/** POST scores: scores without a report. */
export function scoresRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/scores',
      {
        config: { write: true },
        schema: {
          tags: ['scores'],
          summary: 'Scores of up to 1,000 locations without a report; consumes one Scores licence (product 5) per scorable location',
          querystring: ZVersionQuery,
          body: ZScoresRequest,
          response: { 200: ZScoresResponse },
        },
        // 1,000 locations × 90 scores per methodology: zod re-serialisation would cost more than
        // the scoring. The service builds the contract's shape; scores.test.ts
        // checks it against ZScoresResponse.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) =>
        scoreLocations({ db: deps.database.db, gazetteer: deps.gazetteer, scoring: deps.scoring, now: deps.now }, authOf(request), request.body),
    );
  };
}
