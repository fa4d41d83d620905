import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { healthRoutes } from './health/health.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { filesRoutes } from './files/files.routes';
import { activityRoutes } from './activity/activity.routes';
import { authRoutes } from './auth/auth.routes';
import { usersRoutes } from './users/users.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { releasesRoutes } from './releases/releases.routes';
import { geoRoutes } from './geo/geo.routes';
import { licensesRoutes } from './licenses/licenses.routes';
import { reportsRoutes } from './reports/reports.routes';
import { scoresRoutes } from './scores/scores.routes';
import { SiteListCache } from './sites/site-list-cache';
import { refreshSiteListsAfterWrites } from './sites/site-list-prefetch';
import { sitesRoutes } from './sites/sites.routes';

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
