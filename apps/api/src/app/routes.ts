import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/app-deps';
import { healthRoutes } from '../features/health/health.routes';
import { tasksRoutes } from '../features/tasks/tasks.routes';
import { filesRoutes } from '../features/files/files.routes';
import { activityRoutes } from '../features/activity/activity.routes';
import { authRoutes } from '../features/auth/auth.routes';
import { usersRoutes } from '../features/users/users.routes';
import { accountsRoutes } from '../features/accounts/accounts.routes';
import { releasesRoutes } from '../features/releases/releases.routes';
import { geoRoutes } from '../features/geo/geo.routes';
import { licensesRoutes } from '../features/licenses/licenses.routes';
import { reportsRoutes } from '../features/reports/reports.routes';
import { scoresRoutes } from '../features/scores/scores.routes';
import { SiteListCache } from '../features/sites/kept-site-lists';
import { refreshSiteListsAfterWrites } from '../features/sites/kept-site-lists-refresh';
import { sitesRoutes } from '../features/sites/sites.routes';

/** Registers every feature module's routes under /api. One line per module. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // The packed site lists GET m/sites keeps; any module's write refreshes them.
  const siteLists = new SiteListCache();
  refreshSiteListsAfterWrites(app, siteLists);
  await app.register(healthRoutes(deps), { prefix: '/api' });
  await app.register(tasksRoutes(deps), { prefix: '/api' });
  await app.register(filesRoutes(deps), { prefix: '/api' });
  await app.register(activityRoutes(deps), { prefix: '/api' });
  await app.register(authRoutes(deps), { prefix: '/api' });
  await app.register(usersRoutes(deps), { prefix: '/api' });
  await app.register(accountsRoutes(deps), { prefix: '/api' });
  await app.register(releasesRoutes(deps), { prefix: '/api' });
  await app.register(geoRoutes(deps), { prefix: '/api' });
  await app.register(licensesRoutes(deps), { prefix: '/api' });
  await app.register(reportsRoutes(deps), { prefix: '/api' });
  await app.register(scoresRoutes(deps), { prefix: '/api' });
  await app.register(sitesRoutes(deps, siteLists), { prefix: '/api' });
}
