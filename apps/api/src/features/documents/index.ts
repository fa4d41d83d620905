/** The documents feature (report PDF, server-drawn report maps, e-mailed report) as the app sees it. */
export { documentsRoutes } from './documents.routes';
