/** The import feature as the rest of the API sees it. Processing: the uploaded file into the import queue, and the per-row check. */
export { importProcessJob, importProcessRoutes, checkQueueRows, SiteIndex, fieldsOfCells, type QueueRowToCheck } from './process/index';
