/** The bulk import as the app and other features see it: each part's routes, jobs and services (one line per part). */
export { importFileRoutes } from './file/import-file.routes';
export { currentImportFile, saveImportMapping } from './file/import-file.service';
export { importProcessJob, importProcessRoutes, checkQueueRows, recheckQueueRows, SiteIndex, fieldsOfCells, type QueueRowToCheck } from './process/index';
export { createImportRecheckJob, importQueueRoutes } from './queue/index';
export { importSubmitRoutes, importSubmitJob } from './submit/index';
