/** The incidents feature as the rest of the API sees it. */
export { incidentsRoutes } from './incidents.routes';
