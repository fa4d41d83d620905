import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { healthRoutes } from './health/health.routes';

/** Registers every feature module's routes under /api. One line per module. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes(deps), { prefix: '/api' });
}
