/** The report archive as the app sees it: its route and its job. */
export { archiveRoutes } from './archive.routes';
export { reportArchiveJob } from './archive.job';
