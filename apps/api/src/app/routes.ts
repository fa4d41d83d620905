import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/app-deps';
import { healthRoutes } from '../features/health/index';
import { tasksRoutes } from '../features/tasks/index';
import { filesRoutes } from '../features/files/index';
import { activityRoutes } from '../features/activity/index';
import { authRoutes } from '../features/auth/index';
import { usersRoutes } from '../features/users/index';
import { accountsRoutes } from '../features/accounts/index';
import { accountLogoRoutes } from '../features/account-logo/index';
import { importFileRoutes } from '../features/import/index';
import { releasesRoutes } from '../features/releases/index';
import { geoRoutes } from '../features/geo/index';
import { licensesRoutes } from '../features/licenses/index';
import { reportsRoutes } from '../features/reports/index';
import { scoresRoutes } from '../features/scores/index';
import { KeptSiteLists } from '../features/sites/index';
import { refreshSiteListsAfterWrites } from '../features/sites/index';
import { sitesRoutes } from '../features/sites/index';
import { reportContextRoutes } from '../features/report-context/index';
import { incidentsRoutes } from '../features/incidents/index';
import { mapRoutes } from '../features/map/index';
import { documentsRoutes } from '../features/documents/index';
import { excelRoutes } from '../features/documents/index';
import { archiveRoutes } from '../features/documents/index';
import { importQueueRoutes } from '../features/import/index';
import { importSubmitRoutes } from '../features/import/index';
import { importProcessRoutes } from '../features/import/index';

/** Registers every feature module's routes under /api. One line per module. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // The packed site lists GET m/sites keeps; any module's write refreshes them.
  const siteLists = new KeptSiteLists();
  refreshSiteListsAfterWrites(app, siteLists);
  await app.register(healthRoutes(deps), { prefix: '/api' });
  await app.register(tasksRoutes(deps), { prefix: '/api' });
  await app.register(filesRoutes(deps), { prefix: '/api' });
  await app.register(activityRoutes(deps), { prefix: '/api' });
  await app.register(authRoutes(deps), { prefix: '/api' });
  await app.register(usersRoutes(deps), { prefix: '/api' });
  await app.register(accountsRoutes(deps), { prefix: '/api' });
  await app.register(accountLogoRoutes(deps), { prefix: '/api' });
  await app.register(releasesRoutes(deps), { prefix: '/api' });
  await app.register(geoRoutes(deps), { prefix: '/api' });
  await app.register(licensesRoutes(deps), { prefix: '/api' });
  await app.register(reportsRoutes(deps), { prefix: '/api' });
  await app.register(scoresRoutes(deps), { prefix: '/api' });
  await app.register(sitesRoutes(deps, siteLists), { prefix: '/api' });
  await app.register(importFileRoutes(deps), { prefix: '/api' });
  await app.register(reportContextRoutes(deps), { prefix: '/api' });
  await app.register(incidentsRoutes(deps), { prefix: '/api' });
  await app.register(mapRoutes(deps), { prefix: '/api' });
  await app.register(documentsRoutes(deps), { prefix: '/api' });
  await app.register(excelRoutes(deps), { prefix: '/api' });
  await app.register(archiveRoutes(deps), { prefix: '/api' });
  await app.register(importQueueRoutes(deps), { prefix: '/api' });
  await app.register(importSubmitRoutes(deps), { prefix: '/api' });
  await app.register(importProcessRoutes(deps), { prefix: '/api' });
}
