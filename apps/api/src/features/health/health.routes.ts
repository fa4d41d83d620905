import { pingDatabase } from '../../db/sql-helpers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']).describe('ok when the database answers'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/** GET /api/health: liveness and database reachability, for load balancers. */
export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { config: { public: true }, schema: { tags: ['operations'], response: { 200: ZHealth, 503: ZHealth } } }, async (_request, reply) => {
      let ok = true;
      try {
        await pingDatabase(deps.database.db);
      } catch {
        ok = false;
      }
      const body = { status: ok ? ('ok' as const) : ('degraded' as const), database: deps.database.kind, uptimeSeconds: Math.round(process.uptime()) };
      return reply.status(ok ? 200 : 503).send(body);
    });
  };
}
