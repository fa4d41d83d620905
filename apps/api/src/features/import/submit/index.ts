/** The import submit as the app sees it: its route and its job. */
export { importSubmitRoutes } from './submit.routes';
export { importSubmitJob } from './submit.job';
