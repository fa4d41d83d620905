/** Import processing as the rest of the API sees it: the route, the job, and the per-row check (re-checking an edited queue row). */
export { importProcessRoutes } from './process.routes';
export { importProcessJob } from './process.job';
export { checkQueueRows, type QueueRowToCheck } from './row-check';
export { recheckQueueRows } from './recheck';
export { SiteIndex } from './site-index';
export { fieldsOfCells } from './import-row';
