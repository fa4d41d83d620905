/** The import queue as the rest of the API sees it: its routes, its re-check job and what the submit uses. */
export { importQueueRoutes } from './queue.routes';
export { createImportRecheckJob } from './queue-recheck.job';
export { queueOwnerOf } from './queue.service';
export { hasError, hasWarning, type QueueOwner } from './queue.repository';
