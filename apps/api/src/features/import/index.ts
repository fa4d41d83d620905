/** The bulk import as the app sees it: each part's routes and jobs (one line per part). */
export { importQueueRoutes, importRecheckJob } from './queue/index';
export { importSubmitRoutes, importSubmitJob } from './submit/index';
