/** The bulk import as the app sees it: each part's routes and jobs (one line per part). */
export { createImportRecheckJob, importQueueRoutes, settleRowsAsReady } from './queue/index';
export { importSubmitRoutes, importSubmitJob } from './submit/index';
